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
 * once: a crash between the send and its mark sends that e-mail again.
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
  { batch = 20, now = () => new Date() }: { batch?: number; now?: () => Date } = {},
): Promise<DrainResult> {
  const result: DrainResult = { sent: 0, failed: 0 };
  for (;;) {
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
          .where('next_attempt_at', '<=', at)
          .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', at)]))
          .orderBy('id')
          .limit(batch)
          .forUpdate()
          .skipLocked(),
      )
      .returning(['id', 'kind', 'payload', 'attempts'])
      .execute();
    if (taken.length === 0) return result;
    const sent: number[] = [];
    for (const row of taken) {
      try {
        const composer = composers[row.kind];
        if (!composer) throw new Error(`No composer for mail kind ${row.kind}`);
        const message = await composer(db, row.payload);
        if (message) await mailer.send(message);
        sent.push(row.id);
      } catch (error) {
        result.failed++;
        const delay = retryDelayMs(row.attempts);
        log('error', 'mail_outbox_failed', {
          id: row.id,
          kind: row.kind,
          attempts: row.attempts,
          retryInMs: delay,
          error,
        });
        await db
          .updateTable('mail_outbox')
          .set({
            locked_until: null,
            next_attempt_at: new Date(now().getTime() + delay),
            last_error: String((error as Error)?.message ?? error).slice(0, 2000),
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

export interface OutboxWorker {
  /** Drain soon (after the current request has answered); many kicks make one drain. */
  kick(): void;
  stop(): void;
}

/**
 * One worker per process: drains when kicked (after a commit that wrote outbox rows) and
 * every `intervalMs` (retries, rows left by an earlier process). Never runs two drains at once.
 */
export function createOutboxWorker(options: {
  db: () => Promise<Db>;
  mailer: () => Mailer;
  composers: Readonly<Record<string, MailComposer>>;
  intervalMs?: number;
}): OutboxWorker {
  let running: Promise<void> | undefined;
  let again = false;
  let scheduled = false;
  const run = (): Promise<void> => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        try {
          await drainOutbox(await options.db(), options.mailer(), options.composers);
        } catch (error) {
          log('error', 'mail_outbox_drain_failed', { error });
        }
      } while (again);
    })().finally(() => {
      running = undefined;
    });
    return running;
  };
  const timer = setInterval(() => void run(), options.intervalMs ?? 30_000);
  timer.unref();
  return {
    kick() {
      if (scheduled) return;
      scheduled = true;
      setImmediate(() => {
        scheduled = false;
        void run();
      });
    },
    stop() {
      clearInterval(timer);
    },
  };
}
