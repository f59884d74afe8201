import { z } from 'zod';

/** The priced quote as the sales desk types it, safe on both sides: the island's form and the endpoint parse one shape. */

/** Dollars and cents as typed in either language: "12", "12.5", "12,50". */
const MONEY_PATTERN = /^\d{1,7}(?:[.,]\d{1,2})?$/;

/** Whether a typed amount is dollars and cents the schema takes ("12", "12,50"). */
export function isMoney(value: string | undefined): value is string {
  return value !== undefined && MONEY_PATTERN.test(value.trim());
}

export function moneyToCents(value: string): number {
  const [dollars = '0', cents = ''] = value.trim().split(/[.,]/);
  return Number(dollars) * 100 + Number(cents.padEnd(2, '0') || '0');
}

/** Cents as the field shows them, with the decimal mark of the page's language: "12.50", « 12,50 ». */
export function centsToMoneyInput(cents: number, locale: 'en' | 'fr' = 'en'): string {
  const text = (cents / 100).toFixed(2);
  return locale === 'fr' ? text.replace('.', ',') : text;
}

export interface QuoteFormMessages {
  price: string;
  note: string;
  /** A whole number of plants, 1 to 100,000 (or 0 to drop the line from this version). */
  quantity?: string;
  sku?: string;
  /** The "valid until" day: today or later, as YYYY-MM-DD. */
  validUntil?: string;
  reason?: string;
}

function moneyField(message: string) {
  return z.string({ error: message }).trim().regex(MONEY_PATTERN, { error: message }).transform(moneyToCents);
}

/** A line's count as typed ("12") or given (12), 0 to 100,000; undefined for anything else (2.5, -3, "12 plants"). */
export function readQuantity(value: unknown): number | undefined {
  const count =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && /^\d{1,6}$/.test(value.trim())
        ? Number(value)
        : NaN;
  return Number.isInteger(count) && count >= 0 && count <= 100_000 ? count : undefined;
}

/** `readQuantity` as a field: anything it cannot read is refused with `message`. */
function quantityField(message: string) {
  return z
    .union([z.number(), z.string()], { error: message })
    .transform((value) => readQuantity(value) ?? Number.NaN)
    .pipe(z.number({ error: message }));
}

function skuField(message: string) {
  return z.string({ error: message }).trim().min(1, { error: message }).max(64, { error: message });
}

/**
 * The priced quote as the sales desk types it; the endpoint parses the same shape. With
 * `today` (the form's), a "valid until" day before it is refused at once; the endpoint leaves
 * it out and its statement compares with the nursery's today itself.
 */
export function SendQuoteSchema(m: QuoteFormMessages, { today }: { today?: string } = {}) {
  return z.object({
    lines: z
      .array(
        z.object({
          line: z.number().int().min(1).max(32_767),
          unitPrice: moneyField(m.price),
          // Left out: the request's quantity and SKU. A SKU other than the request's is a substitution.
          quantity: z.optional(quantityField(m.quantity ?? m.price)),
          sku: z.optional(skuField(m.sku ?? m.price)),
          alternatives: z
            .array(
              z.object({
                sku: skuField(m.sku ?? m.price),
                unitPrice: moneyField(m.price),
                reason: z
                  .string()
                  .trim()
                  .max(300, { error: m.reason ?? m.note })
                  .default(''),
              }),
            )
            .max(5)
            .default([]),
        }),
      )
      .min(1)
      .max(500),
    fees: moneyField(m.price),
    note: z.string().trim().max(2000, { error: m.note }).default(''),
    validUntil: z.optional(
      z
        .string({ error: m.validUntil ?? m.note })
        .regex(/^\d{4}-\d{2}-\d{2}$/, { error: m.validUntil ?? m.note })
        .refine((value) => !Number.isNaN(Date.parse(`${value}T12:00:00Z`)), { error: m.validUntil ?? m.note })
        .refine((value) => today === undefined || value >= today, { error: m.validUntil ?? m.note }),
    ),
  });
}
export type SendQuoteInput = z.input<ReturnType<typeof SendQuoteSchema>>;
export type SendQuoteOutput = z.output<ReturnType<typeof SendQuoteSchema>>;
