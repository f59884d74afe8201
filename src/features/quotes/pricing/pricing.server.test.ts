import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  type AccountFixtures,
  createUser,
  memoryMailer,
  seedAccountReference,
} from '../../../../tests/factories/accounts.ts';
import { createQuoteRequest } from '../../../../tests/factories/quotes.ts';
import { ENGINES } from '../../../../tests/support/databases.ts';
import { useTestDatabase } from '../../../../tests/support/suite-database.ts';
import { drainOutbox } from '../../../lib/mail/outbox.server.ts';
import { decideQuote, inspectDecisionLink } from '../decision/decision.server.ts';
import { loadOwnQuote } from '../history/history.server.ts';
import { PRICED_QUOTE_MAIL } from '../mail/kinds.ts';
import { quoteMailComposers } from '../mail/mail.server.ts';
import { loadQuoteDetail } from '../model/quote.server.ts';
import { changeQuoteStatus } from '../workflow/workflow.server.ts';
import { sendPricedQuote } from './pricing.server.ts';
import { SendQuoteSchema } from './pricing.ts';

const SITE = 'https://shop.example.ca';
const schema = SendQuoteSchema({ price: 'price', note: 'note' });
const composers = quoteMailComposers({ siteUrl: SITE, salesDesk: 'desk@example.com' });

function tokenOf(text: string, action: 'approve' | 'decline'): string {
  const match = new RegExp(`/quotes/${action}/([A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+)`).exec(text);
  if (!match?.[1]) throw new Error(`No ${action} link in: ${text}`);
  return match[1];
}

