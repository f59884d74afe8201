import { z } from 'zod';
import { IdSchema } from '../../lib/ids.ts';

/** POST /api/cart/items: one variant and how many of it to add. */
export const AddCartItemSchema = z.object({
  variantId: IdSchema,
  quantity: z.number().int().min(1).max(9999),
});
export type AddCartItem = z.infer<typeof AddCartItemSchema>;

/** The most of one variant a cart line holds (the cart_items check constraint). */
export const MAX_LINE_QUANTITY = 9999;

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
