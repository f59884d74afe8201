import { useState } from 'react';
import { ApiError, api } from '../../../lib/http/client.ts';
import { fill } from '../../../lib/i18n/locale.ts';
import { Alert } from '../../accounts/ui.tsx';
import { EXEMPTION_REASON_MAX, TaxExemptionSchema } from './exemption.ts';

/**
 * The desk marks a trade customer's request tax-exempt with a reason (a resale or exemption
 * certificate number), or removes it (decision 051). The next version sent follows it.
 */

export interface TaxExemptionStrings {
  heading: string;
  intro: string;
  reason: string;
  save: string;
  remove: string;
  current: string;
  notExempt: string;
  saved: string;
  required: string;
  error: string;
  working: string;
}

export default function TaxExemptionForm({
  quoteId,
  reason,
  strings,
}: {
  quoteId: number;
  reason: string | null;
  strings: TaxExemptionStrings;
}) {
  const [value, setValue] = useState(reason ?? '');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);

  async function save(exempt: boolean) {
    setError(null);
    const body = exempt ? { exempt: true as const, reason: value } : { exempt: false as const };
    const parsed = TaxExemptionSchema({ required: strings.required }).safeParse(body);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? strings.required);
    setBusy(true);
    try {
      await api(`/api/admin/quote-requests/${quoteId}/tax-exemption`, { method: 'POST', body });
      setSaved(true);
      window.setTimeout(() => window.location.reload(), 800);
    } catch (cause) {
      if (!(cause instanceof ApiError)) console.error('Saving the tax exemption failed', cause);
      setError(cause instanceof ApiError ? cause.message : strings.error);
      setBusy(false);
    }
  }

  return (
    <form
      className="form"
      aria-labelledby="qd-exemption-heading"
      data-tax-exemption={reason === null ? 'none' : 'exempt'}
      onSubmit={(event) => {
        event.preventDefault();
        void save(true);
      }}
    >
      <h3 id="qd-exemption-heading">{strings.heading}</h3>
      <p className="muted">{reason === null ? strings.notExempt : fill(strings.current, { reason })}</p>
      <p className="field-hint muted">{strings.intro}</p>
      {error && (
        <Alert kind="error">
          <p>{error}</p>
        </Alert>
      )}
      {saved && (
        <Alert kind="success">
          <p>{strings.saved}</p>
        </Alert>
      )}
      <div className="field" data-invalid={error ? '' : undefined}>
        <label htmlFor="qd-exemption-reason">{strings.reason}</label>
        <input
          id="qd-exemption-reason"
          maxLength={EXEMPTION_REASON_MAX}
          autoComplete="off"
          value={value}
          aria-invalid={error ? true : undefined}
          onChange={(event) => setValue(event.target.value)}
        />
      </div>
      <div className="qd-buttons">
        <button type="submit" className="btn btn--sm" disabled={busy} data-exempt-save>
          {busy ? strings.working : strings.save}
        </button>
        {reason !== null && (
          <button
            type="button"
            className="btn btn--sm btn--outline"
            disabled={busy}
            onClick={() => void save(false)}
            data-exempt-remove
          >
            {strings.remove}
          </button>
        )}
      </div>
    </form>
  );
}
