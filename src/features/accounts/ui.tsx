import { type InputHTMLAttributes, type ReactNode, useEffect, useId, useState } from 'react';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';

/**
 * The account forms' building blocks: one labelled field with its hint and error, a
 * password field that can be revealed, an alert, a submit button. Styles: forms.css.
 */

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'name'> {
  label: string;
  registration: UseFormRegisterReturn;
  error?: FieldError | { message?: string };
  hint?: string;
  optionalLabel?: string;
  /** A control drawn inside the input's box, at its end (the password's reveal button). */
  adornment?: ReactNode;
}

export function TextField({ label, registration, error, hint, optionalLabel, adornment, id, ...input }: FieldProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const described = [hint ? hintId : '', error?.message ? errorId : ''].filter(Boolean).join(' ') || undefined;
  const field = (
    <input
      id={inputId}
      aria-invalid={error?.message ? true : undefined}
      aria-describedby={described}
      {...input}
      {...registration}
    />
  );
  return (
    <div className="field" data-invalid={error?.message ? '' : undefined}>
      <label htmlFor={inputId}>
        {label}
        {optionalLabel && <span className="field-optional"> ({optionalLabel})</span>}
      </label>
      {hint && (
        <p className="field-hint" id={hintId}>
          {hint}
        </p>
      )}
      {adornment ? (
        // The adornment is placed on the input itself, whatever hint or error surrounds it.
        <div className="field-control">
          {field}
          {adornment}
        </div>
      ) : (
        field
      )}
      {error?.message && (
        <p className="field-error" id={errorId}>
          {error.message}
        </p>
      )}
    </div>
  );
}

/** The reveal button's accessible names ("Show password") and its shorter visible text. */
export interface RevealLabels {
  showPassword: string;
  hidePassword: string;
  show?: string;
  hide?: string;
}

interface PasswordFieldProps extends Omit<FieldProps, 'type'> {
  revealLabels: RevealLabels;
}

export function PasswordField({ revealLabels, ...props }: PasswordFieldProps) {
  const { showPassword: showLabel, hidePassword: hideLabel, show: showText, hide: hideText } = revealLabels;
  const [visible, setVisible] = useState(false);
  return (
    <div className="password-field">
      <TextField
        {...props}
        type={visible ? 'text' : 'password'}
        adornment={
          <button
            type="button"
            className="reveal"
            aria-label={visible ? hideLabel : showLabel}
            onClick={() => setVisible((value) => !value)}
          >
            <span aria-hidden="true">{visible ? (hideText ?? hideLabel) : (showText ?? showLabel)}</span>
          </button>
        }
      />
    </div>
  );
}

export type AlertKind = 'error' | 'success' | 'info';

export function Alert({ kind, title, children }: { kind: AlertKind; title?: string; children?: ReactNode }) {
  return (
    <div className={`alert alert--${kind}`} role={kind === 'error' ? 'alert' : 'status'}>
      {title && <p className="alert-title">{title}</p>}
      {children}
    </div>
  );
}

/** False in the server's HTML and until React has taken over the page. */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

/**
 * The form's submit button. It stays disabled until the island is hydrated, so a click on
 * the server's HTML can never submit the form natively (with a password in it) — unless
 * `heldUntilHydrated`: in an island hydrated on first use (`client:interaction`), a press on
 * the server's HTML is what wakes the island, and its directive holds the press and replays
 * it once React is there (src/lib/islands/adopt.ts). Disabled, the button would swallow that
 * first press: the shopper would tap a pale button, see nothing, and have to tap again.
 */
export function SubmitButton({
  busy,
  label,
  busyLabel,
  className,
  heldUntilHydrated = false,
}: {
  busy: boolean;
  label: string;
  busyLabel: string;
  className?: string;
  heldUntilHydrated?: boolean;
}) {
  const hydrated = useHydrated();
  return (
    // Busy, it says so and ignores presses (Enter in a field clicks it too) but is not disabled:
    // a disabled button drops the focus it holds, and the answer ("Invalid email or password!")
    // left the keyboard and screen reader at the page's start.
    <button
      type="submit"
      className={`btn ${className ?? ''}`.trim()}
      disabled={!hydrated && !heldUntilHydrated}
      aria-disabled={busy || undefined}
      aria-busy={busy || undefined}
      onClick={(event) => {
        if (busy) event.preventDefault();
      }}
    >
      {busy ? busyLabel : label}
    </button>
  );
}
