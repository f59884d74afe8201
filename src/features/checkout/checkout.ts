import type { TFunction } from 'i18next';
import { z } from 'zod';
import type { Fulfilment, PaymentPreference } from '../../lib/db/schema.ts';
import { normalizePhone } from '../accounts/accounts.ts';

/**
 * The checkout form (spec §5): one schema for the island (react-hook-form through
 * zodResolver) and for POST /api/checkout, with the spec's messages in the page's language.
 * Server-only checks (the cart, the sales yard, the totals) come on top, in checkout.server.ts.
 */

export const PROVINCES = ['AB', 'BC', 'MB', 'NB', 'NL', 'NS', 'NT', 'NU', 'ON', 'PE', 'QC', 'SK', 'YT'] as const;
export type Province = (typeof PROVINCES)[number];

export const FULFILMENTS = ['pickup', 'delivery', 'pickup_and_delivery'] as const satisfies readonly Fulfilment[];
export const PAYMENT_PREFERENCES = [
  'cash',
  'charge_account',
  'credit_card',
] as const satisfies readonly PaymentPreference[];

export const COMMENTS_MAX_LENGTH = 2000;

export const needsDelivery = (fulfilment: Fulfilment) => fulfilment !== 'pickup';
export const needsPickup = (fulfilment: Fulfilment) => fulfilment !== 'delivery';

/** The messages the schema shows, from the `checkout` namespace of the page's language. */
export interface CheckoutMessages {
  firstNameRequired: string;
  lastNameRequired: string;
  streetRequired: string;
  cityRequired: string;
  provinceRequired: string;
  phoneInvalid: string;
  postalCodeInvalid: string;
  locationRequired: string;
  fulfilmentRequired: string;
  paymentRequired: string;
  dateInvalid: string;
  commentsTooLong: string;
  tooLong: string;
}

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

/** A calendar date as YYYY-MM-DD in a time zone. */
export function isoDateIn(timeZone: string, at: Date = new Date()): string {
  // en-CA formats dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
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

const requiredText = (message: string, max: number, tooLong: string) =>
  z.string({ error: message }).trim().min(1, { error: message }).max(max, { error: tooLong });

const optionalText = (max: number, tooLong: string) => z.string().trim().max(max, { error: tooLong }).default('');

export function DeliverySchema(m: CheckoutMessages) {
  return z.object({
    jobName: optionalText(120, m.tooLong),
    poNumber: optionalText(60, m.tooLong),
    streetAddress: requiredText(m.streetRequired, 200, m.tooLong),
    city: requiredText(m.cityRequired, 100, m.tooLong),
    province: z.enum(PROVINCES, { error: m.provinceRequired }),
    postalCode: z.string({ error: m.postalCodeInvalid }).transform((value, ctx) => {
      const postalCode = normalizePostalCode(value);
      if (postalCode === null) {
        ctx.addIssue({ code: 'custom', message: m.postalCodeInvalid });
        return z.NEVER;
      }
      return postalCode;
    }),
    siteContactFirstName: requiredText(m.firstNameRequired, 80, m.tooLong),
    siteContactLastName: requiredText(m.lastNameRequired, 80, m.tooLong),
    phone: z.string({ error: m.phoneInvalid }).transform((value, ctx) => {
      const phone = normalizePhone(value.trim());
      if (phone === null) {
        ctx.addIssue({ code: 'custom', message: m.phoneInvalid });
        return z.NEVER;
      }
      return phone;
    }),
  });
}
export type DeliveryInput = z.input<ReturnType<typeof DeliverySchema>>;
export type DeliveryDetails = z.output<ReturnType<typeof DeliverySchema>>;

export function PickupSchema(m: CheckoutMessages) {
  return z.object({
    locationId: z.coerce
      .number({ error: m.locationRequired })
      .int({ error: m.locationRequired })
      .positive({ error: m.locationRequired }),
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
    preferredDate: z
      .string({ error: m.dateInvalid })
      .trim()
      .refine((value) => value === '' || (isRealDate(value) && value >= earliestDate), { error: m.dateInvalid })
      .transform((value) => (value === '' ? null : value)),
    paymentPreference: z.enum(PAYMENT_PREFERENCES, { error: m.paymentRequired }),
    comments: z.string().trim().max(COMMENTS_MAX_LENGTH, { error: m.commentsTooLong }).default(''),
  });
  return z.unknown().transform((raw, ctx): CheckoutInput => {
    const record = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {};
    const issues: { message: string; path: PropertyKey[] }[] = [];
    const part = <T>(schema: z.ZodType<T>, input: unknown, path: 'delivery' | 'pickup'): T | null => {
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
      for (const issue of issues) ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
      return z.NEVER;
    }
    return { ...common.data, delivery: deliveryDetails, pickup: pickupDetails };
  });
}

/** What the form holds: every field as text, the way the inputs give it. */
export interface CheckoutFormValues {
  idempotencyKey: string;
  fulfilment: Fulfilment;
  delivery: {
    jobName: string;
    poNumber: string;
    streetAddress: string;
    city: string;
    province: string;
    postalCode: string;
    siteContactFirstName: string;
    siteContactLastName: string;
    phone: string;
  };
  pickup: { locationId: string };
  preferredDate: string;
  paymentPreference: PaymentPreference | null;
  comments: string;
}

/** The answer of POST /api/checkout, the same for every retry of one checkout. */
export interface CheckoutResult {
  id: number;
  reference: string;
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
  if (draft.lines.some((line) => !Number.isInteger(line.quantity) || line.quantity < 1 || line.quantity > 9999)) {
    problems.push('a line quantity is outside 1–9999');
  }
  if (needsDelivery(draft.fulfilment) !== (draft.delivery !== null)) {
    problems.push(`${draft.fulfilment} ${draft.delivery ? 'has' : 'lacks'} delivery details`);
  }
  if (needsPickup(draft.fulfilment) !== (draft.pickup !== null)) {
    problems.push(`${draft.fulfilment} ${draft.pickup ? 'has' : 'lacks'} a pickup location`);
  }
  return problems;
}

/** The browser's key for the checkout in progress, shared by the tabs of one user (localStorage). */
export const checkoutKeyStorageName = (userId: string) => `nursery:checkout-key:${userId}`;
