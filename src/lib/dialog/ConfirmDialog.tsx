import { type ReactNode, useEffect, useId, useRef } from 'react';

export interface ConfirmDialogProps {
  /** The question, which names the dialog: "Delete this picture? This cannot be undone." */
  message: ReactNode;
  /** What follows from the answer, read after the question: "The list … will be deleted." */
  description?: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  /** The confirm button as a destructive action (red). */
  danger?: boolean;
  busy?: boolean;
}

/**
 * A confirmation that is announced and holds the focus: a native modal <dialog> with the
 * alertdialog role (docs/decisions/048-native-first-islands.md). It opens with showModal(), which
 * makes the rest of the page inert; the focus goes to Cancel, the safe answer; Escape cancels;
 * and when it closes the focus goes back to the control that opened it, if that is still there.
 */
export default function ConfirmDialog({
  message,
  description,
  confirmLabel,
  cancelLabel,
  onConfirm,
  onCancel,
  danger = false,
  busy = false,
}: ConfirmDialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const messageId = useId();
  const descriptionId = useId();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    dialog.showModal();
    cancelRef.current?.focus();
    return () => {
      if (dialog.open) dialog.close();
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  return (
    <dialog
      ref={dialogRef}
      className="confirm-dialog"
      role="alertdialog"
      aria-labelledby={messageId}
      aria-describedby={description ? descriptionId : undefined}
      onCancel={(event) => {
        // Escape: the dialog closes when the island says so, focus going back with it.
        event.preventDefault();
        onCancel();
      }}
    >
      <p id={messageId} className="confirm-dialog__message">
        {message}
      </p>
      {description && (
        <p id={descriptionId} className="confirm-dialog__description">
          {description}
        </p>
      )}
      <div className="confirm-dialog__actions">
        <button ref={cancelRef} type="button" className="btn btn--outline" onClick={onCancel}>
          {cancelLabel}
        </button>
        <button type="button" className={danger ? 'btn btn--danger' : 'btn'} onClick={onConfirm} disabled={busy}>
          {confirmLabel}
        </button>
      </div>
    </dialog>
  );
}
