import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useMemo, useState } from 'react';
import { type Control, useFieldArray, useWatch } from 'react-hook-form';
import { formatMoney } from '../../../lib/format.ts';
import { type IslandForm, useIslandForm } from '../../../lib/forms/use-island-form.ts';
import { ApiError, api } from '../../../lib/http/client.ts';
import { fill } from '../../../lib/i18n/locale.ts';
import { Alert, SubmitButton } from '../../accounts/ui.tsx';
import {
  centsToMoneyInput,
  isMoney,
  moneyToCents,
  readQuantity,
  type SendQuoteInput,
  type SendQuoteOutput,
  SendQuoteSchema,
} from '../pricing/pricing.ts';
import TaxPreview, { previewTaxes } from '../taxes/TaxPreview.tsx';
import { sumTaxes } from '../taxes/taxes.ts';
import { pricingDraftKey, readPricingDraft, writePricingDraft } from './pricing-draft.ts';
import { messageFor, type PricingLine, type Props, type Strings } from './quote-actions.ts';

/**
 * The desk's next version of a quote (decision 049): per line its quantity (0 leaves it out),
 * the SKU offered (another one is a substitution), the unit price and any alternatives with
 * their price and reason; the fees, the "valid until" day and a note. The taxes are computed
 * (decision 051), shown read-only with the province.
 */

