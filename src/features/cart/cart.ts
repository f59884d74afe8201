import { z } from 'zod';
import { IdSchema, PathIdSchema } from '../../lib/ids.ts';
import { MAX_QUANTITY, parseQuantity } from '../../lib/quantity.ts';
import type { PlantForm } from '../catalog/plant-art.ts';

/** How many of a variant a line holds: a whole number from 1 to 9,999. */
export const CartQuantitySchema = z.number().int().min(1).max(MAX_QUANTITY);

/** POST /api/cart/items: one variant and how many of it to add. */
export const AddCartItemSchema = z.object({
  variantId: IdSchema,
  quantity: CartQuantitySchema,
});
export type AddCartItem = z.infer<typeof AddCartItemSchema>;

/**
 * POST /api/cart/items' answer: the cart's new count, how many of the quantity asked for were
 * added, and the line's quantity now. A line holds at most 9,999: an add that would take it
 * past that adds what fits (`added` below the quantity asked for, 0 when the line was full).
 */
export const CartAddResultSchema = z
  .object({
    count: z.number().int().min(1),
    added: z.number().int().min(0).max(MAX_QUANTITY),
    lineQuantity: CartQuantitySchema,
  })
  .refine((result) => result.added <= result.lineQuantity && result.lineQuantity <= result.count, {
    error: 'The line holds what was added, and the cart holds the line',
  });
export type CartAddResult = z.infer<typeof CartAddResultSchema>;

/** PATCH /api/cart/items/{id}: the line's new quantity. */
export const UpdateCartItemSchema = z.object({ quantity: CartQuantitySchema });
export type UpdateCartItem = z.infer<typeof UpdateCartItemSchema>;

/** A quantity as a form field holds it ("3"), read as the islands read it (`parseQuantity`). */
const QuantityTextSchema = z
  .string()
  .transform((text) => parseQuantity(text) ?? Number.NaN)
  .pipe(CartQuantitySchema);

/** POST /cart/items as a form (cart-forms.ts): AddCartItemSchema's fields, as a form's text. */
export const AddCartItemFormSchema = z.object({
  variantId: PathIdSchema,
  quantity: QuantityTextSchema,
});

/** POST /cart/items/{id} as a form: set the line's quantity, or remove the line. */
export const CartLineFormSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('update'), quantity: QuantityTextSchema }),
  z.object({ intent: z.literal('remove') }),
]);

/** What a cart-line form did, as the cart page's `?cart=` names it. */
export const CartNoticeSchema = z.enum(['updated', 'removed', 'not-found', 'invalid-quantity']);
export type CartNotice = z.infer<typeof CartNoticeSchema>;

/** The {id} of /api/cart/items/{id}: a cart line id as the path writes it (an int4). */
export const CartLineIdSchema = PathIdSchema;

/**
 * The guest's cart token: an HttpOnly cookie (the browser's "guest cart token" of spec §3);
 * only its SHA-256 is stored, in carts.guest_token_hash.
 */
export const GUEST_CART_COOKIE = 'guest_cart';
export const GUEST_CART_MAX_AGE_S = 60 * 60 * 24 * 30;

export interface CartSummary {
  /** Units in the cart: the sum of every line's quantity, as the header shows it. */
  count: number;
}

/** Whose cart a request reaches: the signed-in user's, or the guest token's. */
export type CartOwner = { userId: string } | { guestTokenHash: Uint8Array };

/** What the drawing of a plant needs (plant-art.ts), for a product without a photo. */
export interface CartLineArt {
  form: PlantForm;
  flowerColour: string | null;
  foliageColour: string | null;
  seed: number;
}

/** One line of the cart as the cart page shows it, in one language, priced for its shopper. */
export interface CartLineView {
  id: number;
  variantId: number;
  sku: string;
  size: string;
  name: string;
  botanicalName: string;
  /** The product page in the page's language. */
  href: string;
  image: { src: string; alt: string } | null;
  art: CartLineArt;
  quantity: number;
  /** What this shopper pays for one (trade price for a linked trade account). */
  unitPriceCents: number;
  priceKind: 'list' | 'trade';
  subtotalCents: number;
  /** False when the variant is no longer sold: shown, but left out of the total. */
  available: boolean;
}

/** The cart page's data: every line and the estimated total, all computed by the server. */
export interface CartView extends CartSummary {
  lines: CartLineView[];
  /** Sum of the available lines' subtotals; excludes discounts, fulfilment fees and taxes. */
  totalCents: number;
  /** True for a linked trade account: trade prices, and 'No Warranty Applies'. */
  tradePricing: boolean;
}

/** A line's subtotal in cents. */
export function lineSubtotal(unitPriceCents: number, quantity: number): number {
  return unitPriceCents * quantity;
}

/** The count and estimated total of a cart's lines: lines no longer sold add to neither total. */
export function cartTotals(lines: Pick<CartLineView, 'quantity' | 'subtotalCents' | 'available'>[]): {
  count: number;
  totalCents: number;
} {
  let count = 0;
  let totalCents = 0;
  for (const line of lines) {
    count += line.quantity;
    if (line.available) totalCents += line.subtotalCents;
  }
  return { count, totalCents };
}
