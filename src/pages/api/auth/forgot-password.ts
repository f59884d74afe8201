import type { APIRoute } from 'astro';
import { limitPasswordResetRequest, sendPasswordResetLink } from '../../../features/accounts/accounts.server.ts';
import { EmailSchema } from '../../../features/accounts/accounts.ts';
import { accountDeps, accountSchemaOptions, clientAddressOf } from '../../../features/accounts/auth.server.ts';
import { parseInput, readJson } from '../../../lib/http/body.ts';
import { log } from '../../../lib/log.ts';

export const prerender = false;

/**
 * POST { email } → 204, the same answer at the same speed whether the address has an
 * account or not: the link is looked up and mailed after the answer has gone.
 */
export const POST: APIRoute = async (context) => {
  const { locals, request } = context;
  const options = await accountSchemaOptions(locals.locale);
  const { email } = parseInput(EmailSchema(options.messages), await readJson(request, locals.locale), locals.locale);
  const deps = await accountDeps();
  await limitPasswordResetRequest(deps, email, clientAddressOf(context));
  sendPasswordResetLink(deps, email).catch((error: unknown) => {
    log('error', 'password_reset_mail_failed', { requestId: locals.requestId, error });
  });
  return new Response(null, { status: 204 });
};
