import type { APIRoute } from 'astro';
import { resendConfirmation } from '../../../features/accounts/accounts.server.ts';
import { ResendConfirmationSchema } from '../../../features/accounts/accounts.ts';
import { accountDeps, accountSchemaOptions, clientAddressOf } from '../../../features/accounts/auth.server.ts';
import { parseInput, readJson } from '../../../lib/http/body.ts';

export const prerender = false;

/**
 * POST { email, redirect? } → 204 whether or not the address has an unconfirmed account, after the same
 * work (an outbox row for any address): the mail-outbox worker sends the link, retrying a
 * failed delivery, after the answer.
 */
export const POST: APIRoute = async (context) => {
  const { locals, request } = context;
  const options = await accountSchemaOptions(locals.locale);
  const { email, redirect } = parseInput(
    ResendConfirmationSchema(options.messages),
    await readJson(request, locals.locale),
    locals.locale,
  );
  await resendConfirmation(await accountDeps(), email, clientAddressOf(context), redirect);
  return new Response(null, { status: 204 });
};
