import type { APIRoute } from 'astro';
import { cartView, requestedLocale, resolveCartOwner } from '../../../features/cart/cart.server.ts';
import { getDb } from '../../../lib/db/index.server.ts';
import { json } from '../../../lib/http/api.ts';

export const prerender = false;

/** The cart page's data: every line, priced for this shopper, and the estimated total. */
export const GET: APIRoute = async ({ url, cookies, locals }) => {
  const owner = resolveCartOwner({ cookies, url, userId: locals.user?.id ?? null }, { create: false });
  return json(await cartView(await getDb(), owner, locals.user, requestedLocale(url, locals.locale)));
};
