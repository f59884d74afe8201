import { type RefObject, useEffect, useRef } from 'react';
import { trapFocus } from '../focus-trap.ts';

export interface DialogOptions {
  /** Escape closes the dialog (the latest callback is used). */
  onClose: () => void;
  /** What takes the focus when the dialog opens (a close button, a form's first field). */
  initialFocus: RefObject<HTMLElement | null>;
}

/**
 * One behaviour for every modal dialog (decision 032): while it is open the focus moves in
 * and stays there (Tab and Shift+Tab wrap), Escape closes it, the page behind does not
 * scroll, and on close the focus returns to what opened it. Returns the ref for the
 * dialog's element (the one with role="dialog").
 */
export function useDialog<T extends HTMLElement = HTMLDivElement>(options: DialogOptions): RefObject<T | null> {
  const dialog = useRef<T>(null);
  // The latest onClose, so that a parent's re-render does not re-run the dialog's setup.
  const close = useRef(options.onClose);
  close.current = options.onClose;
  const initialFocus = options.initialFocus;

  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    initialFocus.current?.focus();
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      close.current();
    };
    document.addEventListener('keydown', onKey);
    const release = dialog.current ? trapFocus(dialog.current) : () => {};
    return () => {
      release();
      document.removeEventListener('keydown', onKey);
      document.body.style.overflow = overflow;
      opener?.focus();
    };
  }, [initialFocus]);

  return dialog;
}
