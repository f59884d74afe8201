import type { APIRoute } from 'astro';
import { addToList } from '../../../../../features/lists/lists.server.ts';
import { AddToListSchema } from '../../../../../features/lists/lists.ts';
import { listApiError, requireListUser, requirePathId } from '../../../../../features/lists/lists-api.server.ts';
import { getDb } from '../../../../../lib/db/index.server.ts';
import { ApiError, json } from '../../../../../lib/http/api.ts';
import { readJson } from '../../../../../lib/http/body.ts';

export const prerender = false;

/** POST { variantId, quantity } → adds the plant to this list (the product page's chooser). */
export const POST: APIRoute = async ({ locals, params, request }) => {
  const { user, locale, t } = requireListUser(locals);
  const listId = requirePathId(params.id, t);
  const input = AddToListSchema.safeParse(await readJson(request, locale));
  if (!input.success) throw new ApiError(400, 'invalid_list_item', t('errors.addToList'));
  try {
    return json(await addToList(await getDb(), user.id, listId, input.data));
  } catch (error) {
    throw listApiError(error, t, 'addToList');
  }
};
