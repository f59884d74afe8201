import type { APIRoute } from 'astro';
import { limitPasswordResetRequest, queuePasswordResetLink } from '../../../features/accounts/accounts.server.ts';
import { EmailSchema } from '../../../features/accounts/accounts.ts';
import { accountDeps, accountSchemaOptions, clientAddressOf } from '../../../features/accounts/auth.server.ts';
import { parseInput, readJson } from '../../../lib/http/body.ts';

export const prerender = false;

/**
 * POST { email } → 204, the same answer after the same work whether the address has an
 * account or not: an outbox row either way, and the mail-outbox worker looks the account up
 * and mails the link after the answer has gone.
 */
export const POST: APIRoute = async (context) => {
  const { locals, request } = context;
  const options = await accountSchemaOptions(locals.locale);
  const { email } = parseInput(EmailSchema(options.messages), await readJson(request, locals.locale), locals.locale);
  const deps = await accountDeps();
  await limitPasswordResetRequest(deps, email, clientAddressOf(context));
  await queuePasswordResetLink(deps, email);
  return new Response(null, { status: 204 });
};
