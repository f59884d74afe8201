import { setTimeout as sleep } from 'node:timers/promises';
import type { APIRoute } from 'astro';
import { resendConfirmation } from '../../../features/accounts/accounts.server.ts';
import { EmailSchema } from '../../../features/accounts/accounts.ts';
import { accountDeps, accountSchemaOptions, clientAddressOf } from '../../../features/accounts/auth.server.ts';
import { ApiError } from '../../../lib/http/api.ts';
import { parseInput, readJson } from '../../../lib/http/body.ts';
import { getT } from '../../../lib/i18n/index.ts';
import { MailDeliveryError } from '../../../lib/mail/mail-delivery-error.ts';

export const prerender = false;

/** Long enough for a delivery, so the time taken does not tell which addresses are unconfirmed. */
const MIN_RESPONSE_MS = 400;

/** POST { email } → 204 whether or not the address has an unconfirmed account; 502 when sending failed. */
export const POST: APIRoute = async (context) => {
  const { locals, request } = context;
  const options = await accountSchemaOptions(locals.locale);
  const { email } = parseInput(EmailSchema(options.messages), await readJson(request, locals.locale), locals.locale);
  const deps = await accountDeps();
  const started = performance.now();
  let failure: MailDeliveryError | undefined;
  try {
    await resendConfirmation(deps, email, clientAddressOf(context));
  } catch (error) {
    if (!(error instanceof MailDeliveryError)) throw error;
    failure = error;
  }
  const elapsed = performance.now() - started;
  if (elapsed < MIN_RESPONSE_MS) await sleep(MIN_RESPONSE_MS - elapsed);
  if (failure) {
    throw new ApiError(502, 'confirmation_send_failed', getT(locals.locale, 'accounts')('signIn.resendFailedBody'), {
      cause: failure,
    });
  }
  return new Response(null, { status: 204 });
};
