import type { APIRoute } from 'astro';
import { requireAdmin } from '../../../../../features/accounts/auth.server.ts';
import { notFound, requireQuoteId } from '../../../../../features/quotes/desk/http.server.ts';
import { loadQuoteDetail } from '../../../../../features/quotes/model/quote.server.ts';
import { getDb } from '../../../../../lib/db/index.server.ts';
import { json } from '../../../../../lib/http/api.ts';

export const prerender = false;

/** One quote request with its lines, customer, fulfilment, pricing, answer and history. */
export const GET: APIRoute = async ({ params, locals }) => {
  requireAdmin(locals);
  const quote = await loadQuoteDetail(await getDb(), requireQuoteId(params.id, locals.locale));
  if (!quote) throw notFound(locals.locale);
  return json(quote);
};
