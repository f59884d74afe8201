import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { type FieldErrors, type FieldPath, get, type Resolver } from 'react-hook-form';
import type * as z from 'zod/mini';
import { forgetFieldDraft } from '../../../lib/forms/field-drafts.ts';
import { PHONE_MASK, POSTAL_CODE_MASK, phoneCountryCodeLength } from '../../../lib/forms/input-mask.ts';
import MaskedInput from '../../../lib/forms/MaskedInput.tsx';
import { useIslandForm } from '../../../lib/forms/use-island-form.ts';
import { useSubmit } from '../../../lib/forms/use-submit.ts';
import { ApiError, api } from '../../../lib/http/client.ts';
import type enCheckout from '../../../lib/i18n/locales/en/checkout.json';
import { Alert, SubmitButton, TextField } from '../../accounts/ui.tsx';
import type { CheckoutInput } from './checkout.ts';
import {
  type CheckoutFormValues,
  type CheckoutMessages,
  type CheckoutResult,
  COMMENTS_MAX_LENGTH,
  checkoutDraftStorageName,
  FULFILMENTS,
  PAYMENT_PREFERENCES,
} from './checkout-fields.ts';
import { describedBy, loadValidation, localToday, useCheckoutKey } from './checkout-form.client.ts';
import type { ProvinceOption } from './provinces.ts';

/** The form starts on pickup, in its server HTML as in react-hook-form's values. */
const DEFAULT_FULFILMENT = 'pickup' satisfies (typeof FULFILMENTS)[number];

type Strings = Pick<
  typeof enCheckout,
  'fulfilment' | 'delivery' | 'pickup' | 'details' | 'payment' | 'submit' | 'submitting' | 'messages'
>;

interface Props {
  strings: Strings;
  messages: CheckoutMessages;
  /** The province select's choices, in the page's language and alphabetical order. */
  provinces: ProvinceOption[];
  yards: { id: number; name: string; city: string }[];
  /** The shopper's sales yard, preselected for pickup. */
  defaultLocationId: number | null;
  userId: string;
  /** A new key from the server, used when this browser holds none for the checkout in progress. */
  suggestedKey: string;
  /** The complete page of the page's language. */
  completePath: string;
}

