import { $cartCount } from '../../lib/cart-count.ts';
import { api } from '../../lib/http/client.ts';
import { createFetcherStore, queryCache } from '../../lib/http/query.ts';
import type { AddCartItem, CartAddResult, CartSummary } from './cart.ts';

/**
 * The browser's cart calls. Each goes through `api` (the one HTTP client), so a session about to end (or
 * ended) on a static page is refreshed first and the add reaches the customer's own cart,
 * not a new guest cart. Every change sets the header's count here and tells the other open
 * tabs of the store, whose headers (and cart page) follow at once.
 */
const CHANNEL_NAME = 'nursery:cart';
const SUMMARY_KEY = '/api/cart/summary';
interface CartMessage {
  type: 'cart-changed';
  count: number;
}

const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(CHANNEL_NAME) : undefined;
const listeners = new Set<(count: number) => void>();
channel?.addEventListener('message', (event: MessageEvent<CartMessage>) => {
  const { data } = event;
  if (data?.type !== 'cart-changed' || !Number.isInteger(data.count) || data.count < 0) return;
  setCartCount(data.count);
  for (const listener of listeners) listener(data.count);
});

/** This tab's header and cached summary hold `count` (a read: the other tabs are not told). */
export function setCartCount(count: number): void {
  $cartCount.set(count);
  queryCache.mutateCache(SUMMARY_KEY, { count } satisfies CartSummary);
}

/** The cart now holds `count` units: this tab's header and cached summary, then every other tab's. */
export function publishCartCount(count: number): void {
  setCartCount(count);
  const message: CartMessage = { type: 'cart-changed', count };
  channel?.postMessage(message);
}

/** Calls `listener` when another tab changes the cart; returns the way to stop. */
export function onCartChangedElsewhere(listener: (count: number) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Adds to the cart and updates the header's count; answers how many were added (fewer than
 * asked when the line reached 9,999). Throws ApiError on failure.
 */
export async function addToCart(item: AddCartItem): Promise<CartAddResult> {
  const result = await api<CartAddResult>('/api/cart/items', { method: 'POST', body: item });
  publishCartCount(result.count);
  return result;
}

/**
 * The cart's summary through the one data cache (decision 032): read once per page, so that
 * another tab's adds show up, and kept by every change made here. A passive read: it runs
 * while the page loads, beside the session load that refreshes an ended session by itself,
 * and a token check of its own could race that load and send a visitor with a stale cached
 * session to sign-in (or away from an /auth/ page).
 */
export const $cartSummary = createFetcherStore<CartSummary>(SUMMARY_KEY, {
  fetcher: () => api<CartSummary>(SUMMARY_KEY, { passive: true }),
  // The remembered count stays on screen meanwhile.
  onError: (error) => console.warn('Could not refresh the cart count', error),
});

/** The header's count follows the server's summary: at load, and on a page restored from the back/forward cache. */
export function followCartCount(): void {
  $cartSummary.subscribe(({ data }) => {
    if (data) $cartCount.set(data.count);
  });
  window.addEventListener('pageshow', (event) => {
    if (event.persisted) $cartSummary.invalidate();
  });
}
