import type { APIRoute } from 'astro';
import { requireUser } from '../../../../features/accounts/auth.server.ts';
import { loadQuoteRequest } from '../../../../features/quotes/history/history.server.ts';
import { QuoteIdSchema } from '../../../../features/quotes/history/history.ts';
import { getDb } from '../../../../lib/db/index.server.ts';
import { ApiError, json } from '../../../../lib/http/api.ts';
import { getT } from '../../../../lib/i18n/index.ts';

export const prerender = false;

/** One of the signed-in user's quote requests; anyone else's is a 404 that says nothing of it. */
export const GET: APIRoute = async ({ params, locals }) => {
  const user = requireUser(locals);
  const notFound = new ApiError(404, 'not_found', getT(locals.locale, 'errors')('http.notFound'));
  const id = QuoteIdSchema.safeParse(params.id);
  if (!id.success) throw notFound;
  const quote = await loadQuoteRequest(await getDb(), user.id, id.data, locals.locale);
  if (!quote) throw notFound;
  return json(quote);
};
