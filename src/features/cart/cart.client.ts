import { api } from '../../lib/http/client.ts';
import { $cartCount } from '../shell/stores.ts';
import type { AddCartItem, CartSummary } from './cart.ts';

/**
 * The browser's cart calls. Each goes through `api` (the one HTTP client), so a session about to end (or
 * ended) on a static page is refreshed first and the add reaches the customer's own cart,
 * not a new guest cart. Every change sets the header's count here and tells the other open
 * tabs of the store, whose headers (and cart page) follow at once.
 */
const CHANNEL_NAME = 'nursery:cart';
interface CartMessage {
  type: 'cart-changed';
  count: number;
}

const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(CHANNEL_NAME) : undefined;
const listeners = new Set<(count: number) => void>();
channel?.addEventListener('message', (event: MessageEvent<CartMessage>) => {
  const { data } = event;
  if (data?.type !== 'cart-changed' || !Number.isInteger(data.count) || data.count < 0) return;
  $cartCount.set(data.count);
  for (const listener of listeners) listener(data.count);
});

/** The cart now holds `count` units: this tab's header, then every other tab's. */
export function publishCartCount(count: number): void {
  $cartCount.set(count);
  const message: CartMessage = { type: 'cart-changed', count };
  channel?.postMessage(message);
}

/** Calls `listener` when another tab changes the cart; returns the way to stop. */
export function onCartChangedElsewhere(listener: (count: number) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Adds to the cart and updates the header's count; throws ApiError on failure. */
export async function addToCart(item: AddCartItem): Promise<CartSummary> {
  const summary = await api<CartSummary>('/api/cart/items', { method: 'POST', body: item });
  publishCartCount(summary.count);
  return summary;
}

/**
 * The header's count from the server: once per page, so another tab's adds show up. A
 * passive read: it runs while the page loads, beside the session load that refreshes an
 * ended session by itself, and a token check of its own could race that load and send a
 * visitor with a stale cached session to sign-in (or away from an /auth/ page).
 */
export async function refreshCartCount(): Promise<void> {
  try {
    const summary = await api<CartSummary>('/api/cart/summary', { passive: true });
    if (summary.count !== $cartCount.get()) publishCartCount(summary.count);
  } catch (error) {
    // The remembered count stays on screen; the next page asks again.
    console.warn('Could not refresh the cart count', error);
  }
}
