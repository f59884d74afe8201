import type { APIRoute } from 'astro';
import { accountSchemaOptions, requireUser } from '../../../features/accounts/auth.server.ts';
import { updateDetails } from '../../../features/profile/profile.server.ts';
import { ProfileDetailsSchema } from '../../../features/profile/profile.ts';
import { getDb } from '../../../lib/db/index.server.ts';
import { ApiError, json } from '../../../lib/http/api.ts';
import { parseInput, readJson } from '../../../lib/http/body.ts';
import { getT } from '../../../lib/i18n/index.ts';

export const prerender = false;

/** PATCH { firstName, lastName, phone, isLandscapeProfessional } → the saved details. */
export const PATCH: APIRoute = async ({ locals, request }) => {
  const user = requireUser(locals);
  const { messages } = await accountSchemaOptions(locals.locale);
  const input = parseInput(ProfileDetailsSchema(messages), await readJson(request, locals.locale), locals.locale);
  const result = await updateDetails(await getDb(), user.id, input);
  if (result === 'trade_linked') {
    throw new ApiError(409, 'trade_account_linked', getT(locals.locale, 'profile')('details.professionalLocked'), {
      fields: { isLandscapeProfessional: getT(locals.locale, 'profile')('details.professionalLocked') },
    });
  }
  return json(input);
};