function Field({
  id,
  label,
  hint,
  error,
  optional,
  children,
}: {
  id: string;
  label: string;
  hint?: string;
  error?: string;
  optional?: string;
  children: ReactNode;
}) {
  return (
    <div className="field" data-invalid={error ? '' : undefined}>
      <label htmlFor={id}>
        {label}
        {optional && <span className="field-optional"> ({optional})</span>}
      </label>
      {hint && (
        <p className="field-hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {children}
      {error && (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

export default function CheckoutForm({
  strings,
  messages,
  provinces,
  yards,
  defaultLocationId,
  userId,
  suggestedKey,
  completePath,
}: Props) {
  const ids = useId();
  const id = (name: string) => `${ids}-${name}`;
  const [today, setToday] = useState<string | undefined>(undefined);
  useEffect(() => setToday(localToday()), []);
  const resolver: Resolver<CheckoutFormValues, unknown, CheckoutInput> = async (values, context, options) => {
    const [{ zodResolver }, { CheckoutSchema }] = await loadValidation();
    const schema = CheckoutSchema({ messages, earliestDate: today ?? localToday() });
    // The schema takes unknown input (the endpoint's body); here its input is the form's values.
    return zodResolver(schema as unknown as z.ZodMiniType<CheckoutInput, CheckoutFormValues>)(values, context, options);
  };
  const key = useCheckoutKey(userId, suggestedKey);
  const preselected = yards.some((yard) => yard.id === defaultLocationId) ? String(defaultLocationId) : '';
  const {
    register,
    field,
    handleSubmit,
    setError,
    getValues,
    formState: { errors, isSubmitting },
  } = useIslandForm<CheckoutFormValues, unknown, CheckoutInput>({
    resolver,
    defaultValues: {
      idempotencyKey: suggestedKey,
      fulfilment: DEFAULT_FULFILMENT,
      delivery: {
        jobName: '',
        poNumber: '',
        streetAddress: '',
        city: '',
        province: '',
        postalCode: '',
        siteContactFirstName: '',
        siteContactLastName: '',
        phone: '',
      },
      pickup: { locationId: preselected },
      preferredDate: '',
      paymentPreference: null,
      comments: '',
    },
    // Fields register as their part of the form appears, not in page order: the first
    // invalid field is found in the page instead.
    shouldFocusError: false,
  });
  const formRef = useRef<HTMLFormElement>(null);
  // Hydrated on first use (decision 031): the focus that woke the form came before React.
  useEffect(() => {
    if (formRef.current?.contains(document.activeElement)) void loadValidation();
  }, []);
  const focusFirstInvalid = (isInvalid: (name: string) => boolean) => {
    for (const element of Array.from(formRef.current?.elements ?? [])) {
      const name = element.getAttribute('name');
      if (name && isInvalid(name) && element instanceof HTMLElement) {
        element.focus();
        return;
      }
    }
  };
  const m = strings.messages;
  const d = strings.delivery;
  const {
    problem: alert,
    setProblem: setAlert,
    run,
  } = useSubmit<CheckoutFormValues>({
    setError,
    // Refused fields also raise the form's alert and take the focus: handled below.
    fields: [],
    logMessage: 'Quote submission failed',
    problemFor: (error) => {
      if (!(error instanceof ApiError)) return m.submitError;
      const refused = error.fields ?? {};
      if (error.status === 422 && Object.keys(refused).length > 0) {
        const fields = Object.entries(refused) as [FieldPath<CheckoutFormValues>, string][];
        for (const [field, message] of fields) setError(field, { message });
        focusFirstInvalid((name) => name in refused);
        return m.required;
      }
      if (error.code === 'cart_empty') return m.cartEmpty;
      // Both come in the page's language, naming what changed.
      if ((error.code === 'variant_unavailable' || error.code === 'cart_changed') && error.message)
        return error.message;
      return m.submitError;
    },
  });
  const [done, setDone] = useState(false);

  // The server parses what the form holds with the same schema, so it gets the form's values
  // as typed, not this side's parsed output.
  const onValid = () =>
    run(async () => {
      const result = await api<CheckoutResult>('/api/checkout', {
        method: 'POST',
        body: { ...getValues(), idempotencyKey: key.get() },
      });
      key.forget();
      forgetFieldDraft(checkoutDraftStorageName(userId));
      setDone(true);
      location.assign(`${completePath}?id=${result.id}`);
    });

  const onSubmit = handleSubmit(onValid, (invalid: FieldErrors<CheckoutFormValues>) => {
    setAlert(m.required);
    focusFirstInvalid((name) => get(invalid, name) !== undefined);
  });
  const deliveryError = (name: keyof CheckoutFormValues['delivery']) => errors.delivery?.[name]?.message;

  return (
    <form
      ref={formRef}
      className="form checkout-form"
      method="post"
      onSubmit={onSubmit}
      onFocus={() => void loadValidation()}
      noValidate
    >
      {alert && (
        <Alert kind="error">
          <p>{alert}</p>
        </Alert>
      )}

      <fieldset className="field checkout-section">
        <legend>{strings.fulfilment.legend}</legend>
        <div className="choice-list choice-list--inline">
          {FULFILMENTS.map((option) => (
            <label className="choice" key={option}>
              {/* The server's HTML shows the choice the form starts with, as React will. */}
              <input
                type="radio"
                value={option}
                defaultChecked={option === DEFAULT_FULFILMENT}
                {...register('fulfilment')}
              />
              <span>{strings.fulfilment[option]}</span>
            </label>
          ))}
        </div>
      </fieldset>

      {/* Both parts are always in the page, shown by the checked radio (checkout.css) before
          React as after it: a reload or a return to the page gives back what was typed in
          either, as the browser restores a form's fields, and a restored choice shows its part
          at once. Only the part the choice needs is checked and sent (CheckoutSchema). */}
      <section className="checkout-section" data-fulfilment-part="pickup" aria-labelledby={id('pickup-heading')}>
        <h2 id={id('pickup-heading')}>{strings.pickup.heading}</h2>
        <Field id={id('location')} label={strings.pickup.location} error={errors.pickup?.locationId?.message}>
          <select
            id={id('location')}
            aria-invalid={errors.pickup?.locationId ? true : undefined}
            aria-describedby={describedBy(id('location'), false, errors.pickup?.locationId?.message)}
            {...field('pickup.locationId')}
          >
            <option value="">{strings.pickup.placeholder}</option>
            {yards.map((yard) => (
              <option key={yard.id} value={String(yard.id)}>
                {yard.name} ({yard.city})
              </option>
            ))}
          </select>
        </Field>
      </section>

      <section className="checkout-section" data-fulfilment-part="delivery" aria-labelledby={id('delivery-heading')}>
        <h2 id={id('delivery-heading')}>{d.heading}</h2>
        <div className="form-row">
          <TextField
            label={d.jobName}
            optionalLabel={strings.details.optional}
            registration={register('delivery.jobName')}
            error={errors.delivery?.jobName}
          />
          <TextField
            label={d.poNumber}
            optionalLabel={strings.details.optional}
            registration={register('delivery.poNumber')}
            error={errors.delivery?.poNumber}
          />
        </div>
        <TextField
          label={d.streetAddress}
          autoComplete="street-address"
          registration={register('delivery.streetAddress')}
          error={errors.delivery?.streetAddress}
        />
        <div className="form-row">
          <TextField
            label={d.city}
            autoComplete="address-level2"
            registration={register('delivery.city')}
            error={errors.delivery?.city}
          />
          <Field id={id('province')} label={d.province} error={deliveryError('province')}>
            <select
              id={id('province')}
              autoComplete="address-level1"
              aria-invalid={deliveryError('province') ? true : undefined}
              aria-describedby={describedBy(id('province'), false, deliveryError('province'))}
              {...register('delivery.province')}
            >
              <option value="">{d.provincePlaceholder}</option>
              {provinces.map(({ code, name }) => (
                <option key={code} value={code}>
                  {name}
                </option>
              ))}
            </select>
          </Field>
        </div>
        <Field id={id('postal')} label={d.postalCode} hint={d.postalCodeHint} error={deliveryError('postalCode')}>
          <MaskedInput
            id={id('postal')}
            mask={POSTAL_CODE_MASK}
            uppercase
            autoComplete="postal-code"
            className="input--short"
            aria-invalid={deliveryError('postalCode') ? true : undefined}
            aria-describedby={describedBy(id('postal'), true, deliveryError('postalCode'))}
            {...register('delivery.postalCode')}
          />
        </Field>
        <fieldset className="field checkout-subsection">
          <legend>{d.siteContact}</legend>
          <div className="form-row">
            <TextField
              label={d.firstName}
              autoComplete="given-name"
              registration={register('delivery.siteContactFirstName')}
              error={errors.delivery?.siteContactFirstName}
            />
            <TextField
              label={d.lastName}
              autoComplete="family-name"
              registration={register('delivery.siteContactLastName')}
              error={errors.delivery?.siteContactLastName}
            />
          </div>
          <Field id={id('phone')} label={d.phone} hint={d.phoneHint} error={deliveryError('phone')}>
            <MaskedInput
              id={id('phone')}
              mask={PHONE_MASK}
              skipPrefix={phoneCountryCodeLength}
              type="tel"
              inputMode="numeric"
              autoComplete="tel-national"
              className="input--short"
              aria-invalid={deliveryError('phone') ? true : undefined}
              aria-describedby={describedBy(id('phone'), true, deliveryError('phone'))}
              {...register('delivery.phone')}
            />
          </Field>
        </fieldset>
      </section>

      <section className="checkout-section" aria-labelledby={id('details-heading')}>
        <h2 id={id('details-heading')}>{strings.details.heading}</h2>
        <Field
          id={id('date')}
          label={strings.details.preferredDate}
          hint={strings.details.preferredDateHint}
          optional={strings.details.optional}
          error={errors.preferredDate?.message}
        >
          <input
            id={id('date')}
            type="date"
            min={today}
            className="input--short"
            aria-invalid={errors.preferredDate ? true : undefined}
            aria-describedby={describedBy(id('date'), true, errors.preferredDate?.message)}
            {...register('preferredDate')}
          />
        </Field>
        <fieldset
          className="field"
          data-invalid={errors.paymentPreference ? '' : undefined}
          aria-describedby={`${id('payment')}-note`}
        >
          <legend>{strings.details.paymentLegend}</legend>
          <p className="field-hint" id={`${id('payment')}-note`}>
            {strings.details.paymentNote}
          </p>
          <div className="choice-list choice-list--inline">
            {PAYMENT_PREFERENCES.map((option) => (
              <label className="choice" key={option}>
                <input
                  type="radio"
                  value={option}
                  aria-invalid={errors.paymentPreference ? true : undefined}
                  {...register('paymentPreference')}
                />
                <span>{strings.payment[option]}</span>
              </label>
            ))}
          </div>
          {errors.paymentPreference?.message && <p className="field-error">{errors.paymentPreference.message}</p>}
        </fieldset>
        <Field
          id={id('comments')}
          label={strings.details.comments}
          hint={strings.details.commentsHint}
          optional={strings.details.optional}
          error={errors.comments?.message}
        >
          <textarea
            id={id('comments')}
            rows={4}
            maxLength={COMMENTS_MAX_LENGTH}
            aria-invalid={errors.comments ? true : undefined}
            aria-describedby={describedBy(id('comments'), true, errors.comments?.message)}
            {...register('comments')}
          />
        </Field>
      </section>

      <div className="form-actions">
        {/* client:interaction: the first press may be the one that wakes the form (decision 031). */}
        <SubmitButton
          busy={isSubmitting || done}
          label={strings.submit}
          busyLabel={strings.submitting}
          heldUntilHydrated
        />
      </div>
    </form>
  );
}
