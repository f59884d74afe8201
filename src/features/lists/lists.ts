import { z } from 'zod';
import { IdSchema } from '../../lib/ids.ts';

/** POST /api/lists/default/items */
export const AddListItemSchema = z.object({
  variantId: IdSchema,
  quantity: z.number().int().min(1).max(9999).default(1),
  /** The language of the page the shopper is on: names a new default list. */
  locale: z.enum(['en', 'fr']).optional(),
});
export type AddListItem = z.infer<typeof AddListItemSchema>;

export interface AddedToList {
  list: { id: number; name: string; isDefault: true };
  /** Lines in the list after the add. */
  itemCount: number;
  /** True when this add made the user's first list. */
  created: boolean;
}
