import type { APIRoute } from 'astro';
import { requireUser } from '../../../../features/accounts/auth.server.ts';
import { loadOwnQuote } from '../../../../features/quotes/history/history.server.ts';
import { customerQuote } from '../../../../features/quotes/history/history.ts';
import { parseQuoteId } from '../../../../features/quotes/model/quote.ts';
import { getDb } from '../../../../lib/db/index.server.ts';
import { ApiError, json } from '../../../../lib/http/api.ts';
import { getT } from '../../../../lib/i18n/index.ts';

export const prerender = false;

/** One of the signed-in user's quote requests; anyone else's is a 404 that says nothing of it. */
export const GET: APIRoute = async ({ params, locals }) => {
  const user = requireUser(locals);
  const notFound = new ApiError(404, 'not_found', getT(locals.locale, 'errors')('http.notFound'));
  const id = parseQuoteId(params.id);
  if (id === null) throw notFound;
  const quote = await loadOwnQuote(await getDb(), user.id, id);
  if (!quote) throw notFound;
  return json(customerQuote(quote, locals.locale));
};
