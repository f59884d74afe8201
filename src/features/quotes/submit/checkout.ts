import type { TFunction } from 'i18next';
import * as z from 'zod/mini';
import type { Fulfilment, PaymentPreference } from '../../../lib/db/schema.ts';
import { isQuantity, MAX_QUANTITY } from '../../../lib/quantity.ts';
import { normalizePhone } from '../../accounts/phone.ts';
import {
  type CheckoutMessages,
  COMMENTS_MAX_LENGTH,
  FULFILMENTS,
  needsDelivery,
  needsPickup,
  PAYMENT_PREFERENCES,
  PROVINCES,
} from './checkout-fields.ts';

export {
  type CheckoutFormValues,
  type CheckoutMessages,
  type CheckoutResult,
  COMMENTS_MAX_LENGTH,
  checkoutKeyStorageName,
  FULFILMENTS,
  needsDelivery,
  needsPickup,
  PAYMENT_PREFERENCES,
  PROVINCES,
  type Province,
} from './checkout-fields.ts';

/**
 * The checkout form (spec §5): one schema for the island (react-hook-form through
 * zodResolver) and for POST /api/checkout, with the spec's messages in the page's language.
 * Server-only checks (the cart, the sales yard, the totals) come on top, in checkout.server.ts.
 * Written with zod/mini, which the bundler can trim to what is used: the checkout page loads
 * a few KB of it instead of all of zod (page budget, decision 019).
 */

/** The messages of the `checkout` namespace, for a schema built on the server or passed to an island. */
export function checkoutMessages(t: TFunction): CheckoutMessages {
  return {
    firstNameRequired: t('messages.firstNameRequired'),
    lastNameRequired: t('messages.lastNameRequired'),
    streetRequired: t('messages.streetRequired'),
    cityRequired: t('messages.cityRequired'),
    provinceRequired: t('messages.provinceRequired'),
    phoneInvalid: t('messages.phoneInvalid'),
    postalCodeInvalid: t('messages.postalCodeInvalid'),
    locationRequired: t('messages.locationRequired'),
    fulfilmentRequired: t('messages.fulfilmentRequired'),
    paymentRequired: t('messages.paymentRequired'),
    dateInvalid: t('messages.dateInvalid'),
    commentsTooLong: t('messages.commentsTooLong'),
    tooLong: t('messages.tooLong'),
  };
}

/**
 * A Canadian postal code as "A1A 1A1", from what people type ("k1a0b1", "K1A 0B1"); null
 * when it is not one (D, F, I, O, Q and U are never used; W and Z never come first).
 */
export function normalizePostalCode(value: string): string | null {
  const compact = value.replace(/\s+/g, '').toUpperCase();
  if (!/^[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z]\d[ABCEGHJ-NPRSTV-Z]\d$/.test(compact)) return null;
  return `${compact.slice(0, 3)} ${compact.slice(3)}`;
}

const isoDateFormats = new Map<string, Intl.DateTimeFormat>();

/** A calendar date as YYYY-MM-DD in a time zone. */
export function isoDateIn(timeZone: string, at: Date = new Date()): string {
  // en-CA formats dates as YYYY-MM-DD. A formatter is costly to make: one per time zone.
  let format = isoDateFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    isoDateFormats.set(timeZone, format);
  }
  return format.format(at);
}

/**
 * The earliest preferred date the server accepts: today where today began last in Canada
 * (Pacific time), so a shopper in Vancouver at 11 p.m. may still ask for "today".
 */
export const EARLIEST_DATE_TIME_ZONE = 'America/Vancouver';

function isRealDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

// The limit is named in the message ('Use at most 120 characters.'): a field without one
// said only 'This is too long.', leaving the shopper to guess how much to cut.
const atMost = (tooLong: string, max: number) => tooLong.replace('{max}', String(max));

const requiredText = (message: string, max: number, tooLong: string) =>
  z
    .string({ error: message })
    .check(z.trim(), z.minLength(1, { error: message }), z.maxLength(max, { error: atMost(tooLong, max) }));

const optionalText = (max: number, tooLong: string) =>
  z._default(z.string().check(z.trim(), z.maxLength(max, { error: atMost(tooLong, max) })), '');

/** Text that `normalize` turns into its one accepted shape, or refuses with `message`. */
const normalizedText = (normalize: (value: string) => string | null, message: string) =>
  z.pipe(
    z.string({ error: message }).check(z.refine((value) => normalize(value) !== null, { error: message })),
    z.transform((value: string) => normalize(value) ?? value),
  );

export function DeliverySchema(m: CheckoutMessages) {
  return z.object({
    jobName: optionalText(120, m.tooLong),
    poNumber: optionalText(60, m.tooLong),
    streetAddress: requiredText(m.streetRequired, 200, m.tooLong),
    city: requiredText(m.cityRequired, 100, m.tooLong),
    province: z.enum(PROVINCES, { error: m.provinceRequired }),
    postalCode: normalizedText(normalizePostalCode, m.postalCodeInvalid),
    siteContactFirstName: requiredText(m.firstNameRequired, 80, m.tooLong),
    siteContactLastName: requiredText(m.lastNameRequired, 80, m.tooLong),
    phone: normalizedText((value) => normalizePhone(value.trim()), m.phoneInvalid),
  });
}
export type DeliveryInput = z.input<ReturnType<typeof DeliverySchema>>;
export type DeliveryDetails = z.output<ReturnType<typeof DeliverySchema>>;

