import * as z from 'zod/mini';
import { MAX_QUANTITY } from '../../lib/quantity.ts';

/**
 * The list forms' schemas, shared by the islands and the endpoints. `zod/mini`, so the
 * browser loads no full zod for them (docs/decisions/030-browser-imports.md).
 */

/** The wishlists table's limits on a name and a description. */
export const LIST_NAME_MAX = 120;
export const LIST_DESCRIPTION_MAX = 1000;

export interface ListMessages {
  /** Spec §5: 'Must not be blank.' */
  nameRequired: string;
  nameTooLong: string;
  descriptionTooLong: string;
  quantityInvalid: string;
}

/** Create (POST /api/lists) and edit (PATCH /api/lists/{id}): the form and the endpoint share it. */
export function ListDetailsSchema(m: ListMessages) {
  return z.object({
    name: z
      .string({ error: m.nameRequired })
      .check(z.trim(), z.minLength(1, { error: m.nameRequired }), z.maxLength(LIST_NAME_MAX, { error: m.nameTooLong })),
    description: z._default(
      z
        .string({ error: m.descriptionTooLong })
        .check(z.trim(), z.maxLength(LIST_DESCRIPTION_MAX, { error: m.descriptionTooLong })),
      '',
    ),
  });
}
export type ListDetailsInput = z.input<ReturnType<typeof ListDetailsSchema>>;
export type ListDetails = z.output<ReturnType<typeof ListDetailsSchema>>;

/** PATCH /api/lists/{id}/items/{variantId}: a whole number from 1 to 9,999. */
export function ListItemQuantitySchema(m: Pick<ListMessages, 'quantityInvalid'>) {
  return z.object({
    quantity: z
      .int({ error: m.quantityInvalid })
      .check(z.gte(1, { error: m.quantityInvalid }), z.lte(MAX_QUANTITY, { error: m.quantityInvalid })),
  });
}
