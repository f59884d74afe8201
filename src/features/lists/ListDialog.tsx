import { type ReactNode, useId, useRef } from 'react';
import { useDialog } from '../../lib/dialog/use-dialog.ts';

interface Props {
  title: string;
  closeLabel: string;
  onClose: () => void;
  children: ReactNode;
  /** The element to focus first (a form's first field); else the close button. */
  initialFocus?: React.RefObject<HTMLElement | null>;
}

/**
 * A modal dialog for the lists (the chooser; confirmations are `ConfirmDialog`s): a native `<dialog>`
 * opened by the shared `useDialog`, so focus moves in and is kept there, Escape and the
 * backdrop close it, and focus returns to what opened it.
 */
export default function ListDialog({ title, closeLabel, onClose, children, initialFocus }: Props) {
  const titleId = useId();
  const closeButton = useRef<HTMLButtonElement>(null);
  const panel = useDialog({ onClose, initialFocus: initialFocus ?? closeButton });

  return (
    <dialog className="list-dialog card" ref={panel} aria-labelledby={titleId}>
      <header className="list-dialog__head">
        <h2 id={titleId}>{title}</h2>
        <button
          type="button"
          ref={closeButton}
          className="list-dialog__close"
          onClick={onClose}
          aria-label={closeLabel}
        >
          <span aria-hidden="true">×</span>
        </button>
      </header>
      {children}
    </dialog>
  );
}
