import { z } from 'zod';
import type { SendQuoteInput } from '../pricing/pricing.ts';

/**
 * The pricing form's unsent draft, kept in the tab's sessionStorage: the desk's page reloads
 * after a thread post, an assignment or a status change, and what the staff member had typed
 * (prices, quantities, fees, the note to the customer) comes back instead of being lost. A
 * draft belongs to the version it was started from: once another version is sent, it is stale.
 */

export const pricingDraftKey = (quoteId: number) => `nursery:quote-pricing-draft:${quoteId}`;

const DraftSchema = z.object({
  basis: z.string(),
  values: z.object({
    lines: z.array(
      z.object({
        line: z.number().int(),
        unitPrice: z.string(),
        quantity: z.string().optional(),
        sku: z.string().optional(),
        alternatives: z.array(z.object({ sku: z.string(), unitPrice: z.string(), reason: z.string() })).max(5),
      }),
    ),
    fees: z.string(),
    note: z.string(),
    validUntil: z.string().optional(),
  }),
});

export type PricingDraftValues = z.infer<typeof DraftSchema>['values'];

export function writePricingDraft(basis: string, values: SendQuoteInput): string {
  return JSON.stringify({ basis, values });
}

/**
 * The saved draft when it was started from this version and has the request's lines, in
 * order; otherwise null (nothing saved, another version sent since, or not ours).
 */
export function readPricingDraft(raw: string | null, basis: string, lines: number[]): PricingDraftValues | null {
  if (!raw) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return null;
  }
  const draft = DraftSchema.safeParse(parsed);
  if (!draft.success || draft.data.basis !== basis) return null;
  const saved = draft.data.values.lines.map((line) => line.line);
  if (saved.length !== lines.length || saved.some((line, index) => line !== lines[index])) return null;
  return draft.data.values;
}
