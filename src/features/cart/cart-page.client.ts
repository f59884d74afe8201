import { api } from '../../lib/http/client.ts';
import { publishCartCount, setCartCount } from './cart.client.ts';
import type { CartView } from './cart.ts';

// The cart page's calls, apart from cart.client.ts so the shell on every page does not carry them.

/** The cart page's lines and totals, priced by the server, in the page's language. */
export async function loadCart(locale: 'en' | 'fr'): Promise<CartView> {
  const view = await api<CartView>(`/api/cart?locale=${locale}`);
  setCartCount(view.count);
  return view;
}

/** Sets a line's quantity; resolves the whole cart as the server now prices it. */
export async function updateCartLine(lineId: number, quantity: number, locale: 'en' | 'fr'): Promise<CartView> {
  const view = await api<CartView>(`/api/cart/items/${lineId}?locale=${locale}`, {
    method: 'PATCH',
    body: { quantity },
  });
  publishCartCount(view.count);
  return view;
}

/** Removes a line; resolves the whole cart as the server now prices it. */
export async function removeCartLine(lineId: number, locale: 'en' | 'fr'): Promise<CartView> {
  const view = await api<CartView>(`/api/cart/items/${lineId}?locale=${locale}`, { method: 'DELETE' });
  publishCartCount(view.count);
  return view;
}
