import type { APIRoute } from 'astro';
import { requireAdmin } from '../../../../../features/accounts/auth.server.ts';
import { notFound, requireQuoteId } from '../../../../../features/quotes/desk/http.server.ts';
import { assignOwner } from '../../../../../features/quotes/queue/queue.server.ts';
import { AssignOwnerSchema } from '../../../../../features/quotes/queue/queue.ts';
import { getDb } from '../../../../../lib/db/index.server.ts';
import { json } from '../../../../../lib/http/api.ts';
import { parseInput, readJson } from '../../../../../lib/http/body.ts';

export const prerender = false;

/** A staff member gives a request an owner: { assignee: 'me' | staff id | null }. */
export const POST: APIRoute = async ({ params, request, locals }) => {
  const staff = requireAdmin(locals);
  const quoteId = requireQuoteId(params.id, locals.locale);
  const input = parseInput(AssignOwnerSchema, await readJson(request, locals.locale), locals.locale);
  const assigneeId = input.assignee === 'me' ? staff.id : input.assignee;
  const done = await assignOwner(await getDb(), { quoteId, assigneeId, staffId: staff.id }, locals.locale);
  if (!done) throw notFound(locals.locale);
  return json({ assigneeId });
};
