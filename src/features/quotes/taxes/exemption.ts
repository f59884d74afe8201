import { z } from 'zod';

/** The desk's tax exemption of a request (decision 051), safe on both sides: one schema for the island and the endpoint. */

export const EXEMPTION_REASON_MAX = 200;

/** `{ exempt: true, reason }` marks the request tax-exempt; `{ exempt: false }` removes it. */
export function TaxExemptionSchema(messages: { required: string }) {
  return z.discriminatedUnion(
    'exempt',
    [
      z.object({
        exempt: z.literal(true),
        reason: z
          .string({ error: messages.required })
          .trim()
          .min(1, { error: messages.required })
          .max(EXEMPTION_REASON_MAX, { error: messages.required }),
      }),
      z.object({ exempt: z.literal(false) }),
    ],
    { error: messages.required },
  );
}
export type TaxExemptionInput = z.input<ReturnType<typeof TaxExemptionSchema>>;
export type TaxExemptionOutput = z.output<ReturnType<typeof TaxExemptionSchema>>;
