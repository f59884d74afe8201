import type { APIRoute } from 'astro';
import { FromPricesQuerySchema, fromPricesFor } from '../../../features/catalog/from-prices.server.ts';
import { getDb } from '../../../lib/db/index.server.ts';
import { json } from '../../../lib/http/api.ts';
import { parseInput } from '../../../lib/http/body.ts';

export const prerender = false;

/**
 * `?ids=3,14,15`: the lowest price the current shopper pays for each product, so a catalogue
 * page built with list prices can show a trade shopper theirs.
 */
export const GET: APIRoute = async ({ url, locals }) => {
  const { ids } = parseInput(FromPricesQuerySchema, { ids: url.searchParams.get('ids') ?? '' }, locals.locale);
  return json(await fromPricesFor(await getDb(), ids, locals.user), {
    headers: { 'cache-control': 'private, no-store' },
  });
};
