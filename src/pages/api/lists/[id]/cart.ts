import type { APIRoute } from 'astro';
import { addListToCart } from '../../../../features/lists/lists.server.ts';
import { ListToCartSchema } from '../../../../features/lists/lists.ts';
import { listApiError, requireListUser, requirePathId } from '../../../../features/lists/lists-api.server.ts';
import { getDb } from '../../../../lib/db/index.server.ts';
import { json } from '../../../../lib/http/api.ts';
import { parseInput, readJson } from '../../../../lib/http/body.ts';

export const prerender = false;

/**
 * POST {} (every line) or { variantIds } (those lines) → puts them in the user's cart at
 * today's prices: `{ count, added, skipped: [{ variantId, name, sizeLabel }] }`, where
 * skipped names the plants no longer for sale.
 */
export const POST: APIRoute = async ({ locals, params, request }) => {
  const { user, locale, t } = requireListUser(locals);
  const listId = requirePathId(params.id, t);
  const { variantIds } = parseInput(ListToCartSchema, await readJson(request, locale), locale);
  try {
    return json(await addListToCart(await getDb(), user.id, listId, locale, variantIds));
  } catch (error) {
    throw listApiError(error, t, 'addAll');
  }
};
