import type { APIRoute } from 'astro';
import {
  accountDeps,
  accountSchemaOptions,
  clientAddressOf,
  requireUser,
} from '../../../features/accounts/auth.server.ts';
import { weakPasswordError } from '../../../features/accounts/password-policy.server.ts';
import { familyOfSession } from '../../../features/accounts/session.server.ts';
import { changePassword } from '../../../features/profile/profile.server.ts';
import { ChangePasswordSchema } from '../../../features/profile/profile.ts';
import { ApiError } from '../../../lib/http/api.ts';
import { parseInput, readJson } from '../../../lib/http/body.ts';
import { getT } from '../../../lib/i18n/index.ts';

export const prerender = false;

/** POST { currentPassword, password, confirmPassword } → 204; other devices are signed out. */
export const POST: APIRoute = async (context) => {
  const { locals, request } = context;
  const user = requireUser(locals);
  const options = await accountSchemaOptions(locals.locale);
  const input = parseInput(ChangePasswordSchema(options), await readJson(request, locals.locale), locals.locale);
  const deps = await accountDeps();
  const keep = await familyOfSession(deps.db, locals.session?.refreshTokenId ?? null);
  const result = await changePassword(deps, user.id, input, keep, clientAddressOf(context));
  if (result === 'wrong_password') {
    const message = getT(locals.locale, 'profile')('email.wrongPassword');
    throw new ApiError(403, 'wrong_password', message, { fields: { currentPassword: message } });
  }
  if (result !== 'changed') throw weakPasswordError(result, locals.locale);
  return new Response(null, { status: 204 });
};
