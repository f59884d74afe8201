/**
 * The cart's quantity rule without a schema library, so islands (the product page's
 * purchase panel, the cart page) load no zod for it. `cart.ts` builds its schemas on it and
 * re-exports it.
 */

/** The most of one variant a cart line holds (the cart_items check constraint). */
export const MAX_LINE_QUANTITY = 9999;

/**
 * What a quantity field holds as a line quantity: a whole number, 1 to 9,999, or undefined
 * for anything else (empty, 0, negative, a fraction, text).
 */
export function parseQuantity(text: string): number | undefined {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return undefined;
  const value = Number(trimmed);
  return value >= 1 && value <= MAX_LINE_QUANTITY ? value : undefined;
}