describe.each(ENGINES)('priced quotes and their answers on %s', (engine) => {
  const db = useTestDatabase(engine);
  let fixtures: AccountFixtures;
  let staff: { id: string; email: string };
  beforeAll(async () => {
    fixtures = await seedAccountReference(db());
    staff = await createUser(db(), { role: 'admin' });
  });

  async function quotedRequest(locale: 'en' | 'fr' = 'en') {
    const customer = await createUser(db(), { locale });
    const quote = await createQuoteRequest(db(), {
      user: customer,
      locale,
      locationId: fixtures.locationId,
      lines: [
        { quantity: 3, unitPriceCents: 4500 },
        { quantity: 1, unitPriceCents: 12000 },
      ],
    });
    await changeQuoteStatus(db(), { quoteId: quote.id, to: 'in_review', staffId: staff.id });
    const prices = schema.parse({
      lines: [
        { line: 1, unitPrice: '40.00' },
        { line: 2, unitPrice: '110,5' },
      ],
      fees: '75',
      note: 'Prices held until the end of the month.',
    });
    const result = await sendPricedQuote(db(), { quoteId: quote.id, staffId: staff.id, prices });
    const mailer = await deliver(customer.email);
    return { customer, quote, mailer, result };
  }

  /** Runs the mail outbox as the worker does, and keeps the e-mails sent to `to`. */
  async function deliver(to: string, now?: Date) {
    const mailer = memoryMailer();
    await drainOutbox(db(), mailer, composers, now ? { now: () => now } : {});
    mailer.sent.splice(0, mailer.sent.length, ...mailer.sent.filter((mail) => mail.to === to));
    return mailer;
  }

  const pricedMailRows = (quoteId: number) =>
    db()
      .selectFrom('mail_outbox')
      .select(['attempts', 'sent_at', 'last_error'])
      .where('kind', '=', PRICED_QUOTE_MAIL)
      .where(sql<boolean>`payload->>'quoteRequestId' = ${String(quoteId)}`)
      .execute();

  it('prices a request in review, e-mails the customer in their language and marks it quoted', async () => {
    const { quote, mailer, result } = await quotedRequest('fr');
    // 3 × 40.00 + 1 × 110.50 + 75 fees, and the HST of a pickup at an Ontario yard (decision 051):
    // 13 % of 305.50 = 39.715 → 39.72.
    expect(result.totalCents).toBe(12000 + 11050 + 7500 + 3972);
    const detail = await loadQuoteDetail(db(), quote.id);
    expect(detail?.status).toBe('quoted');
    expect(detail?.lines.map((line) => line.quotedUnitPriceCents)).toEqual([4000, 11050]);
    expect(detail?.pricing).toMatchObject({ itemsCents: 23050, feesCents: 7500, taxesCents: 3972, totalCents: 34522 });
    expect(mailer.sent).toHaveLength(1);
    const mail = mailer.sent[0];
    expect(mail?.locale).toBe('fr');
    expect(mail?.subject).toContain(quote.reference);
    expect(mail?.text).toContain(`${SITE}/fr/quotes/approve/`);
    expect(mail?.text).toContain(`${SITE}/fr/quotes/decline/`);
    expect(mail?.text).toContain('345,22');
    expect(mail?.text).toContain("TVH (13\u00a0%), numéro d'inscription 123456789 RT0001\u00a0: 39,72\u00a0$");
  });

  it('stores nothing and queues no e-mail when a request is not in review', async () => {
    const customer = await createUser(db());
    const quote = await createQuoteRequest(db(), { user: customer, locationId: fixtures.locationId });
    const prices = schema.parse({ lines: [{ line: 1, unitPrice: '1' }], fees: '0' });
    await expect(sendPricedQuote(db(), { quoteId: quote.id, staffId: staff.id, prices })).rejects.toMatchObject({
      code: 'transition_not_allowed',
    });
    expect((await deliver(customer.email)).sent).toHaveLength(0);
    expect(await pricedMailRows(quote.id)).toEqual([]);
    expect((await loadQuoteDetail(db(), quote.id))?.pricing).toBeNull();
  });

  it('keeps the quote when its e-mail cannot be sent yet, and sends the e-mail on a later attempt', async () => {
    const customer = await createUser(db());
    const quote = await createQuoteRequest(db(), { user: customer, locationId: fixtures.locationId });
    await changeQuoteStatus(db(), { quoteId: quote.id, to: 'in_review', staffId: staff.id });
    const prices = schema.parse({ lines: [{ line: 1, unitPrice: '20' }], fees: '0' });
    await sendPricedQuote(db(), { quoteId: quote.id, staffId: staff.id, prices });
    expect(await drainOutbox(db(), memoryMailer({ fail: true }), composers)).toEqual({ sent: 0, failed: 1 });
    const detail = await loadQuoteDetail(db(), quote.id);
    expect(detail?.status).toBe('quoted');
    expect(detail?.pricing?.totalCents).toBe(2 * 2000 + 520); // with the HST, 13 %
    expect(await pricedMailRows(quote.id)).toEqual([
      { attempts: 1, sent_at: null, last_error: 'SMTP server unreachable' },
    ]);
    const later = await deliver(customer.email, new Date(Date.now() + 3_600_000));
    expect(later.sent).toHaveLength(1);
    const token = tokenOf(later.sent[0]?.text ?? '', 'approve');
    expect((await inspectDecisionLink(db(), token)).kind).toBe('open');
  });

  it('sends nothing for a quote taken back before its e-mail went out', async () => {
    const customer = await createUser(db());
    const quote = await createQuoteRequest(db(), { user: customer, locationId: fixtures.locationId });
    await changeQuoteStatus(db(), { quoteId: quote.id, to: 'in_review', staffId: staff.id });
    const prices = schema.parse({ lines: [{ line: 1, unitPrice: '20' }], fees: '0' });
    await sendPricedQuote(db(), { quoteId: quote.id, staffId: staff.id, prices });
    await changeQuoteStatus(db(), { quoteId: quote.id, to: 'in_review', staffId: staff.id });
    expect((await deliver(customer.email)).sent).toHaveLength(0);
    expect((await pricedMailRows(quote.id))[0]?.sent_at).not.toBeNull();
    expect((await loadQuoteDetail(db(), quote.id))?.answerBy).toBeNull();
  });

  it('uses up every link of a quote e-mailed twice once one of them answers it', async () => {
    const { quote, mailer } = await quotedRequest();
    // At-least-once delivery: the worker stopped between the send and its mark, and sent again.
    const [row] = await db()
      .selectFrom('mail_outbox')
      .select('payload')
      .where('kind', '=', PRICED_QUOTE_MAIL)
      .orderBy('id', 'desc')
      .limit(1)
      .execute();
    const again = await composers[PRICED_QUOTE_MAIL](db(), row?.payload ?? {});
    const first = tokenOf(mailer.sent[0]?.text ?? '', 'approve');
    const second = tokenOf(again?.text ?? '', 'decline');
    expect(first).not.toBe(second);
    expect(
      await decideQuote(db(), { token: second, decision: 'declined', ipAddress: '', userAgent: '' }),
    ).toMatchObject({ kind: 'recorded' });
    expect(await inspectDecisionLink(db(), first)).toMatchObject({ kind: 'decided', decision: 'declined' });
    expect((await loadQuoteDetail(db(), quote.id))?.history.filter((change) => change.to === 'cancelled')).toHaveLength(
      1,
    );
  });

  it('records one approval with who, when and from where; the link then says it is approved', async () => {
    const { customer, quote, mailer } = await quotedRequest();
    const token = tokenOf(mailer.sent[0]?.text ?? '', 'approve');
    expect((await inspectDecisionLink(db(), token)).kind).toBe('open');
    const now = new Date('2026-11-20T15:00:00.000Z');
    const first = await decideQuote(db(), {
      token,
      decision: 'approved',
      ipAddress: '203.0.113.9',
      userAgent: 'Test browser',
      now: new Date(Date.now()),
    });
    expect(first).toMatchObject({ kind: 'recorded', decision: 'approved' });
    const second = await decideQuote(db(), { token, decision: 'approved', ipAddress: '', userAgent: '', now });
    expect(second).toMatchObject({ kind: 'already', decision: 'approved' });
    const declineAfter = await decideQuote(db(), { token, decision: 'declined', ipAddress: '', userAgent: '' });
    expect(declineAfter).toMatchObject({ kind: 'already', decision: 'approved' });
    const detail = await loadQuoteDetail(db(), quote.id);
    expect(detail?.status).toBe('approved');
    expect(detail?.decision).toMatchObject({
      decision: 'approved',
      ipAddress: '203.0.113.9',
      userAgent: 'Test browser',
    });
    expect(detail?.decision?.by).toContain(customer.email);
    expect(detail?.history.at(-1)).toMatchObject({ from: 'quoted', to: 'approved', by: { email: customer.email } });
    const own = await loadOwnQuote(db(), customer.id, quote.id);
    expect(own).toMatchObject({
      status: 'approved',
      decision: { decision: 'approved' },
      pricing: { totalCents: 34522 },
    });
    expect(own?.answerBy).toBeNull();
  });

  it('lets only one of two simultaneous approvals through', async () => {
    const { quote, mailer } = await quotedRequest();
    const token = tokenOf(mailer.sent[0]?.text ?? '', 'approve');
    const results = await Promise.all([
      decideQuote(db(), { token, decision: 'approved', ipAddress: '203.0.113.1', userAgent: 'a' }),
      decideQuote(db(), { token, decision: 'approved', ipAddress: '203.0.113.2', userAgent: 'b' }),
    ]);
    expect(results.map((result) => result.kind).sort()).toEqual(['already', 'recorded']);
    const detail = await loadQuoteDetail(db(), quote.id);
    expect(detail?.history.filter((change) => change.to === 'approved')).toHaveLength(1);
  });

  it('declines through the same single-use link, and refuses expired, foreign or forged links', async () => {
    const { quote, mailer } = await quotedRequest();
    const token = tokenOf(mailer.sent[0]?.text ?? '', 'decline');
    const later = new Date(Date.now() + 31 * 24 * 3_600_000);
    expect(
      await decideQuote(db(), { token, decision: 'declined', ipAddress: '', userAgent: '', now: later }),
    ).toMatchObject({ kind: 'expired' });
    const [id = ''] = token.split('.');
    expect(
      await decideQuote(db(), { token: `${id}.${'x'.repeat(43)}`, decision: 'approved', ipAddress: '', userAgent: '' }),
    ).toEqual({ kind: 'invalid' });
    expect(await decideQuote(db(), { token: 'nonsense', decision: 'approved', ipAddress: '', userAgent: '' })).toEqual({
      kind: 'invalid',
    });
    expect(await decideQuote(db(), { token, decision: 'declined', ipAddress: '', userAgent: '' })).toMatchObject({
      kind: 'recorded',
      decision: 'declined',
    });
    expect((await loadQuoteDetail(db(), quote.id))?.status).toBe('cancelled');
  });

  it('stops the links of a quote taken back for revision, and they say so', async () => {
    const { quote, mailer } = await quotedRequest();
    const token = tokenOf(mailer.sent[0]?.text ?? '', 'approve');
    await changeQuoteStatus(db(), { quoteId: quote.id, to: 'in_review', staffId: staff.id });
    expect(await decideQuote(db(), { token, decision: 'approved', ipAddress: '', userAgent: '' })).toMatchObject({
      kind: 'superseded',
      withdrawn: true,
      versionNumber: 1,
    });
    expect((await loadQuoteDetail(db(), quote.id))?.status).toBe('in_review');
  });

  it("shows a customer the answer their quote waits for, and nothing of another customer's", async () => {
    const { customer, quote } = await quotedRequest();
    const own = await loadOwnQuote(db(), customer.id, quote.id);
    expect(own?.status).toBe('quoted');
    expect(own?.answerBy?.getTime()).toBeGreaterThan(Date.now());
    const stranger = await createUser(db());
    expect(await loadOwnQuote(db(), stranger.id, quote.id)).toBeUndefined();
  });
});
