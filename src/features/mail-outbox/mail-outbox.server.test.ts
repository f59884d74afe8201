import { describe, expect, it } from 'vitest';
import { ENGINES } from '../../../tests/support/databases.ts';
import { useTestDatabase } from '../../../tests/support/suite-database.ts';
import { outboxRow } from '../../lib/mail/outbox.server.ts';
import { listMailProblems } from './mail-outbox.server.ts';
import { RetryMailSchema, WAITING_SHOWN_AFTER_MS } from './mail-outbox.ts';

describe.each(ENGINES)('the staff view of the mail outbox on %s', (engine) => {
  const db = useTestDatabase(engine);

  it('lists dead e-mails and those waiting too long, newest first; never sent or fresh ones', async () => {
    const now = new Date();
    const ago = (ms: number) => new Date(now.getTime() - ms);
    const insert = (to: string, columns: Record<string, unknown>) =>
      db()
        .insertInto('mail_outbox')
        .values({ ...outboxRow('welcome', { userId: to }), ...columns })
        .returning('id')
        .executeTakeFirstOrThrow();
    const dead = await insert('dead', {
      created_at: ago(3 * 3_600_000),
      attempts: 12,
      dead_at: ago(60_000),
      last_error: 'Greeting never received',
      recipient: 'dead@example.com',
    });
    const waiting = await insert('waiting', {
      created_at: ago(WAITING_SHOWN_AFTER_MS + 60_000),
      attempts: 7,
      next_attempt_at: new Date(now.getTime() + 60_000),
      last_error: 'Connection refused',
      recipient: 'waiting@example.com',
    });
    await insert('fresh', { created_at: ago(60_000), attempts: 1, last_error: 'Connection refused' });
    await insert('sent', { created_at: ago(3 * 3_600_000), attempts: 3, sent_at: ago(3_600_000) });

    const { rows, total } = await listMailProblems(db(), now);
    expect(total).toBe(2);
    expect(rows.map((row) => [row.id, row.status, row.recipient, row.attempts, row.lastError])).toEqual([
      [waiting.id, 'waiting', 'waiting@example.com', 7, 'Connection refused'],
      [dead.id, 'dead', 'dead@example.com', 12, 'Greeting never received'],
    ]);
  });

  it('takes a retry as one positive integer id and nothing else', () => {
    expect(RetryMailSchema.safeParse({ id: 42 }).success).toBe(true);
    for (const input of [{}, { id: '42' }, { id: 0 }, { id: 1.5 }, { id: 2 ** 31 }, { id: 1, extra: true }]) {
      expect(RetryMailSchema.safeParse(input).success, JSON.stringify(input)).toBe(false);
    }
  });
});
