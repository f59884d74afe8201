import { getDb } from '../db/index.server.ts';
import { requestsInFlight } from '../http/in-flight.ts';
import { getMailer } from './mail.server.ts';
import { createOutboxWorker, type MailComposer, type OutboxWorker } from './outbox.server.ts';

/**
 * The server's one mail-outbox worker. The composers of every e-mail kind belong to the
 * features that write the rows, so the worker is started from above them
 * (features/mail-outbox/worker.server.ts, called by the middleware before any on-demand
 * request); a feature that has just committed outbox rows only needs `kickMailOutbox`, from
 * here, without importing the features whose composers the worker holds
 * (docs/decisions/044-import-boundaries.md).
 */
let worker: OutboxWorker | undefined;

export function startMailOutbox(composers: () => Record<string, MailComposer>): OutboxWorker {
  if (!worker) {
    worker = createOutboxWorker({
      db: getDb,
      mailer: getMailer,
      composers: composers(),
      // Composing e-mails waits while requests are answered (at most a second a batch).
      busy: () => requestsInFlight() > 0,
    });
    worker.kick();
  }
  return worker;
}

/**
 * Wakes the worker after a commit that wrote outbox rows. Before the worker has started
 * (no on-demand request yet) there is nothing to wake: the rows are durable and go out
 * when it starts.
 */
export const mailOutboxKick: Pick<OutboxWorker, 'kick'> = {
  kick() {
    worker?.kick();
  },
};
