import type { APIRoute } from 'astro';
import { makeDefaultList } from '../../../../features/lists/lists.server.ts';
import { listApiError, requireListUser, requirePathId } from '../../../../features/lists/lists-api.server.ts';
import { getDb } from '../../../../lib/db/index.server.ts';

export const prerender = false;

/** Makes this list the user's default (and the old default a plain list), atomically. */
export const POST: APIRoute = async ({ locals, params }) => {
  const { user, t } = requireListUser(locals);
  const listId = requirePathId(params.id, t);
  try {
    await makeDefaultList(await getDb(), user.id, listId);
    return new Response(null, { status: 204 });
  } catch (error) {
    throw listApiError(error, t, 'makeDefault');
  }
};
