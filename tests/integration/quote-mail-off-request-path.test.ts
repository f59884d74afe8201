import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { decideQuote } from '../../src/features/quotes/decision/decision.server.ts';
import { DECISION_MAIL, PRICED_QUOTE_MAIL } from '../../src/features/quotes/mail/kinds.ts';
import { quoteMailComposers } from '../../src/features/quotes/mail/mail.server.ts';
import { loadQuoteDetail } from '../../src/features/quotes/model/quote.server.ts';
import { sendPricedQuote } from '../../src/features/quotes/pricing/pricing.server.ts';
import { SendQuoteSchema } from '../../src/features/quotes/pricing/pricing.ts';
import { submitQuoteRequest } from '../../src/features/quotes/submit/checkout.server.ts';
import { changeQuoteStatus } from '../../src/features/quotes/workflow/workflow.server.ts';
import { createSmtpMailer } from '../../src/lib/mail/mail.server.ts';
import { drainOutbox } from '../../src/lib/mail/outbox.server.ts';
import { createUser } from '../factories/accounts.ts';
import { createLocation } from '../factories/catalog.ts';
import { checkoutInput, shopperWithCart } from '../factories/quotes.ts';
import { createTestDatabase, ENGINES, type TestDatabase } from '../support/databases.ts';
import { type HangingSmtp, startHangingSmtp } from '../support/hanging-smtp.ts';

/**
 * Issue 21, item 4: no quote e-mail is sent inside a database transaction or on the request
 * path. With a mail server that accepts the connection and never answers, the outbox worker
 * waits on it, and meanwhile a submit, a pricing and an approval each complete and commit
 * (on PGlite too, whose one connection a send inside a transaction would hold).
 */
describe.each(ENGINES)('quote e-mails while the mail server hangs, on %s', (engine) => {
  let test: TestDatabase;
  let smtp: HangingSmtp;
  beforeAll(async () => {
    test = await createTestDatabase(engine);
    smtp = await startHangingSmtp();
  });
  afterAll(async () => {
    await smtp?.close();
    await test?.drop();
  });
  const db = () => test.handle.db;
  const composers = quoteMailComposers({ siteUrl: 'https://shop.example', salesDesk: 'desk@example.com' });
  const unsent = () =>
    db().selectFrom('mail_outbox').select(['kind', 'payload']).where('sent_at', 'is', null).orderBy('id').execute();

  it('submits, prices and approves while the worker waits on the mail server, and keeps every e-mail queued', async () => {
    const yard = await createLocation(db(), { name: 'Milton' });
    const staff = await createUser(db(), { role: 'admin' });

    // A first request's e-mails: the worker takes them and waits on the server, as after a kick.
    const first = await shopperWithCart(db());
    await submitQuoteRequest(db(), first.user, checkoutInput('pickup', { locationId: yard.id }), 'en');
    const draining = drainOutbox(db(), createSmtpMailer(smtp.url, 'shop@example.com'), composers);
    await vi.waitFor(() => expect(smtp.openConnections()).toBe(1), { timeout: 20_000, interval: 20 });

    // A submit meanwhile.
    // Its version holds the stock of the main yard, the only one here (decision 054).
    const second = await shopperWithCart(db(), [{ quantity: 3, listPriceCents: 1000, stock: { [yard.id]: 10 } }]);
    const submitted = await submitQuoteRequest(db(), second.user, checkoutInput('delivery'), 'fr');
    expect(submitted.created).toBe(true);
    const quoteId = submitted.result.id;

    // A pricing meanwhile: its e-mail is queued with it.
    await changeQuoteStatus(db(), { quoteId, to: 'in_review', staffId: staff.id });
    const prices = SendQuoteSchema({ price: 'price', note: 'note' }).parse({
      lines: [{ line: 1, unitPrice: '9.50' }],
      fees: '0',
    });
    expect(await sendPricedQuote(db(), { quoteId, staffId: staff.id, prices })).toEqual({ totalCents: 2850 + 371 }); // HST 13 % of 28.50 = 3.705 → 3.71

    // An approval meanwhile, through the link of the priced quote as the worker composes it.
    const [priced] = (await unsent()).filter((row) => row.kind === PRICED_QUOTE_MAIL);
    const mail = await composers[PRICED_QUOTE_MAIL](db(), priced?.payload ?? {});
    const token = /\/fr\/quotes\/approve\/([\w-]+\.[\w-]+)/.exec(mail?.text ?? '')?.[1] ?? '';
    const decided = await decideQuote(db(), {
      token,
      decision: 'approved',
      ipAddress: '203.0.113.5',
      userAgent: 'test',
    });
    expect(decided).toMatchObject({ kind: 'recorded', decision: 'approved' });
    expect((await loadQuoteDetail(db(), quoteId))?.status).toBe('approved');

    // All of it answered while the server still holds the worker's connection, unanswered.
    expect(smtp.openConnections()).toBe(1);
    expect(smtp.accepted()).toBe(1);
    expect((await unsent()).map((row) => row.kind)).toEqual([
      'quote_request_confirmation',
      'quote_request_sales_desk',
      'quote_request_confirmation',
      'quote_request_sales_desk',
      PRICED_QUOTE_MAIL,
      // The sales desk's notice of the approval, queued with it.
      DECISION_MAIL,
    ]);

    // The server drops the connection: the worker's sends fail, and the e-mails wait for a retry.
    await smtp.close();
    const drained = await draining;
    expect(drained.failed).toBeGreaterThan(0);
    const firstMails = await db()
      .selectFrom('mail_outbox')
      .select(['sent_at', 'attempts', 'last_error'])
      .where(sql<boolean>`payload->>'userId' = ${first.user.id}`)
      .execute();
    expect(firstMails).toHaveLength(2);
    for (const row of firstMails)
      expect(row).toMatchObject({ sent_at: null, attempts: 1, last_error: expect.any(String) });
  });
});