export function PickupSchema(m: CheckoutMessages) {
  return z.object({
    locationId: z.coerce
      .number({ error: m.locationRequired })
      .check(z.refine((id) => Number.isInteger(id) && id > 0, { error: m.locationRequired })),
  });
}

export interface CheckoutSchemaOptions {
  messages: CheckoutMessages;
  /** The earliest preferred date, YYYY-MM-DD: the browser's today, or the server's (see EARLIEST_DATE_TIME_ZONE). */
  earliestDate: string;
}

/** The checkout once parsed: text trimmed and normalized, only the details the fulfilment needs. */
export interface CheckoutInput {
  idempotencyKey: string;
  fulfilment: Fulfilment;
  delivery: DeliveryDetails | null;
  pickup: { locationId: number } | null;
  preferredDate: string | null;
  paymentPreference: PaymentPreference;
  comments: string;
}

/**
 * The whole checkout. The form always holds both the delivery and the pickup fields; only
 * those the fulfilment needs are checked, and the others come out as null. Every part is
 * checked on every submit, so the form shows all its messages at once.
 */
export function CheckoutSchema({ messages: m, earliestDate }: CheckoutSchemaOptions) {
  const delivery = DeliverySchema(m);
  const pickup = PickupSchema(m);
  const fulfilment = z.enum(FULFILMENTS, { error: m.fulfilmentRequired });
  const base = z.object({
    idempotencyKey: z.uuid(),
    fulfilment,
    preferredDate: z.pipe(
      z.string({ error: m.dateInvalid }).check(
        z.trim(),
        z.refine((value) => value === '' || (isRealDate(value) && value >= earliestDate), { error: m.dateInvalid }),
      ),
      z.transform((value: string) => (value === '' ? null : value)),
    ),
    paymentPreference: z.enum(PAYMENT_PREFERENCES, { error: m.paymentRequired }),
    comments: z._default(
      z.string().check(z.trim(), z.maxLength(COMMENTS_MAX_LENGTH, { error: m.commentsTooLong })),
      '',
    ),
  });
  return z.pipe(
    z.unknown(),
    z.transform((raw, ctx): CheckoutInput => {
      const record = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {};
      const issues: { message: string; path: PropertyKey[] }[] = [];
      const part = <T>(schema: z.ZodMiniType<T>, input: unknown, path: 'delivery' | 'pickup'): T | null => {
        const parsed = schema.safeParse(input ?? {});
        if (parsed.success) return parsed.data;
        issues.push(...parsed.error.issues.map((issue) => ({ message: issue.message, path: [path, ...issue.path] })));
        return null;
      };
      const common = base.safeParse(record);
      if (!common.success) issues.push(...common.error.issues);
      const chosen = fulfilment.safeParse(record.fulfilment);
      const deliveryDetails =
        chosen.success && needsDelivery(chosen.data) ? part(delivery, record.delivery, 'delivery') : null;
      const pickupDetails = chosen.success && needsPickup(chosen.data) ? part(pickup, record.pickup, 'pickup') : null;
      if (!common.success || issues.length > 0) {
        for (const issue of issues)
          ctx.issues.push({ code: 'custom', message: issue.message, path: issue.path, input: raw });
        return z.NEVER;
      }
      return { ...common.data, delivery: deliveryDetails, pickup: pickupDetails };
    }),
  );
}

/** Stable error codes of POST /api/checkout; the island shows each one's message. */
export type CheckoutErrorCode = 'cart_empty' | 'variant_unavailable' | 'invalid' | 'submit_failed';

/** A quote request about to be written, as the submit built it from the cart. */
export interface QuoteDraft {
  fulfilment: Fulfilment;
  lines: { quantity: number; unitPriceCents: number }[];
  subtotalCents: number;
  delivery: DeliveryDetails | null;
  pickup: { locationId: number } | null;
}

/**
 * What the database cannot check about a quote request before it is written: at least one
 * line, the subtotal equal to the sum of the lines, and delivery and pickup details present
 * exactly as the fulfilment says. Returns the broken rules (none for a sound draft).
 */
export function quoteDraftProblems(draft: QuoteDraft): string[] {
  const problems: string[] = [];
  if (draft.lines.length === 0) problems.push('no lines');
  const sum = draft.lines.reduce((total, line) => total + line.quantity * line.unitPriceCents, 0);
  if (sum !== draft.subtotalCents) problems.push(`subtotal ${draft.subtotalCents} is not the sum of the lines ${sum}`);
  if (draft.lines.some((line) => !isQuantity(line.quantity))) {
    problems.push(`a line quantity is outside 1–${MAX_QUANTITY}`);
  }
  if (needsDelivery(draft.fulfilment) !== (draft.delivery !== null)) {
    problems.push(`${draft.fulfilment} ${draft.delivery ? 'has' : 'lacks'} delivery details`);
  }
  if (needsPickup(draft.fulfilment) !== (draft.pickup !== null)) {
    problems.push(`${draft.fulfilment} ${draft.pickup ? 'has' : 'lacks'} a pickup location`);
  }
  return problems;
}
