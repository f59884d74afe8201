import { useState } from 'react';
import { ApiError, api } from '../../lib/http/client.ts';
import type enMail from '../../lib/i18n/locales/en/mail.json';
import type { MailProblemStatus } from './mail-outbox.ts';

type Strings = Pick<
  typeof enMail,
  'columns' | 'status' | 'notComposed' | 'retry' | 'retrying' | 'queuedAgain' | 'error'
>;

/** A row as the page shows it: labels and times already in the staff member's language. */
export interface MailProblemRow {
  id: number;
  kind: string;
  kindLabel: string;
  recipient: string | null;
  attempts: string;
  lastError: string | null;
  queued: string;
  status: MailProblemStatus;
  /** "since …" for a dead e-mail, "next try …" for a waiting one. */
  when: string;
}

/** The e-mails that need a look, each with a Retry for the staff member. */
export default function MailProblemsTable({ rows, strings }: { rows: MailProblemRow[]; strings: Strings }) {
  return (
    <div className="mail-table-wrap">
      <table className="mail-table">
        <thead>
          <tr>
            <th scope="col">{strings.columns.kind}</th>
            <th scope="col">{strings.columns.recipient}</th>
            <th scope="col" className="num">
              {strings.columns.attempts}
            </th>
            <th scope="col">{strings.columns.lastError}</th>
            <th scope="col">{strings.columns.queued}</th>
            <th scope="col">{strings.columns.status}</th>
            <th scope="col">{strings.columns.actions}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id} data-mail-id={row.id} data-mail-kind={row.kind} data-mail-status={row.status}>
              <td>{row.kindLabel}</td>
              <td className="mail-recipient">
                {row.recipient ?? <span className="muted">{strings.notComposed}</span>}
              </td>
              <td className="num">{row.attempts}</td>
              <td className="mail-error">{row.lastError ?? '—'}</td>
              <td>{row.queued}</td>
              <td>
                <strong className={`mail-status mail-status--${row.status}`}>{strings.status[row.status]}</strong>
                <br />
                <span className="muted">{row.when}</span>
              </td>
              <td>
                <RetryButton id={row.id} strings={strings} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function RetryButton({ id, strings }: { id: number; strings: Strings }) {
  const [state, setState] = useState<'idle' | 'busy' | 'queued' | { error: string }>('idle');

  async function retry() {
    setState('busy');
    try {
      await api('/api/admin/mail/retry', { method: 'POST', body: { id } });
      setState('queued');
    } catch (cause) {
      if (cause instanceof ApiError) {
        // The server's message is in the staff member's language already.
        setState({ error: cause.message || strings.error });
        return;
      }
      console.error('Retrying the e-mail failed', cause);
      setState({ error: strings.error });
    }
  }

  if (state === 'queued') {
    return (
      <p role="status" className="mail-retried">
        {strings.queuedAgain}
      </p>
    );
  }
  return (
    <>
      <button
        type="button"
        className="btn btn--sm btn--outline"
        disabled={state === 'busy'}
        onClick={() => void retry()}
        data-mail-retry
      >
        {state === 'busy' ? strings.retrying : strings.retry}
      </button>
      {typeof state === 'object' && (
        <p role="alert" className="mail-retry-error">
          {state.error}
        </p>
      )}
    </>
  );
}
