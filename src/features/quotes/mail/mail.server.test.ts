import { sql } from 'kysely';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { createLocation } from '../../../../tests/factories/catalog.ts';
import { checkoutInput as checkout, shopperWithCart as fillCart } from '../../../../tests/factories/quotes.ts';
import { ENGINES } from '../../../../tests/support/databases.ts';
import { useTestDatabase } from '../../../../tests/support/suite-database.ts';
import type { Mailer, MailMessage } from '../../../lib/mail/mail.server.ts';
import { createOutboxWorker, drainOutbox } from '../../../lib/mail/outbox.server.ts';
import { submitQuoteRequest } from '../submit/checkout.server.ts';
import { quoteMailComposers } from './mail.server.ts';

describe.each(ENGINES)("a new quote request's e-mails on %s", (engine) => {
  const db = useTestDatabase(engine);
  let yard: { id: number };
  beforeAll(async () => {
    yard = await createLocation(db(), { name: 'Milton' });
  });
  const shopperWithCart = (lines?: { listPriceCents?: number; quantity: number }[]) => fillCart(db(), lines);

  const composers = quoteMailComposers({ siteUrl: 'https://shop.example', salesDesk: 'desk@example.com' });
  const outboxRowsOf = (userId: string) =>
    db()
      .selectFrom('mail_outbox')
      .select(['kind', 'attempts', 'sent_at', 'next_attempt_at', 'last_error'])
      .where(sql<boolean>`payload->>'userId' = ${userId}`)
      .orderBy('id')
      .execute();
  /** Marks every e-mail of earlier tests sent, so that a drain sends only this test's. */
  const settleOutbox = () =>
    db().updateTable('mail_outbox').set({ sent_at: new Date() }).where('sent_at', 'is', null).execute();
  function recordingMailer(fail: (message: MailMessage) => boolean = () => false) {
    const sent: MailMessage[] = [];
    const mailer: Mailer = {
      send: async (message) => {
        if (fail(message)) throw new Error('SMTP refused the message');
        sent.push(message);
        return { messageId: String(sent.length) };
      },
    };
    return { sent, mailer };
  }

  it('e-mails the customer every line and the sales desk, in the language of the checkout, through the outbox', async () => {
    await settleOutbox();
    const { user } = await shopperWithCart([{ quantity: 2 }, { quantity: 1 }]);
    const { result } = await submitQuoteRequest(db(), user, checkout('pickup', { locationId: yard.id }), 'fr');
    // Committed with the request, not yet sent.
    expect((await outboxRowsOf(user.id)).map((row) => [row.kind, row.sent_at])).toEqual([
      ['quote_request_confirmation', null],
      ['quote_request_sales_desk', null],
    ]);
    const { sent, mailer } = recordingMailer();
    expect(await drainOutbox(db(), mailer, composers)).toEqual({ sent: 2, failed: 0 });
    const customer = sent.find((mail) => mail.kind === 'quote_request_confirmation');
    const desk = sent.find((mail) => mail.kind === 'quote_request_sales_desk');
    expect(customer?.subject).toBe(`Votre demande de soumission ${result.reference}`);
    expect(customer?.locale).toBe('fr');
    expect(customer?.text.match(/^ {2}\d+ × Plante /gm)).toHaveLength(2);
    expect(customer?.text).toContain(`https://shop.example/fr/profile/quote-requests/${result.id}`);
    expect(desk?.to).toBe('desk@example.com');
    expect(desk?.subject).toContain(result.reference);
    // A French e-mail opens the French desk (its link is the one action of the e-mail).
    expect(desk?.text).toContain(`https://shop.example/fr/admin/quote-requests/${result.id}`);
    expect(desk?.html).toContain(`href="https://shop.example/fr/admin/quote-requests/${result.id}"`);
    expect(desk?.text).toContain('Centre Milton');
    expect(desk?.text).toContain('Langue du client\u00a0: français');
    expect((await outboxRowsOf(user.id)).every((row) => row.sent_at !== null)).toBe(true);
    // Sent once: a second drain finds nothing due.
    expect(await drainOutbox(db(), mailer, composers)).toEqual({ sent: 0, failed: 0 });
    expect(sent).toHaveLength(2);
  });

  it('keeps an e-mail that failed to send in the outbox and sends it on a later attempt', async () => {
    await settleOutbox();
    const { user } = await shopperWithCart();
    await submitQuoteRequest(db(), user, checkout('delivery'), 'en');
    const down = recordingMailer((message) => message.kind === 'quote_request_sales_desk');
    expect(await drainOutbox(db(), down.mailer, composers)).toEqual({ sent: 1, failed: 1 });
    const [confirmation, desk] = await outboxRowsOf(user.id);
    expect(confirmation?.sent_at).not.toBeNull();
    expect(desk).toMatchObject({ sent_at: null, attempts: 1, last_error: 'SMTP refused the message' });
    expect(desk?.next_attempt_at.getTime()).toBeGreaterThan(Date.now());
    // Not due yet: nothing is sent again.
    const up = recordingMailer();
    expect(await drainOutbox(db(), up.mailer, composers)).toEqual({ sent: 0, failed: 0 });
    // Once due, the sales desk's e-mail goes, and only it.
    const later = new Date(Date.now() + 3_600_000);
    expect(await drainOutbox(db(), up.mailer, composers, { now: () => later })).toEqual({ sent: 1, failed: 0 });
    expect(up.sent.map((mail) => mail.kind)).toEqual(['quote_request_sales_desk']);
    expect((await outboxRowsOf(user.id)).map((row) => row.attempts)).toEqual([1, 2]);
  });

  it("sends a new request's e-mails when the worker is kicked after the commit", async () => {
    await settleOutbox();
    const { user } = await shopperWithCart();
    const { result } = await submitQuoteRequest(db(), user, checkout('delivery'), 'en');
    const { sent, mailer } = recordingMailer();
    const worker = createOutboxWorker({ db: async () => db(), mailer: () => mailer, composers });
    try {
      worker.kick();
      worker.kick();
      await vi.waitFor(() => expect(sent).toHaveLength(2), { timeout: 20_000, interval: 50 });
    } finally {
      // The mailer has been called before the drain marks its rows sent: wait for the drain.
      await worker.stop();
    }
    expect(sent.every((mail) => mail.subject.includes(result.reference))).toBe(true);
    expect((await outboxRowsOf(user.id)).every((row) => row.sent_at !== null)).toBe(true);
  });

  it('sends each e-mail once when two workers drain the outbox at the same time', async () => {
    await settleOutbox();
    const users = await Promise.all(Array.from({ length: 5 }, () => shopperWithCart()));
    for (const { user } of users) await submitQuoteRequest(db(), user, checkout('delivery'), 'en');
    const one = recordingMailer();
    const two = recordingMailer();
    const [a, b] = await Promise.all([
      drainOutbox(db(), one.mailer, composers, { batch: 3 }),
      drainOutbox(db(), two.mailer, composers, { batch: 3 }),
    ]);
    expect(a.sent + b.sent).toBe(10);
    expect(new Set([...one.sent, ...two.sent].map((mail) => `${mail.kind} ${mail.subject}`)).size).toBe(10);
  });
});
