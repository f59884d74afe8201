import type { APIRoute } from 'astro';
import { searchProducts } from '../../features/search/search.server.ts';
import { parseSearchApiParams } from '../../features/search/search.ts';
import { getDb } from '../../lib/db/index.server.ts';
import { json } from '../../lib/http/api.ts';

export const prerender = false;

/** GET /api/search?q=&page=&size=[&locale=en|fr]: one page of results, in the caller's language. */
export const GET: APIRoute = async ({ url, locals }) => {
  const { locale = locals.locale, ...input } = parseSearchApiParams(url.searchParams);
  const { signals: _signals, pass: _pass, ...results } = await searchProducts(await getDb(), input, { locale });
  return json({ ...results, locale });
};
