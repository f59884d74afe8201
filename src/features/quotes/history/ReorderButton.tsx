import { useState } from 'react';
import { api } from '../../../lib/http/client.ts';
import { fill } from '../../../lib/i18n/locale.ts';
import type enQuotes from '../../../lib/i18n/locales/en/quotes.json';
import { Alert } from '../../accounts/ui.tsx';
import { publishCartCount } from '../../cart/cart.client.ts';
import type { ReorderResult } from './history.ts';

interface Props {
  quoteId: number;
  strings: (typeof enQuotes)['reorder'];
  cartPath: string;
}

/** 'Add these items to my cart': the request's items, at today's prices; those no longer sold are named. */
export default function ReorderButton({ quoteId, strings, cartPath }: Props) {
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<ReorderResult | null>(null);
  const [failed, setFailed] = useState(false);

  async function reorder() {
    setBusy(true);
    setFailed(false);
    setResult(null);
    try {
      const reordered = await api<ReorderResult>(`/api/quote-requests/${quoteId}/cart`, { method: 'POST', body: {} });
      publishCartCount(reordered.count);
      setResult(reordered);
    } catch (error) {
      console.error('Adding the request to the cart failed', error);
      setFailed(true);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="reorder">
      <button type="button" className="btn" onClick={reorder} disabled={busy} aria-busy={busy || undefined}>
        {busy ? strings.busy : strings.button}
      </button>
      <p className="muted small">{strings.note}</p>
      {failed && (
        <Alert kind="error">
          <p>{strings.error}</p>
        </Alert>
      )}
      {result && (
        <Alert kind={result.added > 0 ? 'success' : 'info'}>
          <p>
            {result.added > 0
              ? // In units, as the cart counts its items: a line of 3 is « 3 articles ».
                fill(result.unitsAdded === 1 ? strings.added_one : strings.added_other, { count: result.unitsAdded })
              : strings.noneAdded}
          </p>
          {result.skipped.length > 0 && <p>{fill(strings.skipped, { items: result.skipped.join(', ') })}</p>}
          {result.added > 0 && (
            <p>
              <a href={cartPath}>{strings.viewCart}</a>
            </p>
          )}
        </Alert>
      )}
    </div>
  );
}
