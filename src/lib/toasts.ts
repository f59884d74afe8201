import { atom } from 'nanostores';

/**
 * The one toast mechanism (STYLE habit 9): any island or script calls `showToast`; the page
 * shell (src/features/shell/shell.client.ts) draws `$toasts`. A plain nanostore, so the
 * header's few lines of script and the React islands read the same atom.
 */
export type ToastKind = 'success' | 'error' | 'info';
export interface Toast {
  id: number;
  message: string;
  kind: ToastKind;
}

export const TOAST_DURATION_MS = 2000;
export const $toasts = atom<Toast[]>([]);
let nextToastId = 1;

/** The one way to show a toast: it disappears after 2000 ms. */
export function showToast(message: string, kind: ToastKind = 'info'): number {
  const id = nextToastId++;
  $toasts.set([...$toasts.get(), { id, message, kind }]);
  setTimeout(() => dismissToast(id), TOAST_DURATION_MS);
  return id;
}

export function dismissToast(id: number): void {
  $toasts.set($toasts.get().filter((toast) => toast.id !== id));
}
