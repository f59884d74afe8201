import { type RefObject, useEffect, useRef } from 'react';

export interface DialogOptions {
  /** Escape, a click on the backdrop or the browser closing the dialog (the latest callback is used). */
  onClose: () => void;
  /** What takes the focus when the dialog opens (a close button, a form's first field). */
  initialFocus: RefObject<HTMLElement | null>;
}

/**
 * One behaviour for every modal dialog (decisions 032 and 045). The island renders a native
 * `<dialog>` while it is open; this opens it with `showModal()`, so the browser keeps the
 * focus inside, makes the rest of the page inert, and closes it on Escape. What the browser
 * leaves to us: the first focus goes to `initialFocus`, a click on the backdrop closes, the
 * island is told when the browser closed the dialog, and the focus goes back to what opened
 * it even when the island removes the dialog without closing it. The page behind does not
 * scroll while a modal is open (global.css, `:root:has(dialog:modal)`).
 */
export function useDialog(options: DialogOptions): RefObject<HTMLDialogElement | null> {
  const dialog = useRef<HTMLDialogElement>(null);
  // The latest onClose, so that a parent's re-render does not re-run the dialog's setup.
  const close = useRef(options.onClose);
  close.current = options.onClose;
  const initialFocus = options.initialFocus;

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    element.showModal();
    initialFocus.current?.focus();
    // Escape closes the dialog natively (its cancel event is not always cancelable); the
    // island then unmounts it.
    const onNativeClose = () => close.current();
    // A click on the backdrop reaches the dialog itself, outside its box.
    const onClick = (event: MouseEvent) => {
      if (event.target !== element) return;
      const box = element.getBoundingClientRect();
      const inside =
        event.clientX >= box.left &&
        event.clientX <= box.right &&
        event.clientY >= box.top &&
        event.clientY <= box.bottom;
      if (!inside) close.current();
    };
    element.addEventListener('close', onNativeClose);
    element.addEventListener('click', onClick);
    return () => {
      element.removeEventListener('close', onNativeClose);
      element.removeEventListener('click', onClick);
      // Still in the page (a re-run of this effect): close it, so the page is no longer inert.
      if (element.open) element.close();
      // The island usually removes the open dialog instead of closing it, and the browser
      // returns the focus only on close().
      opener?.focus();
    };
  }, [initialFocus]);

  return dialog;
}
