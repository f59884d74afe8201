import { atom } from 'nanostores';

/**
 * Cross-island state. Plain nanostores: the header's few lines of script and the React
 * islands (through @nanostores/react) read the same atoms.
 */

export type ColourMode = 'system' | 'light' | 'dark';
export const COLOUR_MODES: readonly ColourMode[] = ['system', 'light', 'dark'];
export const COLOUR_MODE_KEY = 'nursery:colour-mode';

export function isColourMode(value: unknown): value is ColourMode {
  return typeof value === 'string' && (COLOUR_MODES as readonly string[]).includes(value);
}

export const $colourMode = atom<ColourMode>('system');

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

/** Number of items in the cart, shown in the header; the cart island keeps it current. */
export const CART_COUNT_KEY = 'nursery:cart-count';
export const $cartCount = atom<number>(0);
