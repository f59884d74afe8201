import { getDb } from '../../lib/db/index.server.ts';
import { env } from '../../lib/env.ts';
import type { OutboxWorker } from '../../lib/mail/outbox.server.ts';
import { startMailOutbox } from '../../lib/mail/outbox-runner.server.ts';
import { accountMailComposers } from '../accounts/account-mail-composers.server.ts';
import { quoteMailComposers } from '../quotes/mail/mail.server.ts';
import { threadMailComposers } from '../quotes/mail/thread-mail.server.ts';
import { startVersionReminders } from '../quotes/versions/reminders.server.ts';

/** Every kind of e-mail the store sends, each with its composer. */
export function storeMailComposers(deps: { siteUrl: string; salesDesk: string }) {
  return {
    ...accountMailComposers({ siteUrl: deps.siteUrl }),
    ...quoteMailComposers(deps),
    ...threadMailComposers(deps),
  };
}

/**
 * The server's one mail-outbox worker (docs/decisions/040-request-cpu-and-mail-outbox.md and
 * 043-every-email-through-the-outbox.md), with every kind of e-mail the store sends. Started
 * by the first request the server renders (middleware), so rows left by an earlier process go
 * out soon after a start; a commit that wrote outbox rows kicks it (lib's mailOutboxKick).
 */
export function mailOutbox(): OutboxWorker {
  const worker = startMailOutbox(() => {
    const { PUBLIC_SITE_URL, SALES_DESK_EMAIL } = env();
    return storeMailComposers({ siteUrl: PUBLIC_SITE_URL, salesDesk: SALES_DESK_EMAIL });
  });
  // The quote versions' reminders before their last day (decision 049), with the worker: once per process.
  startVersionReminders({ db: getDb, kick: () => worker.kick(), daysBefore: env().QUOTE_REMINDER_DAYS });
  return worker;
}
