import type { Kysely } from 'kysely';
import type { Database } from '../../lib/db/schema.ts';
import { type MailProblemStatus, WAITING_SHOWN_AFTER_MS } from './mail-outbox.ts';

export interface MailProblem {
  id: number;
  kind: string;
  /** The address of the last failed attempt; null when none was composed yet. */
  recipient: string | null;
  attempts: number;
  lastError: string | null;
  createdAt: Date;
  status: MailProblemStatus;
  /** Dead: when it died; waiting: when the worker tries it next. */
  since: Date;
}

/** At most this many rows on the page: past that, the relay is down and one row says as much as all. */
export const MAIL_PROBLEMS_SHOWN = 200;

/**
 * E-mails that need a look: dead ones, and those still waiting long after they were queued,
 * newest first. Sent e-mails and fresh ones are not shown.
 */
export async function listMailProblems(
  db: Kysely<Database>,
  now = new Date(),
): Promise<{ rows: MailProblem[]; total: number }> {
  const waitingSince = new Date(now.getTime() - WAITING_SHOWN_AFTER_MS);
  const problems = db
    .selectFrom('mail_outbox')
    .where('sent_at', 'is', null)
    .where((eb) => eb.or([eb('dead_at', 'is not', null), eb('created_at', '<', waitingSince)]));
  const [rows, count] = await Promise.all([
    problems
      .select(['id', 'kind', 'recipient', 'attempts', 'last_error', 'created_at', 'dead_at', 'next_attempt_at'])
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(MAIL_PROBLEMS_SHOWN)
      .execute(),
    problems.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return {
    total: Number(count.total),
    rows: rows.map((row) => ({
      id: row.id,
      kind: row.kind,
      recipient: row.recipient,
      attempts: row.attempts,
      lastError: row.last_error,
      createdAt: row.created_at,
      status: row.dead_at ? 'dead' : 'waiting',
      since: row.dead_at ?? row.next_attempt_at,
    })),
  };
}
