import type { APIRoute } from 'astro';
import { requireUser } from '../../../features/accounts/auth.server.ts';
import { setDefaultLocation } from '../../../features/profile/profile.server.ts';
import { DefaultLocationSchema } from '../../../features/profile/profile.ts';
import { getDb } from '../../../lib/db/index.server.ts';
import { ApiError, json } from '../../../lib/http/api.ts';
import { parseInput, readJson } from '../../../lib/http/body.ts';
import { getT } from '../../../lib/i18n/index.ts';

export const prerender = false;

/** PUT { locationId } → sets the signed-in user's sales yard (null clears it). */
export const PUT: APIRoute = async ({ locals, request }) => {
  const user = requireUser(locals);
  const { locationId } = parseInput(DefaultLocationSchema, await readJson(request, locals.locale), locals.locale);
  if (!(await setDefaultLocation(await getDb(), user.id, locationId))) {
    const message = getT(locals.locale, 'accounts')('validation.locationRequired');
    throw new ApiError(422, 'invalid', message, { fields: { locationId: message } });
  }
  return json({ locationId });
};
