import { atom } from 'nanostores';

/**
 * Number of items in the cart, shown in the header. The cart keeps it current; the page
 * shell draws it and remembers it for the tab under CART_COUNT_KEY; the product page's
 * add-to-cart sets it too. A plain nanostore, shared by scripts and islands alike.
 */
export const CART_COUNT_KEY = 'nursery:cart-count';
export const $cartCount = atom<number>(0);
