import type { APIRoute } from 'astro';
import { requireAdmin } from '../../../../features/accounts/auth.server.ts';
import { RetryMailSchema } from '../../../../features/mail-outbox/mail-outbox.ts';
import { mailOutbox } from '../../../../features/mail-outbox/worker.server.ts';
import { getDb } from '../../../../lib/db/index.server.ts';
import { ApiError, json } from '../../../../lib/http/api.ts';
import { parseInput, readJson } from '../../../../lib/http/body.ts';
import { getT } from '../../../../lib/i18n/index.ts';
import { retryOutboxMail } from '../../../../lib/mail/outbox.server.ts';

export const prerender = false;

/**
 * A staff member retries a dead or waiting e-mail: { id } → 202, and the worker sends it now.
 * Retries made together send it once (the worker's lease decides). 409 once it has been sent.
 */
export const POST: APIRoute = async ({ request, locals }) => {
  requireAdmin(locals);
  const { id } = parseInput(RetryMailSchema, await readJson(request, locals.locale), locals.locale);
  const outcome = await retryOutboxMail(await getDb(), id);
  switch (outcome) {
    case 'queued':
      mailOutbox().kick();
      return json({ status: 'queued' }, { status: 202 });
    case 'already_sent':
      throw new ApiError(409, 'already_sent', getT(locals.locale, 'mail')('alreadySent'));
    case 'not_found':
      throw new ApiError(404, 'not_found', getT(locals.locale, 'mail')('notFound'));
  }
};
