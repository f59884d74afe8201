import type { APIRoute } from 'astro';
import { requireUser } from '../../../features/accounts/auth.server.ts';
import { listQuoteRequests } from '../../../features/quotes/history/history.server.ts';
import { readHistoryQuery } from '../../../features/quotes/history/history.ts';
import { getDb } from '../../../lib/db/index.server.ts';
import { json } from '../../../lib/http/api.ts';

export const prerender = false;

/** The signed-in user's quote requests, newest first: `?page=1&size=10` (sizes 5, 10, 25, 50, 100). */
export const GET: APIRoute = async ({ url, locals }) => {
  const user = requireUser(locals);
  return json(await listQuoteRequests(await getDb(), user.id, readHistoryQuery(url.searchParams)));
};
