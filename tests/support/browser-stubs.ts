import { vi } from 'vitest';
import type { SessionData } from '../../src/features/accounts/accounts.ts';

/**
 * What the browser-side unit tests stub in place of a browser: the page's location, a
 * sessionStorage held in memory, and JSON answers. The demo customer's session as
 * `GET /api/session` gives it.
 */

export const customerSession: SessionData = {
  user: { firstName: 'Emily', lastName: 'Chen', email: 'customer@example.com', role: 'customer' },
  customer_type: { id: 1, name: 'Retail' },
  trade_pricing: false,
  default_location_id: 1,
};

export const jsonResponse = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** Stubs `location` (at `pathname`, with `search`) and an empty in-memory `sessionStorage`. */
export function stubPage(pathname: string, search = '') {
  const store = new Map<string, string>();
  const location = { pathname, search, assign: vi.fn() };
  vi.stubGlobal('location', location);
  vi.stubGlobal('sessionStorage', {
    getItem: (key: string) => store.get(key) ?? null,
    setItem: (key: string, value: string) => store.set(key, value),
    removeItem: (key: string) => store.delete(key),
  });
  return { location, store };
}
