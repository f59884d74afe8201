import { requestJson } from '../../lib/http/request.ts';
import { $cartCount } from '../shell/stores.ts';
import type { AddCartItem, CartSummary } from './cart.ts';

/** Adds to the cart and updates the header's count; throws RequestError on failure. */
export async function addToCart(item: AddCartItem): Promise<CartSummary> {
  const summary = await requestJson<CartSummary>('/api/cart/items', { method: 'POST', body: item });
  $cartCount.set(summary.count);
  return summary;
}

/** The header's count from the server: once per page, so another tab's adds show up. */
export async function refreshCartCount(): Promise<void> {
  try {
    const summary = await requestJson<CartSummary>('/api/cart/summary');
    $cartCount.set(summary.count);
  } catch (error) {
    // The remembered count stays on screen; the next page asks again.
    console.warn('Could not refresh the cart count', error);
  }
}
