import type { APIRoute } from 'astro';
import { removeListItem, setListItemQuantity } from '../../../../../features/lists/lists.server.ts';
import { ListItemQuantitySchema } from '../../../../../features/lists/lists.ts';
import { listApiError, requireListUser, requirePathId } from '../../../../../features/lists/lists-api.server.ts';
import { getDb } from '../../../../../lib/db/index.server.ts';
import { json } from '../../../../../lib/http/api.ts';
import { parseInput, readJson } from '../../../../../lib/http/body.ts';
import { resources } from '../../../../../lib/i18n/index.ts';

export const prerender = false;

/** PATCH { quantity } (1–9,999) → the line's new quantity. Lines are named by their variant. */
export const PATCH: APIRoute = async ({ locals, params, request }) => {
  const { user, locale, t } = requireListUser(locals);
  const listId = requirePathId(params.id, t);
  const variantId = requirePathId(params.variantId, t);
  const schema = ListItemQuantitySchema(resources[locale].lists.validation);
  const { quantity } = parseInput(schema, await readJson(request, locale), locale);
  try {
    return json(await setListItemQuantity(await getDb(), user.id, listId, variantId, quantity));
  } catch (error) {
    throw listApiError(error, t, 'quantity');
  }
};

/** Takes the plant off the list. */
export const DELETE: APIRoute = async ({ locals, params }) => {
  const { user, t } = requireListUser(locals);
  const listId = requirePathId(params.id, t);
  const variantId = requirePathId(params.variantId, t);
  try {
    await removeListItem(await getDb(), user.id, listId, variantId);
    return new Response(null, { status: 204 });
  } catch (error) {
    throw listApiError(error, t, 'removeItem');
  }
};
