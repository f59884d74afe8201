import { useState } from 'react';
import type { QuoteStatus } from '../../../lib/db/schema.ts';
import { ApiError, api } from '../../../lib/http/client.ts';
import { fill } from '../../../lib/i18n/locale.ts';
import { Alert } from '../../accounts/ui.tsx';
import PricingForm from './PricingForm.tsx';
import { messageFor, type Props } from './quote-actions.ts';

export default function QuoteActions(props: Props) {
  const { strings } = props;
  if (props.choices.length === 0 && !props.canSend) {
    // Approved is still the desk's turn (decision 052): the order is entered from the OPF.
    return (
      <p>
        {props.status === 'approved'
          ? strings.actions.approvedNext
          : fill(strings.actions.closed, { status: strings.status[props.status] })}
      </p>
    );
  }
  return (
    <div className="qd-actions">
      {props.canSend && <PricingForm {...props} />}
      {props.choices.length > 0 && <StatusButtons {...props} />}
    </div>
  );
}

function StatusButtons({ quoteId, choices, status, strings }: Props) {
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const labelOf = (to: QuoteStatus) =>
    to === 'in_review' && status === 'quoted'
      ? strings.actions.reopen
      : to === 'in_review'
        ? strings.actions.startReview
        : strings.actions.cancel;

  async function move(to: QuoteStatus) {
    setBusy(true);
    setError(null);
    try {
      await api(`/api/admin/quote-requests/${quoteId}/status`, { method: 'POST', body: { to, note } });
      window.location.reload();
      return;
    } catch (cause) {
      if (cause instanceof ApiError) {
        setError(messageFor(cause.code, strings));
        setBusy(false);
        return;
      }
      console.error('Status change failed', cause);
      setError(strings.actions.error);
    }
    setBusy(false);
  }

  return (
    <form className="form" onSubmit={(event) => event.preventDefault()}>
      {error && (
        <Alert kind="error">
          <p>{error}</p>
        </Alert>
      )}
      <div className="field">
        <label htmlFor="qd-status-note">{strings.actions.note}</label>
        <textarea
          id="qd-status-note"
          rows={2}
          maxLength={2000}
          value={note}
          onChange={(e) => setNote(e.target.value)}
        />
      </div>
      <div className="qd-buttons">
        {choices.map((to) => (
          <button
            key={to}
            type="button"
            className={`btn btn--sm ${to === 'cancelled' ? 'btn--outline' : ''}`}
            disabled={busy}
            onClick={() => void move(to)}
            data-move-to={to}
          >
            {busy ? strings.actions.working : labelOf(to)}
          </button>
        ))}
      </div>
    </form>
  );
}
