import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { QuoteStatus } from '../../../lib/db/schema.ts';
import { formatMoney } from '../../../lib/format.ts';
import { ApiError, api } from '../../../lib/http/client.ts';
import { fill } from '../../../lib/i18n/locale.ts';
import type enQuoteDesk from '../../../lib/i18n/locales/en/quoteDesk.json';
import { Alert, SubmitButton, useHydrated } from '../../accounts/ui.tsx';
import { moneyToCents, type SendQuoteInput, type SendQuoteOutput, SendQuoteSchema } from '../pricing/pricing.ts';

type Strings = Pick<typeof enQuoteDesk, 'actions' | 'pricing' | 'status'>;

interface Props {
  quoteId: number;
  status: QuoteStatus;
  customerEmail: string;
  choices: QuoteStatus[];
  canSend: boolean;
  lines: { line: number; sku: string; quantity: number; unitPrice: string }[];
  locale: 'en' | 'fr';
  strings: Strings;
}

/** What an error code of the quote-desk endpoints means to the staff member. */
function messageFor(code: string, strings: Strings): string {
  switch (code) {
    case 'status_changed':
      return strings.actions.statusChanged;
    case 'transition_not_allowed':
      return strings.actions.notAllowed;
    case 'lines_mismatch':
      return strings.pricing.mismatch;
    default:
      return strings.actions.error;
  }
}

export default function QuoteActions(props: Props) {
  const { strings } = props;
  if (props.choices.length === 0 && !props.canSend) {
    return <p>{fill(strings.actions.closed, { status: strings.status[props.status] })}</p>;
  }
  return (
    <div className="qd-actions">
      {props.canSend && <PricingForm {...props} />}
      {props.choices.length > 0 && <StatusButtons {...props} />}
    </div>
  );
}

function StatusButtons({ quoteId, choices, status, strings }: Props) {
  const hydrated = useHydrated();
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
            disabled={busy || !hydrated}
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

function PricingForm({ quoteId, lines, customerEmail, locale, strings }: Props) {
  const schema = useMemo(
    () => SendQuoteSchema({ price: strings.pricing.invalidPrice, note: strings.actions.noteTooLong }),
    [strings],
  );
  const {
    register,
    handleSubmit,
    control,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<SendQuoteInput, unknown, SendQuoteOutput>({
    resolver: zodResolver(schema),
    defaultValues: {
      lines: lines.map((line) => ({ line: line.line, unitPrice: line.unitPrice })),
      fees: '0.00',
      taxes: '0.00',
      note: '',
    },
  });
  const [failure, setFailure] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const watched = useWatch({ control });
  const total = useMemo(() => {
    const valid = (value: string | undefined) =>
      value && /^\d{1,7}(?:[.,]\d{1,2})?$/.test(value.trim()) ? moneyToCents(value) : 0;
    const items = lines.reduce((sum, line, index) => sum + line.quantity * valid(watched.lines?.[index]?.unitPrice), 0);
    return items + valid(watched.fees) + valid(watched.taxes);
  }, [watched, lines]);

  const onSubmit = handleSubmit(async () => {
    setFailure(null);
    try {
      // The endpoint parses the same typed-in shape with the same schema.
      await api(`/api/admin/quote-requests/${quoteId}/quote`, { method: 'POST', body: getValues() });
      setSent(true);
      window.setTimeout(() => window.location.reload(), 1200);
    } catch (cause) {
      if (cause instanceof ApiError) return setFailure(messageFor(cause.code, strings));
      console.error('Sending the priced quote failed', cause);
      setFailure(strings.actions.error);
    }
  });

  return (
    <form className="form" method="post" onSubmit={onSubmit} noValidate aria-labelledby="qd-pricing-heading">
      <h3 id="qd-pricing-heading">{strings.pricing.heading}</h3>
      <p className="muted">{strings.pricing.intro}</p>
      {failure && (
        <Alert kind="error">
          <p>{failure}</p>
        </Alert>
      )}
      {sent && (
        <Alert kind="success">
          <p>{fill(strings.pricing.sent, { email: customerEmail })}</p>
        </Alert>
      )}
      <div className="qd-price-lines">
        {lines.map((line, index) => {
          const error = errors.lines?.[index]?.unitPrice?.message;
          const id = `qd-price-${line.line}`;
          return (
            <div className="field" key={line.line} data-invalid={error ? '' : undefined}>
              <label htmlFor={id}>{fill(strings.pricing.unitPrice, { line: line.line, sku: line.sku })}</label>
              <input
                id={id}
                inputMode="decimal"
                autoComplete="off"
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${id}-error` : undefined}
                {...register(`lines.${index}.unitPrice`)}
              />
              {error && (
                <p className="field-error" id={`${id}-error`}>
                  {error}
                </p>
              )}
            </div>
          );
        })}
      </div>
      <div className="form-row">
        {(['fees', 'taxes'] as const).map((name) => {
          const error = errors[name]?.message;
          return (
            <div className="field" key={name} data-invalid={error ? '' : undefined}>
              <label htmlFor={`qd-${name}`}>{strings.pricing[name]}</label>
              <input
                id={`qd-${name}`}
                inputMode="decimal"
                autoComplete="off"
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `qd-${name}-error` : undefined}
                {...register(name)}
              />
              {error && (
                <p className="field-error" id={`qd-${name}-error`}>
                  {error}
                </p>
              )}
            </div>
          );
        })}
      </div>
      <div className="field">
        <label htmlFor="qd-quote-note">{strings.actions.note}</label>
        <textarea id="qd-quote-note" rows={2} maxLength={2000} {...register('note')} />
        {errors.note?.message && <p className="field-error">{errors.note.message}</p>}
      </div>
      <p className="qd-total-line" data-quote-form-total>
        {strings.pricing.total} {formatMoney(total, locale)}
      </p>
      <div className="form-actions">
        <SubmitButton busy={isSubmitting} label={strings.pricing.send} busyLabel={strings.pricing.sending} />
      </div>
    </form>
  );
}
