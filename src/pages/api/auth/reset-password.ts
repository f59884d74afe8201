import type { APIRoute } from 'astro';
import { resetPassword } from '../../../features/accounts/accounts.server.ts';
import { ResetPasswordSchema } from '../../../features/accounts/accounts.ts';
import { accountDeps, accountSchemaOptions } from '../../../features/accounts/auth.server.ts';
import { weakPasswordError } from '../../../features/accounts/password-policy.server.ts';
import { ApiError } from '../../../lib/http/api.ts';
import { parseInput, readJson } from '../../../lib/http/body.ts';
import { getT } from '../../../lib/i18n/index.ts';

export const prerender = false;

/** POST { token, password, confirmPassword } → 204; the link works once, within the hour. */
export const POST: APIRoute = async ({ locals, request }) => {
  const options = await accountSchemaOptions(locals.locale);
  const input = parseInput(ResetPasswordSchema(options), await readJson(request, locals.locale), locals.locale);
  const outcome = await resetPassword(await accountDeps(), input.token, input.password);
  if (outcome === 'expired') {
    throw new ApiError(410, 'reset_token_expired', getT(locals.locale, 'accounts')('reset.expired'));
  }
  if (outcome !== 'reset') throw weakPasswordError(outcome, locals.locale);
  return new Response(null, { status: 204 });
};
