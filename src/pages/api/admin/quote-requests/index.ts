import type { APIRoute } from 'astro';
import { requireAdmin } from '../../../../features/accounts/auth.server.ts';
import { listQuoteRequests } from '../../../../features/quotes/desk/desk.server.ts';
import { parseQuoteListQuery } from '../../../../features/quotes/desk/desk.ts';
import { getDb } from '../../../../lib/db/index.server.ts';
import { json } from '../../../../lib/http/api.ts';

export const prerender = false;

/** The quote requests of the list page: the same query string (search, filters, sort, page). */
export const GET: APIRoute = async ({ url, locals }) => {
  const staff = requireAdmin(locals);
  const query = { ...parseQuoteListQuery(url.searchParams), viewerId: staff.id };
  return json(await listQuoteRequests(await getDb(), query));
};
