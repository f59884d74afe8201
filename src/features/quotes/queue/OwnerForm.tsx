import { useState } from 'react';
import { ApiError, api } from '../../../lib/http/client.ts';
import { Alert } from '../../accounts/ui.tsx';

export interface OwnerFormProps {
  quoteId: number;
  ownerId: string | null;
  viewerId: string;
  staff: { id: string; name: string }[];
  strings: {
    assignToMe: string;
    assignTo: string;
    assignToLabel: string;
    assign: string;
    unassign: string;
    error: string;
  };
}

/** "Assign to me", "Assign to…" a colleague, "Unassign" (decision 052); the page reloads after. */
export default function OwnerForm({ quoteId, ownerId, viewerId, staff, strings }: OwnerFormProps) {
  const [chosen, setChosen] = useState(ownerId ?? viewerId);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function assign(assignee: string | null) {
    setBusy(true);
    setError(null);
    try {
      await api(`/api/admin/quote-requests/${quoteId}/owner`, { method: 'POST', body: { assignee } });
      window.location.reload();
      return;
    } catch (cause) {
      if (!(cause instanceof ApiError)) console.error('Assignment failed', cause);
      setError(cause instanceof ApiError ? cause.message : strings.error);
    }
    setBusy(false);
  }

  const disabled = busy;
  return (
    <form className="form qd-owner" onSubmit={(event) => event.preventDefault()}>
      {error && (
        <Alert kind="error">
          <p>{error}</p>
        </Alert>
      )}
      <div className="qd-buttons">
        {ownerId !== viewerId && (
          <button
            type="button"
            className="btn btn--sm"
            disabled={disabled}
            onClick={() => void assign('me')}
            data-assign-me
          >
            {strings.assignToMe}
          </button>
        )}
        {ownerId !== null && (
          <button
            type="button"
            className="btn btn--sm btn--outline"
            disabled={disabled}
            onClick={() => void assign(null)}
            data-unassign
          >
            {strings.unassign}
          </button>
        )}
      </div>
      <fieldset className="field">
        <legend>{strings.assignTo}</legend>
        <label htmlFor={`qd-owner-${quoteId}`}>{strings.assignToLabel}</label>
        <select id={`qd-owner-${quoteId}`} value={chosen} onChange={(event) => setChosen(event.target.value)}>
          {staff.map((member) => (
            <option key={member.id} value={member.id}>
              {member.name}
            </option>
          ))}
        </select>
        <button
          type="button"
          className="btn btn--sm btn--outline"
          disabled={disabled}
          onClick={() => void assign(chosen)}
        >
          {strings.assign}
        </button>
      </fieldset>
    </form>
  );
}
