import type { APIRoute } from 'astro';
import { cartSummary, resolveCartOwner } from '../../../features/cart/cart.server.ts';
import { getDb } from '../../../lib/db/index.server.ts';
import { json } from '../../../lib/http/api.ts';

export const prerender = false;

/** { count }: what the header shows. A guest with no cart yet has 0, and gets no cookie. */
export const GET: APIRoute = async ({ url, cookies, locals }) => {
  const owner = resolveCartOwner({ cookies, url, userId: locals.user?.id ?? null }, { create: false });
  return json(owner ? await cartSummary(await getDb(), owner) : { count: 0 });
};
