import { beforeEach, describe, expect, it } from 'vitest';
import { memoryMailer } from '../../../tests/factories/accounts.ts';
import { ENGINES } from '../../../tests/support/databases.ts';
import { startHangingSmtp } from '../../../tests/support/hanging-smtp.ts';
import { useTestDatabase } from '../../../tests/support/suite-database.ts';
import { createSmtpMailer, type MailMessage } from './mail.server.ts';
import {
  createOutboxWorker,
  drainOutbox,
  MAX_ATTEMPTS,
  type MailComposer,
  outboxRow,
  retryOutboxMail,
} from './outbox.server.ts';

/**
 * The outbox's retries and dead letters (docs/decisions/043-every-email-through-the-outbox.md),
 * on both engines, with a composer of its own: the e-mail names its recipient in the payload.
 */
const message = (to: string): MailMessage => ({
  to,
  subject: 'Test',
  text: 'Test',
  html: '<p>Test</p>',
  kind: 'test_mail',
  locale: 'en',
});
const composers: Record<string, MailComposer> = {
  test_mail: async (_db, payload) => message(String(payload.to)),
};
const HOUR = 3_600_000;

describe.each(ENGINES)('mail outbox on %s', (engine) => {
  const db = useTestDatabase(engine);
  beforeEach(async () => {
    await db().deleteFrom('mail_outbox').execute();
  });
  const queue = async (to: string) =>
    (
      await db()
        .insertInto('mail_outbox')
        .values(outboxRow('test_mail', { to }))
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const row = (id: number) =>
    db()
      .selectFrom('mail_outbox')
      .select(['attempts', 'sent_at', 'dead_at', 'last_error', 'recipient', 'locked_until'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  /** Every attempt an hour after the one before: each retry is due (the longest delay is an hour). */
  const hoursLater = (hours: number) => () => new Date(Date.now() + hours * HOUR);

  it(`marks an e-mail dead after ${MAX_ATTEMPTS} failed attempts, with its last error, and never takes it again`, async () => {
    const id = await queue('dead@example.com');
    const down = memoryMailer({ fail: true });
    for (let attempt = 1; attempt < MAX_ATTEMPTS; attempt++) {
      expect(await drainOutbox(db(), down, composers, { now: hoursLater(attempt) })).toEqual({ sent: 0, failed: 1 });
      expect(await row(id)).toMatchObject({ attempts: attempt, dead_at: null, sent_at: null });
    }
    expect(await drainOutbox(db(), down, composers, { now: hoursLater(MAX_ATTEMPTS) })).toEqual({
      sent: 0,
      failed: 1,
    });
    const dead = await row(id);
    expect(dead).toMatchObject({
      attempts: MAX_ATTEMPTS,
      sent_at: null,
      last_error: 'SMTP server unreachable',
      recipient: 'dead@example.com',
      locked_until: null,
    });
    expect(dead.dead_at).not.toBeNull();
    // Never retried by the worker, however late, even with the relay back.
    const up = memoryMailer();
    expect(await drainOutbox(db(), up, composers, { now: hoursLater(1000) })).toEqual({ sent: 0, failed: 0 });
    expect(up.sent).toEqual([]);
  });

  it('a hanging SMTP relay costs one failed attempt, then the next e-mail is tried', async () => {
    const relay = await startHangingSmtp();
    try {
      const first = await queue('first@example.com');
      const second = await queue('second@example.com');
      // Short timeouts so the test does not wait for the store's; the relay never answers either way.
      const mailer = createSmtpMailer(relay.url, 'shop@example.com', { greetingTimeout: 300, connectionTimeout: 1000 });
      expect(await drainOutbox(db(), mailer, composers)).toEqual({ sent: 0, failed: 2 });
      for (const [id, to] of [
        [first, 'first@example.com'],
        [second, 'second@example.com'],
      ] as const) {
        const failed = await row(id);
        expect(failed).toMatchObject({ attempts: 1, sent_at: null, dead_at: null, recipient: to, locked_until: null });
        expect(failed.last_error).toMatch(/greeting/i);
      }
    } finally {
      await relay.close();
    }
  });

  it('a retry makes a dead e-mail due once more; failing again, it is dead again at once', async () => {
    const id = await queue('again@example.com');
    await db()
      .updateTable('mail_outbox')
      .set({ attempts: MAX_ATTEMPTS, dead_at: new Date(), last_error: 'Relay refused', recipient: 'again@example.com' })
      .where('id', '=', id)
      .execute();
    expect(await retryOutboxMail(db(), id)).toBe('queued');
    expect((await row(id)).dead_at).toBeNull();
    expect(await drainOutbox(db(), memoryMailer({ fail: true }), composers)).toEqual({ sent: 0, failed: 1 });
    expect(await row(id)).toMatchObject({ attempts: MAX_ATTEMPTS + 1, last_error: 'SMTP server unreachable' });
    expect((await row(id)).dead_at).not.toBeNull();
    expect(await retryOutboxMail(db(), id)).toBe('queued');
    const up = memoryMailer();
    expect(await drainOutbox(db(), up, composers)).toEqual({ sent: 1, failed: 0 });
    expect(up.sent.map((mail) => mail.to)).toEqual(['again@example.com']);
    expect(await row(id)).toMatchObject({ dead_at: null, last_error: null });
    expect(await retryOutboxMail(db(), id)).toBe('already_sent');
    expect(await retryOutboxMail(db(), id + 1000)).toBe('not_found');
  });

  it('the worker composes nothing while requests are answered, then sends once they are', async () => {
    await queue('after-the-burst@example.com');
    const mailer = memoryMailer();
    let busy = true;
    // A long enough yield that the busy spell, not the limit, decides.
    const worker = createOutboxWorker({
      db: async () => db(),
      mailer: () => mailer,
      composers,
      busy: () => busy,
      yieldMs: 60_000,
    });
    try {
      worker.kick();
      // Several turns of the event loop and a few database round trips' worth of waiting.
      for (let turn = 0; turn < 10; turn++) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(mailer.sent).toEqual([]);
      busy = false;
      await expect.poll(() => mailer.sent.map((mail) => mail.to)).toEqual(['after-the-burst@example.com']);
    } finally {
      await worker.stop();
    }
  });

  it('under steady load the worker still sends, a batch at least every yield', async () => {
    await queue('steady@example.com');
    const mailer = memoryMailer();
    const worker = createOutboxWorker({
      db: async () => db(),
      mailer: () => mailer,
      composers,
      busy: () => true,
      yieldMs: 50,
    });
    try {
      worker.kick();
      await expect.poll(() => mailer.sent.map((mail) => mail.to)).toEqual(['steady@example.com']);
    } finally {
      await worker.stop();
    }
  });

  it('takes as many rows at a time as the worker asks before each batch (a few while requests are answered)', async () => {
    const mailer = memoryMailer();
    for (let i = 0; i < 5; i++) await queue(`batch-${i}@example.com`);
    const batches: number[] = [];
    const result = await drainOutbox(db(), mailer, composers, {
      beforeBatch: async () => {
        batches.push(mailer.sent.length);
        return 2;
      },
    });
    expect(result).toEqual({ sent: 5, failed: 0 });
    // Sent before each batch: two more each time, then one, then none left.
    expect(batches).toEqual([0, 2, 4, 5]);
  });

  it('a retry makes a waiting e-mail due now, without waiting for its next attempt', async () => {
    const id = await queue('waiting@example.com');
    expect(await drainOutbox(db(), memoryMailer({ fail: true }), composers)).toEqual({ sent: 0, failed: 1 });
    const up = memoryMailer();
    expect(await drainOutbox(db(), up, composers)).toEqual({ sent: 0, failed: 0 });
    expect(await retryOutboxMail(db(), id)).toBe('queued');
    expect(await drainOutbox(db(), up, composers)).toEqual({ sent: 1, failed: 0 });
  });

  it('race: ten retries of one dead e-mail, with three workers draining meanwhile, send it once', async () => {
    const id = await queue('once@example.com');
    await db()
      .updateTable('mail_outbox')
      .set({ attempts: MAX_ATTEMPTS, dead_at: new Date(), last_error: 'Relay refused' })
      .where('id', '=', id)
      .execute();
    const mailers = [memoryMailer(), memoryMailer(), memoryMailer()];
    const outcomes = await Promise.all([
      ...Array.from({ length: 10 }, () => retryOutboxMail(db(), id)),
      ...mailers.map((mailer) => drainOutbox(db(), mailer, composers)),
    ]);
    expect(outcomes.slice(0, 10).every((outcome) => outcome === 'queued' || outcome === 'already_sent')).toBe(true);
    // Whatever the order, the drains after the last retry leave nothing due.
    for (const mailer of mailers) await drainOutbox(db(), mailer, composers);
    expect(mailers.flatMap((mailer) => mailer.sent).map((mail) => mail.to)).toEqual(['once@example.com']);
    expect((await row(id)).sent_at).not.toBeNull();
  });
});
