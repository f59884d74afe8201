/**
 * The cart's plain-HTML forms, which work without JavaScript
 * (docs/decisions/048-native-first-islands.md). The product page's Add to Cart posts to
 * CART_FORM_ACTION and comes back to its page with #cart-added or #cart-not-added; each cart
 * line's quantity and remove post to CART_FORM_ACTION/{id} and come back to the cart page with
 * `?cart=` (and `&line=`) saying what happened. No schema library here: islands import it.
 */
export const CART_FORM_ACTION = '/cart/items';
export const CART_ADDED_FRAGMENT = 'cart-added';
export const CART_NOT_ADDED_FRAGMENT = 'cart-not-added';
export const CART_NOTICE_PARAM = 'cart';
export const CART_NOTICE_LINE_PARAM = 'line';
