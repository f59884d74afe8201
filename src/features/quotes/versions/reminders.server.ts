import { type Kysely, sql } from 'kysely';
import type { Database } from '../../../lib/db/schema.ts';
import { log } from '../../../lib/log.ts';
import { outboxRow } from '../../../lib/mail/outbox.server.ts';
import { releaseExpiredHolds } from '../holds/holds.server.ts';
import { VERSION_REMINDER_MAIL } from '../mail/kinds.ts';
import { addDays, DEFAULT_REMINDER_DAYS, nurseryDate } from './versions.ts';

/**
 * The reminder before a version's last day (decision 049): once per version, through the
 * mail outbox, by a job the server runs on a timer.
 */

type Db = Kysely<Database>;

/**
 * Marks every open version whose last day is within `daysBefore` days (and not past) as
 * reminded and queues its e-mail, in one transaction. Safe to run twice, or in two processes
 * at once: the update claims each version by `reminded_at is null`, so a second run finds
 * nothing (on PostgreSQL a run that waited on the first one's row locks re-reads the rows and
 * skips them). The worker composes each e-mail later and sends nothing for a version answered,
 * replaced or expired meanwhile.
 */
export async function queueVersionReminders(
  db: Db,
  options: { now?: Date; daysBefore?: number } = {},
): Promise<number> {
  const now = options.now ?? new Date();
  const today = nurseryDate(now);
  const last = addDays(today, options.daysBefore ?? DEFAULT_REMINDER_DAYS);
  return db.transaction().execute(async (trx) => {
    const due = await trx
      .updateTable('quote_versions as v')
      .set({ reminded_at: now })
      .where('v.reminded_at', 'is', null)
      .where('v.superseded_at', 'is', null)
      .where('v.answered_at', 'is', null)
      .where('v.valid_until', '>=', today)
      .where('v.valid_until', '<=', last)
      .where(({ exists, selectFrom }) =>
        exists(
          selectFrom('quote_requests as q')
            .select(sql`1`.as('one'))
            .whereRef('q.id', '=', 'v.quote_request_id')
            .where('q.status', '=', 'quoted'),
        ),
      )
      .returning(['v.id', 'v.quote_request_id'])
      .execute();
    if (due.length > 0) {
      await trx
        .insertInto('mail_outbox')
        .values(
          due.map((row) =>
            outboxRow(VERSION_REMINDER_MAIL, { quoteRequestId: row.quote_request_id, versionId: row.id }),
          ),
        )
        .execute();
    }
    return due.length;
  });
}

let timer: ReturnType<typeof setInterval> | undefined;

/**
 * Runs `queueVersionReminders` and `releaseExpiredHolds` now and then every `intervalMs` (an
 * hour by default) in this process, kicking the mail worker when it queued e-mails. Started once per process.
 */
export function startVersionReminders(options: {
  db: () => Promise<Db>;
  kick: () => void;
  daysBefore?: number;
  intervalMs?: number;
}): void {
  if (timer) return;
  const run = async () => {
    try {
      const queued = await queueVersionReminders(await options.db(), { daysBefore: options.daysBefore });
      if (queued > 0) options.kick();
    } catch (error) {
      log('error', 'quote_reminders_failed', { error });
    }
    // Past its day a version's stock goes back to the yard (decision 054), whatever the reminders did.
    try {
      await releaseExpiredHolds(await options.db());
    } catch (error) {
      log('error', 'stock_holds_expiry_failed', { error });
    }
  };
  timer = setInterval(() => void run(), options.intervalMs ?? 3_600_000);
  timer.unref();
  void run();
}
