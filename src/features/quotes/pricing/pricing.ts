import { z } from 'zod';

/** The priced quote as the sales desk types it, safe on both sides: the island's form and the endpoint parse one shape. */

/** Dollars and cents as typed in either language: "12", "12.5", "12,50". */
const MONEY_PATTERN = /^\d{1,7}(?:[.,]\d{1,2})?$/;

export function moneyToCents(value: string): number {
  const [dollars = '0', cents = ''] = value.trim().split(/[.,]/);
  return Number(dollars) * 100 + Number(cents.padEnd(2, '0') || '0');
}

export function centsToMoneyInput(cents: number): string {
  return (cents / 100).toFixed(2);
}

export interface QuoteFormMessages {
  price: string;
  note: string;
}

function moneyField(message: string) {
  return z.string({ error: message }).trim().regex(MONEY_PATTERN, { error: message }).transform(moneyToCents);
}

/** The priced quote as the sales desk types it; the endpoint parses the same shape. */
export function SendQuoteSchema(m: QuoteFormMessages) {
  return z.object({
    lines: z
      .array(z.object({ line: z.number().int().min(1).max(32_767), unitPrice: moneyField(m.price) }))
      .min(1)
      .max(500),
    fees: moneyField(m.price),
    taxes: moneyField(m.price),
    note: z.string().trim().max(2000, { error: m.note }).default(''),
  });
}
export type SendQuoteInput = z.input<ReturnType<typeof SendQuoteSchema>>;
export type SendQuoteOutput = z.output<ReturnType<typeof SendQuoteSchema>>;