export default function PricingForm({
  quoteId,
  lines,
  customerEmail,
  locale,
  strings,
  validUntil,
  today,
  tax,
  draftBasis,
}: Props) {
  const v = strings.versions;
  const schema = useMemo(
    () =>
      SendQuoteSchema(
        {
          price: strings.pricing.invalidPrice,
          note: strings.actions.noteTooLong,
          quantity: v.invalidQuantity,
          sku: v.invalidSku,
          validUntil: v.invalidDate,
          reason: v.reasonTooLong,
        },
        { today },
      ),
    [strings, v, today],
  );
  const defaultValues = useMemo(
    (): SendQuoteInput => ({
      lines: lines.map((line) => ({
        line: line.line,
        unitPrice: line.unitPrice,
        quantity: String(line.offeredQuantity),
        sku: line.offeredSku,
        alternatives: line.alternatives,
      })),
      fees: centsToMoneyInput(0, locale),
      note: '',
      validUntil,
    }),
    [lines, locale, validUntil],
  );
  const {
    field,
    handleSubmit,
    control,
    getValues,
    reset,
    formState: { errors, isSubmitting },
  } = useIslandForm<SendQuoteInput, unknown, SendQuoteOutput>({
    resolver: zodResolver(schema),
    defaultValues,
  });
  const [failure, setFailure] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const watched = useWatch({ control });
  const draft = usePricingDraft(quoteId, draftBasis, lines, defaultValues, getValues, reset, watched);
  const taxable = useMemo(() => {
    const cents = (value: string | undefined) => (isMoney(value) ? moneyToCents(value) : 0);
    const items = (watched.lines ?? []).reduce((sum, line) => {
      // Only what the schema would take counts: a quantity being typed ("-", "-3", "2.5") adds nothing.
      return sum + (readQuantity(line?.quantity ?? 0) ?? 0) * cents(line?.unitPrice);
    }, 0);
    // Plants and delivery are taxable: the taxes are on the items and the fees.
    return items + cents(watched.fees);
  }, [watched]);
  const total = taxable + sumTaxes(previewTaxes(taxable, tax));

  const onSubmit = handleSubmit(
    async () => {
      setFailure(null);
      try {
        // The endpoint parses the same typed-in shape with the same schema.
        await api(`/api/admin/quote-requests/${quoteId}/quote`, { method: 'POST', body: getValues() });
        draft.clear();
        setSent(true);
        window.setTimeout(() => window.location.reload(), 1200);
      } catch (cause) {
        if (cause instanceof ApiError) {
          return setFailure(
            cause.code === 'unknown_sku' || cause.code === 'invalid_version' || cause.code === 'stock_short'
              ? cause.message
              : messageFor(cause.code, strings),
          );
        }
        console.error('Sending the priced quote failed', cause);
        setFailure(strings.actions.error);
      }
    },
    // The fields now say what is wrong: the last send's problem is no longer the news.
    () => setFailure(null),
  );

  const dateError = errors.validUntil?.message;
  return (
    <form className="form" method="post" onSubmit={onSubmit} noValidate aria-labelledby="qd-pricing-heading">
      <h3 id="qd-pricing-heading">{strings.pricing.heading}</h3>
      <p className="muted">{strings.pricing.intro}</p>
      {failure && (
        <Alert kind="error">
          <p>{failure}</p>
        </Alert>
      )}
      {draft.restored && !sent && (
        <Alert kind="info">
          <p data-pricing-draft>{strings.pricing.draftRestored}</p>
          <button type="button" className="btn btn--sm btn--outline" onClick={draft.discard}>
            {strings.pricing.draftDiscard}
          </button>
        </Alert>
      )}
      {sent && (
        <Alert kind="success">
          <p>{fill(strings.pricing.sent, { email: customerEmail })}</p>
        </Alert>
      )}
      <div className="qd-price-lines">
        {lines.map((line, index) => (
          <LineFields
            key={line.line}
            line={line}
            index={index}
            control={control}
            register={field}
            errors={errors}
            strings={strings}
          />
        ))}
      </div>
      <div className="form-row">
        {(['fees'] as const).map((name) => {
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
                {...field(name)}
              />
              {error && (
                <p className="field-error" id={`qd-${name}-error`}>
                  {error}
                </p>
              )}
            </div>
          );
        })}
        <div className="field" data-invalid={dateError ? '' : undefined}>
          <label htmlFor="qd-valid-until">{v.validUntil}</label>
          <input
            id="qd-valid-until"
            type="date"
            min={today}
            aria-invalid={dateError ? true : undefined}
            aria-describedby="qd-valid-until-hint"
            {...field('validUntil')}
          />
          <p className={dateError ? 'field-error' : 'field-hint muted'} id="qd-valid-until-hint">
            {dateError ?? v.validUntilHint}
          </p>
        </div>
      </div>
      <TaxPreview taxableCents={taxable} tax={tax} locale={locale} />
      <div className="field">
        <label htmlFor="qd-quote-note">{strings.pricing.note}</label>
        <textarea
          id="qd-quote-note"
          rows={2}
          maxLength={2000}
          aria-describedby="qd-quote-note-hint"
          {...field('note')}
        />
        <p className={errors.note?.message ? 'field-error' : 'field-hint muted'} id="qd-quote-note-hint">
          {errors.note?.message ?? strings.pricing.noteHint}
        </p>
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

/**
 * Keeps what was typed in the tab's sessionStorage (./pricing-draft.ts) and brings it back
 * after the page reloads; `clear` once sent, `discard` to start again from the latest prices.
 */
function usePricingDraft(
  quoteId: number,
  basis: string,
  lines: PricingLine[],
  defaults: SendQuoteInput,
  getValues: () => SendQuoteInput,
  reset: (values: SendQuoteInput) => void,
  watched: unknown,
) {
  const key = pricingDraftKey(quoteId);
  const [loaded, setLoaded] = useState(false);
  const [restored, setRestored] = useState(false);
  const storage = () => {
    try {
      return window.sessionStorage;
    } catch {
      // Storage refused (private mode, a policy): the form works, it just keeps no draft.
      return null;
    }
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: read once, when the form first shows.
  useEffect(() => {
    const saved = readPricingDraft(
      storage()?.getItem(key) ?? null,
      basis,
      lines.map((line) => line.line),
    );
    if (saved) {
      reset(saved);
      setRestored(true);
    }
    setLoaded(true);
  }, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `watched` is the trigger; the values are read whole.
  useEffect(() => {
    if (!loaded) return;
    const values = getValues();
    if (JSON.stringify(values) === JSON.stringify(defaults)) storage()?.removeItem(key);
    else storage()?.setItem(key, writePricingDraft(basis, values));
  }, [watched, loaded]);
  return {
    restored,
    clear: () => storage()?.removeItem(key),
    discard: () => {
      storage()?.removeItem(key);
      reset(defaults);
      setRestored(false);
    },
  };
}

type Errors = ReturnType<typeof useIslandForm<SendQuoteInput, unknown, SendQuoteOutput>>['formState']['errors'];

function LineFields(props: {
  line: PricingLine;
  index: number;
  control: Control<SendQuoteInput, unknown, SendQuoteOutput>;
  /** The form's `field`: registers, and shows the default in the server's HTML. */
  register: IslandForm<SendQuoteInput, unknown, SendQuoteOutput>['field'];
  errors: Errors;
  strings: Strings;
}) {
  const { line, index, control, register, errors, strings } = props;
  const v = strings.versions;
  const { fields, append, remove } = useFieldArray({ control, name: `lines.${index}.alternatives` });
  const lineErrors = errors.lines?.[index];
  const field = (id: string, label: string, error: string | undefined, input: React.ReactNode, hint?: string) => (
    <div className="field" data-invalid={error ? '' : undefined}>
      <label htmlFor={id}>{label}</label>
      {input}
      {error ? (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      ) : (
        hint && (
          <p className="field-hint muted" id={`${id}-hint`}>
            {hint}
          </p>
        )
      )}
    </div>
  );
  const described = (id: string, error: string | undefined, hint?: boolean) =>
    error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  const priceId = `qd-price-${line.line}`;
  const quantityId = `qd-quantity-${line.line}`;
  const skuId = `qd-sku-${line.line}`;
  const priceError = lineErrors?.unitPrice?.message;
  const quantityError = lineErrors?.quantity?.message;
  const skuError = lineErrors?.sku?.message;
  return (
    <fieldset className="qd-line-fields" data-price-line={line.line}>
      <legend>
        {line.line} · {line.sku}
      </legend>
      <div className="form-row">
        {field(
          priceId,
          fill(strings.pricing.unitPrice, { line: line.line, sku: line.sku }),
          priceError,
          <input
            id={priceId}
            inputMode="decimal"
            autoComplete="off"
            aria-invalid={priceError ? true : undefined}
            aria-describedby={described(priceId, priceError)}
            {...register(`lines.${index}.unitPrice`)}
          />,
        )}
        {field(
          quantityId,
          fill(v.quantity, { line: line.line }),
          quantityError,
          <input
            id={quantityId}
            inputMode="numeric"
            autoComplete="off"
            aria-invalid={quantityError ? true : undefined}
            aria-describedby={described(quantityId, quantityError, true)}
            {...register(`lines.${index}.quantity`)}
          />,
          v.quantityHint,
        )}
        {field(
          skuId,
          fill(v.sku, { line: line.line }),
          skuError,
          <input
            id={skuId}
            autoComplete="off"
            aria-invalid={skuError ? true : undefined}
            aria-describedby={described(skuId, skuError)}
            {...register(`lines.${index}.sku`)}
          />,
        )}
      </div>
      {fields.map((alternative, position) => {
        const labels = { line: line.line, position: position + 1 };
        const altErrors = lineErrors?.alternatives?.[position];
        const base = `qd-alt-${line.line}-${position + 1}`;
        return (
          <div className="form-row qd-alternative" key={alternative.id} data-alternative-fields={position + 1}>
            {field(
              `${base}-sku`,
              fill(v.altSku, labels),
              altErrors?.sku?.message,
              <input
                id={`${base}-sku`}
                autoComplete="off"
                {...register(`lines.${index}.alternatives.${position}.sku`)}
              />,
            )}
            {field(
              `${base}-price`,
              fill(v.altPrice, labels),
              altErrors?.unitPrice?.message,
              <input
                id={`${base}-price`}
                inputMode="decimal"
                autoComplete="off"
                {...register(`lines.${index}.alternatives.${position}.unitPrice`)}
              />,
            )}
            {field(
              `${base}-reason`,
              fill(v.altReason, labels),
              altErrors?.reason?.message,
              <input
                id={`${base}-reason`}
                autoComplete="off"
                maxLength={300}
                {...register(`lines.${index}.alternatives.${position}.reason`)}
              />,
            )}
            <button type="button" className="btn btn--sm btn--outline" onClick={() => remove(position)}>
              {fill(v.removeAlternative, labels)}
            </button>
          </div>
        );
      })}
      {fields.length < 5 && (
        <button
          type="button"
          className="btn btn--sm btn--outline"
          onClick={() => append({ sku: '', unitPrice: '', reason: '' })}
        >
          {fill(v.addAlternative, { line: line.line })}
        </button>
      )}
    </fieldset>
  );
}
