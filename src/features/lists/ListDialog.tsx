import { type ReactNode, useEffect, useId, useRef } from 'react';
import { trapFocus } from '../../lib/focus-trap.ts';

interface Props {
  title: string;
  closeLabel: string;
  onClose: () => void;
  children: ReactNode;
  /** The element to focus first (a form's first field); else the close button. */
  initialFocus?: React.RefObject<HTMLElement | null>;
}

/**
 * A modal dialog for the lists (the chooser, the delete confirmation): focus moves in and is
 * kept there, Escape and the backdrop close it, and focus returns to what opened it.
 */
export default function ListDialog({ title, closeLabel, onClose, children, initialFocus }: Props) {
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const close = useRef(onClose);
  close.current = onClose;

  // biome-ignore lint/correctness/useExhaustiveDependencies: set up once per opening; initialFocus is a ref.
  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    (initialFocus?.current ?? closeButton.current)?.focus();
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close.current();
    };
    document.addEventListener('keydown', onKey);
    const release = panel.current ? trapFocus(panel.current) : () => {};
    return () => {
      release();
      document.removeEventListener('keydown', onKey);
      document.body.style.overflow = overflow;
      opener?.focus();
    };
  }, []);

  return (
    <div className="list-dialog">
      <button type="button" className="list-dialog__backdrop" aria-label={closeLabel} tabIndex={-1} onClick={onClose} />
      <div className="list-dialog__panel card" ref={panel} role="dialog" aria-modal="true" aria-labelledby={titleId}>
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
      </div>
    </div>
  );
}
