import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.ts';
import { log } from '../log.ts';
import type { Mailer, MailMessage } from './mail.server.ts';

/**
 * The transactional mail outbox (docs/decisions/040-request-cpu-and-mail-outbox.md). A
 * request that must e-mail writes an outbox row in its own transaction (`outboxRow`); after
 * the commit it kicks the worker, which composes each e-mail, sends it and marks it sent. A
 * send that fails is retried later with a growing delay, so an e-mail of a committed request
 * is never lost, only delayed; one of a rolled-back request never exists. Delivery is at least
 * once: a crash between the send and its mark sends that e-mail again. After MAX_ATTEMPTS
 * failures the row is dead (docs/decisions/043-every-email-through-the-outbox.md): kept with
 * its last error, never retried by the worker, shown to staff, who may retry it.
 */

type Db = Kysely<Database>;

/** Composes the e-mail of an outbox row from its payload; undefined when there is nothing to send any more. */
export type MailComposer = (db: Db, payload: Record<string, unknown>) => Promise<MailMessage | undefined>;

/** The values of an outbox row, for an insert inside the caller's transaction. */
export function outboxRow(kind: string, payload: Record<string, unknown>) {
  return { kind, payload: JSON.stringify(payload) };
}

/** Delay before attempt n+1 after n failures: 5 s, 10 s, 20 s … at most an hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(3_600_000, 5_000 * 2 ** Math.max(0, attempts - 1));
}

/**
 * Attempts before an e-mail is dead. With retryDelayMs, the 12th attempt comes about two hours
 * and a half after the first: long enough to ride out a relay's restart or a short outage,
 * short enough that staff hear of a broken relay the same morning.
 */
export const MAX_ATTEMPTS = 12;

/** How long a worker holds the rows it took before another may take them. */
const LEASE_MS = 120_000;

export interface DrainResult {
  sent: number;
  failed: number;
}

/**
 * Sends every due e-mail, `batch` rows at a time, until none is due. Rows are taken with a
 * lease (`for update skip locked`), so two workers (two server processes on one PostgreSQL)
 * never send the same row at once.
 */
export async function drainOutbox(
  db: Db,
  mailer: Mailer,
  composers: Readonly<Record<string, MailComposer>>,
  {
    batch = 20,
    now = () => new Date(),
    beforeBatch,
  }: {
    batch?: number;
    now?: () => Date;
    /**
     * Awaited before each batch is taken: the worker waits there while requests are answered,
     * and says how many rows to take this time (fewer than `batch` if requests are still in flight).
     */
    beforeBatch?: () => Promise<number | undefined>;
  } = {},
): Promise<DrainResult> {
  const result: DrainResult = { sent: 0, failed: 0 };
  for (;;) {
    const size = Math.min(batch, (await beforeBatch?.()) ?? batch);
    const at = now();
    const taken = await db
      .updateTable('mail_outbox')
      .set({
        locked_until: new Date(at.getTime() + LEASE_MS),
        attempts: sql`attempts + 1`,
      })
      .where(
        'id',
        'in',
        db
          .selectFrom('mail_outbox')
          .select('id')
          .where('sent_at', 'is', null)
          .where('dead_at', 'is', null)
          // A row's default next_attempt_at is the database's now(), in microseconds; `at` is a
          // JavaScript time, truncated to the millisecond, so a row written in the same
          // millisecond would not yet be due. One millisecond more takes it.
          .where('next_attempt_at', '<', new Date(at.getTime() + 1))
          .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', at)]))
          .orderBy('id')
          .limit(size)
          .forUpdate()
          .skipLocked(),
      )
      .returning(['id', 'kind', 'payload', 'attempts'])
      .execute();
    if (taken.length === 0) return result;
    const sent: number[] = [];
    for (const row of taken) {
      let recipient: string | undefined;
      try {
        const composer = composers[row.kind];
        if (!composer) throw new Error(`No composer for mail kind ${row.kind}`);
        const message = await composer(db, row.payload);
        if (message) {
          recipient = message.to;
          await mailer.send(message);
        }
        sent.push(row.id);
      } catch (error) {
        result.failed++;
        const dead = row.attempts >= MAX_ATTEMPTS;
        const delay = retryDelayMs(row.attempts);
        log('error', dead ? 'mail_outbox_dead' : 'mail_outbox_failed', {
          id: row.id,
          kind: row.kind,
          attempts: row.attempts,
          ...(dead ? {} : { retryInMs: delay }),
          error,
        });
        const failedAt = now();
        await db
          .updateTable('mail_outbox')
          .set({
            locked_until: null,
            last_error: String((error as Error)?.message ?? error).slice(0, 2000),
            // A message that failed before it was composed keeps the address of an earlier attempt.
            ...(recipient === undefined ? {} : { recipient: recipient.slice(0, 320) }),
            ...(dead ? { dead_at: failedAt } : { next_attempt_at: new Date(failedAt.getTime() + delay) }),
          })
          .where('id', '=', row.id)
          .execute();
      }
    }
    if (sent.length > 0) {
      await db
        .updateTable('mail_outbox')
        .set({ sent_at: now(), locked_until: null, last_error: null })
        .where('id', 'in', sent)
        .execute();
      result.sent += sent.length;
    }
  }
}

