import { getDb } from '../../lib/db/index.server.ts';
import { env } from '../../lib/env.ts';
import { getMailer } from '../../lib/mail/mail.server.ts';
import { createOutboxWorker, type MailComposer, type OutboxWorker } from '../../lib/mail/outbox.server.ts';
import { accountMailComposers } from '../accounts/account-mail-composers.server.ts';
import { quoteMailComposers } from '../checkout/checkout.server.ts';

/**
 * The server's one mail-outbox worker (docs/decisions/040-request-cpu-and-mail-outbox.md and
 * 043-every-email-through-the-outbox.md), with every kind of e-mail the store sends. Started
 * by the first request the server renders (middleware), so rows left by an earlier process go
 * out soon after a start; a commit that wrote outbox rows kicks it.
 */
let worker: OutboxWorker | undefined;

export function mailOutbox(): OutboxWorker {
  if (!worker) {
    const { PUBLIC_SITE_URL, SALES_DESK_EMAIL } = env();
    const composers: Record<string, MailComposer> = {
      ...accountMailComposers({ siteUrl: PUBLIC_SITE_URL }),
      ...quoteMailComposers({ siteUrl: PUBLIC_SITE_URL, salesDesk: SALES_DESK_EMAIL }),
    };
    worker = createOutboxWorker({ db: getDb, mailer: getMailer, composers });
    worker.kick();
  }
  return worker;
}
