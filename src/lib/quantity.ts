/**
 * The most of one variant a line holds, in a cart, a wish list or a quote request (the
 * cart_items, wishlist_items and quote_request_items check constraints), and the quantity
 * rule without a schema library, so islands load no zod for it. The zod schemas build on it.
 */

/** The most of one variant a line holds. */
export const MAX_QUANTITY = 9999;

/**
 * What a quantity field holds as a line quantity: a whole number, 1 to 9,999, or undefined
 * for anything else (empty, 0, negative, a fraction, text).
 */
export function parseQuantity(text: string): number | undefined {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return undefined;
  const value = Number(trimmed);
  return isQuantity(value) ? value : undefined;
}

/** A whole number from 1 to MAX_QUANTITY. */
export function isQuantity(value: number): boolean {
  return Number.isInteger(value) && value >= 1 && value <= MAX_QUANTITY;
}
