import type { APIRoute } from 'astro';
import { requireUser } from '../../../../features/accounts/auth.server.ts';
import { QuoteNotFoundError, reorderQuoteRequest } from '../../../../features/quotes/history/history.server.ts';
import { parseQuoteId } from '../../../../features/quotes/model/quote.ts';
import { getDb } from '../../../../lib/db/index.server.ts';
import { ApiError, json } from '../../../../lib/http/api.ts';
import { getT } from '../../../../lib/i18n/index.ts';

export const prerender = false;

/**
 * Adds a request's items to the signed-in user's cart at today's prices; answers the new
 * count, how many were added and the names of those no longer sold (skipped).
 */
export const POST: APIRoute = async ({ params, locals }) => {
  const user = requireUser(locals);
  const notFound = new ApiError(404, 'not_found', getT(locals.locale, 'errors')('http.notFound'));
  const id = parseQuoteId(params.id);
  if (id === null) throw notFound;
  try {
    return json(await reorderQuoteRequest(await getDb(), user.id, id, locals.locale));
  } catch (error) {
    if (error instanceof QuoteNotFoundError) throw notFound;
    throw new ApiError(500, 'reorder_failed', getT(locals.locale, 'quotes')('reorder.error'), { cause: error });
  }
};
