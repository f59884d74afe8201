/**
 * The cart's plain-HTML forms, which work without JavaScript
 * (docs/decisions/048-native-first-islands.md). The product page's Add to Cart posts to
 * CART_FORM_ACTION and comes back to its page with a fragment saying what happened
 * (CART_ADD_FRAGMENT); each cart line's quantity and remove post to CART_FORM_ACTION/{id} and
 * come back to the cart page with `?cart=` (and `&line=`) saying what happened. No schema
 * library here: islands import it.
 */
export const CART_FORM_ACTION = '/cart/items';
export const CART_NOTICE_PARAM = 'cart';
export const CART_NOTICE_LINE_PARAM = 'line';

/**
 * What an add to the cart did, for the island and the form alike, so both say the same:
 * everything asked for was added; only what fitted, the line now at 9,999; nothing, the line
 * was full already. Or nothing was added because the size is not sold (`not-added`) or the
 * quantity is not a whole number from 1 to 9,999 (`invalid-quantity`).
 */
export type CartAddOutcome = 'added' | 'added-to-maximum' | 'at-maximum' | 'not-added' | 'invalid-quantity';

/** The outcome of an add that reached the cart: `requested` asked for, `added` taken in. */
export function cartAddOutcome(requested: number, added: number): 'added' | 'added-to-maximum' | 'at-maximum' {
  if (added >= requested) return 'added';
  return added > 0 ? 'added-to-maximum' : 'at-maximum';
}

/** The product page's note for each outcome, shown by CSS `:target` when the form comes back. */
export const CART_ADD_FRAGMENT: Record<CartAddOutcome, string> = {
  added: 'cart-added',
  'added-to-maximum': 'cart-added-to-maximum',
  'at-maximum': 'cart-at-maximum',
  'not-added': 'cart-not-added',
  'invalid-quantity': 'cart-invalid-quantity',
};
