import type { APIRoute } from 'astro';
import { deleteList, loadList, updateList } from '../../../../features/lists/lists.server.ts';
import { ListDetailsSchema } from '../../../../features/lists/lists.ts';
import { listApiError, requireListUser, requirePathId } from '../../../../features/lists/lists-api.server.ts';
import { getDb } from '../../../../lib/db/index.server.ts';
import { ApiError, json } from '../../../../lib/http/api.ts';
import { parseInput, readJson } from '../../../../lib/http/body.ts';
import { resources } from '../../../../lib/i18n/index.ts';

export const prerender = false;

/** One of the user's lists with its lines and today's prices; another user's list is a 404. */
export const GET: APIRoute = async ({ locals, params }) => {
  const { user, locale, t } = requireListUser(locals);
  const list = await loadList(await getDb(), user, requirePathId(params.id, t), locale);
  if (!list) throw new ApiError(404, 'not_found', t('errors.notFound'));
  return json(list);
};

/** PATCH { name, description } → the list renamed and described. */
export const PATCH: APIRoute = async ({ locals, params, request }) => {
  const { user, locale, t } = requireListUser(locals);
  const listId = requirePathId(params.id, t);
  const schema = ListDetailsSchema(resources[locale].lists.validation);
  const input = parseInput(schema, await readJson(request, locale), locale);
  try {
    return json(await updateList(await getDb(), user.id, listId, input));
  } catch (error) {
    throw listApiError(error, t, 'edit');
  }
};

/** Deletes a list; the default (`wishlist_not_safe_to_destroy`) and the only list are refused (409). */
export const DELETE: APIRoute = async ({ locals, params }) => {
  const { user, t } = requireListUser(locals);
  const listId = requirePathId(params.id, t);
  try {
    await deleteList(await getDb(), user.id, listId);
    return new Response(null, { status: 204 });
  } catch (error) {
    throw listApiError(error, t, 'delete');
  }
};