export type RetryOutcome = 'queued' | 'already_sent' | 'not_found';

/**
 * A staff member's retry: a dead or waiting e-mail becomes due now (a dead one gets one more
 * attempt; failing it, it is dead again at once). It only makes the row due: the worker's
 * lease still decides who sends it, so retries made together send it once.
 */
export async function retryOutboxMail(db: Db, id: number, now = new Date()): Promise<RetryOutcome> {
  const queued = await db
    .updateTable('mail_outbox')
    .set({ dead_at: null, next_attempt_at: now })
    .where('id', '=', id)
    .where('sent_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  if (queued) return 'queued';
  const exists = await db.selectFrom('mail_outbox').select('id').where('id', '=', id).executeTakeFirst();
  return exists ? 'already_sent' : 'not_found';
}

export interface OutboxWorker {
  /** Drain soon (after the current request has answered); many kicks make one drain. */
  kick(): void;
  /** No more drains on a timer; resolves when a drain under way has finished. */
  stop(): Promise<void>;
}

/** The rows a worker takes at a time while requests are still in flight after its wait. */
const BUSY_BATCH = 2;

/**
 * One worker per process: drains when kicked (after a commit that wrote outbox rows) and
 * every `intervalMs` (retries, rows left by an earlier process). Never runs two drains at once.
 */
export function createOutboxWorker(options: {
  db: () => Promise<Db>;
  mailer: () => Mailer;
  composers: Readonly<Record<string, MailComposer>>;
  intervalMs?: number;
  /**
   * True while the process is answering requests: each batch then waits for a quiet moment,
   * at most `yieldMs` (1 s), so a burst of requests is answered before its e-mails are
   * composed. If requests are still in flight after the wait (the server saturated), it takes
   * only BUSY_BATCH rows (one quote request's e-mails), so e-mails still go out under
   * steady load, a few every `yieldMs`, without taking a twentieth of a second from every
   * second of the burst; the rest go out at full speed once it has passed.
   */
  busy?: () => boolean;
  yieldMs?: number;
}): OutboxWorker {
  let running: Promise<void> | undefined;
  let again = false;
  let scheduled = false;
  let stopped = false;
  const yieldMs = options.yieldMs ?? 1_000;
  /** Waits for a quiet moment, at most `yieldMs`; then the size of the next batch (undefined: a full one). */
  const batchAfterQuiet = async (): Promise<number | undefined> => {
    if (!options.busy) return undefined;
    const until = Date.now() + yieldMs;
    while (options.busy() && Date.now() < until && !stopped) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return options.busy() ? BUSY_BATCH : undefined;
  };
  const run = (): Promise<void> => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        try {
          await drainOutbox(await options.db(), options.mailer(), options.composers, { beforeBatch: batchAfterQuiet });
        } catch (error) {
          log('error', 'mail_outbox_drain_failed', { error });
        }
      } while (again && !stopped);
    })().finally(() => {
      running = undefined;
    });
    return running;
  };
  const timer = setInterval(() => void run(), options.intervalMs ?? 30_000);
  timer.unref();
  return {
    kick() {
      if (scheduled || stopped) return;
      scheduled = true;
      setImmediate(() => {
        scheduled = false;
        if (!stopped) void run();
      });
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
