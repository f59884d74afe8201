import { z } from 'zod';
import { IdSchema } from '../../lib/ids.ts';
import { MAX_QUANTITY } from '../../lib/quantity.ts';
import { searchKey } from '../../lib/search-key.ts';

export {
  LIST_DESCRIPTION_MAX,
  LIST_NAME_MAX,
  type ListDetails,
  type ListDetailsInput,
  ListDetailsSchema,
  ListItemQuantitySchema,
  type ListMessages,
} from './list-forms.ts';

/** POST /api/lists/default/items */
export const AddListItemSchema = z.object({
  variantId: IdSchema,
  quantity: z.number().int().min(1).max(MAX_QUANTITY).default(1),
  /** The language of the page the shopper is on: names a new default list. */
  locale: z.enum(['en', 'fr']).optional(),
});
export type AddListItem = z.infer<typeof AddListItemSchema>;

/** POST /api/lists/{id}/items: a plant added to a list the shopper chose. */
export const AddToListSchema = AddListItemSchema.pick({ variantId: true, quantity: true });
export type AddToList = z.infer<typeof AddToListSchema>;

/** POST /api/lists/{id}/cart: every line of the list, or only the variants named. */
export const ListToCartSchema = z.object({
  variantIds: z.array(IdSchema).min(1).max(500).optional(),
});
export type ListToCart = z.infer<typeof ListToCartSchema>;

/** A path parameter that names a list or a variant: a positive integer, or nothing. */
export function idParam(value: string | undefined): number | undefined {
  if (value === undefined || !/^[1-9]\d{0,9}$/.test(value)) return undefined;
  const id = Number(value);
  return id <= 2_147_483_647 ? id : undefined;
}

/** Stable error codes of the list endpoints; the islands show each one's message. */
export const LIST_ERROR = {
  /** Spec §8: deleting the default list. */
  notSafeToDestroy: 'wishlist_not_safe_to_destroy',
  /** Deleting the user's only list (kept in code: the schema would allow it). */
  onlyList: 'wishlist_only_list',
  notFound: 'not_found',
} as const;

export interface ListSummary {
  id: number;
  name: string;
  description: string;
  isDefault: boolean;
  /** Lines on the list (one per plant and size). */
  itemCount: number;
}

export interface ListItemView {
  variantId: number;
  quantity: number;
  productName: string;
  botanicalName: string;
  /** `/products/{slug}` in the page's language. */
  productPath: string;
  sizeLabel: string;
  sku: string;
  /** Today's price for this shopper (list or trade). */
  unitPriceCents: number;
  priceKind: 'list' | 'trade';
  /** False once the plant or the size is no longer sold: it is named and skipped on add to cart. */
  forSale: boolean;
  /** The product's first photo, else its drawing as an SVG data URL (decorative: empty alt). */
  picture: { src: string; alt: string };
}

export interface ListView extends ListSummary {
  items: ListItemView[];
}

export interface AddedToList {
  list: { id: number; name: string; isDefault: boolean };
  /** Lines in the list after the add. */
  itemCount: number;
  /** True when this add made the user's first list. */
  created: boolean;
}

export interface ListToCartResult {
  /** Units in the cart afterwards, for the header. */
  count: number;
  /** Lines put in the cart. */
  added: number;
  /** Units put in the cart: what the shopper is told, counted as the cart counts its items. */
  unitsAdded: number;
  /** Lines left out because they are no longer for sale, named for the shopper. */
  skipped: { variantId: number; name: string; sizeLabel: string }[];
  /** Lines the cart took only part of, or none, because its line of that size reached 9,999. */
  full: { variantId: number; name: string; sizeLabel: string }[];
}

/**
 * Why a list may not be deleted, decided on the user's lists as they stand: the default
 * (spec §4: until another is made default) and the user's only list are kept.
 */
export function deletionRefusal(list: { isDefault: boolean }, listCount: number): 'default' | 'only_list' | undefined {
  if (list.isDefault) return 'default';
  if (listCount <= 1) return 'only_list';
  return undefined;
}

/** The lists whose name holds the query (accents and case ignored); all of them for an empty query. */
export function filterLists<T extends { name: string }>(lists: readonly T[], query: string): T[] {
  const key = searchKey(query);
  if (key === '') return [...lists];
  return lists.filter((list) => searchKey(list.name).includes(key));
}
