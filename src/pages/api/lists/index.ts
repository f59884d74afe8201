import type { APIRoute } from 'astro';
import { createList, listsOfUser } from '../../../features/lists/lists.server.ts';
import { ListDetailsSchema } from '../../../features/lists/lists.ts';
import { listApiError, requireListUser } from '../../../features/lists/lists-api.server.ts';
import { getDb } from '../../../lib/db/index.server.ts';
import { json } from '../../../lib/http/api.ts';
import { parseInput, readJson } from '../../../lib/http/body.ts';
import { resources } from '../../../lib/i18n/index.ts';

export const prerender = false;

/** The signed-in user's lists: `{ lists: [{ id, name, description, isDefault, itemCount }] }`. */
export const GET: APIRoute = async ({ locals }) => {
  const { user } = requireListUser(locals);
  return json({ lists: await listsOfUser(await getDb(), user.id) });
};

/** POST { name, description? } → 201 and the new list (the user's first list is the default). */
export const POST: APIRoute = async ({ locals, request }) => {
  const { user, locale, t } = requireListUser(locals);
  const schema = ListDetailsSchema(resources[locale].lists.validation);
  const input = parseInput(schema, await readJson(request, locale), locale);
  try {
    return json(await createList(await getDb(), user.id, input), { status: 201 });
  } catch (error) {
    throw listApiError(error, t, 'create');
  }
};
