import type { APIRoute } from 'astro';
import { emailTakenForSignUp } from '../../../../features/accounts/accounts.server.ts';
import { RegisterStepSchemas } from '../../../../features/accounts/accounts.ts';
import { accountDeps, accountSchemaOptions, clientAddressOf } from '../../../../features/accounts/auth.server.ts';
import { passwordWeakness, weakPasswordError } from '../../../../features/accounts/password-policy.server.ts';
import { ApiError } from '../../../../lib/http/api.ts';
import { parseInput, readJson } from '../../../../lib/http/body.ts';
import { getT } from '../../../../lib/i18n/index.ts';

export const prerender = false;

/**
 * POST the sign-up's first step { firstName, lastName, email, phone, password, confirmPassword }
 * → 204 when the next step may follow; else what the sign-up would refuse in it, with its field:
 * 409 `email_taken`, 422 a weak password. The sign-up checks all of it again when sent.
 */
export const POST: APIRoute = async (context) => {
  const { locals, request } = context;
  const options = await accountSchemaOptions(locals.locale);
  const data = parseInput(RegisterStepSchemas(options).details, await readJson(request, locals.locale), locals.locale);
  const weakness = passwordWeakness(data.password, data.email);
  if (weakness) throw weakPasswordError(weakness, locals.locale);
  if (await emailTakenForSignUp(await accountDeps(), data.email, clientAddressOf(context))) {
    const message = getT(locals.locale, 'accounts')('validation.emailTaken');
    throw new ApiError(409, 'email_taken', message, { fields: { email: message } });
  }
  return new Response(null, { status: 204 });
};
