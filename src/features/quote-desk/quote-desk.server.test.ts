import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AccountFixtures,
  createUser,
  memoryMailer,
  seedAccountReference,
} from '../../../tests/factories/accounts.ts';
import { createQuoteRequest } from '../../../tests/factories/quotes.ts';
import { createTestDatabase, ENGINES, type TestDatabase } from '../../../tests/support/databases.ts';
import { MailDeliveryError } from '../../lib/mail/mail-delivery-error.ts';
import { quoteApprovalStates } from '../quotes/quotes.server.ts';
import {
  changeQuoteStatus,
  countQuoteRequests,
  decideQuote,
  exportQuoteRequests,
  inspectDecisionLink,
  listQuoteRequests,
  loadQuoteDetail,
  QuoteTransitionError,
  sendPricedQuote,
} from './quote-desk.server.ts';
import { parseQuoteListQuery, SendQuoteSchema } from './quote-desk.ts';

const SITE = 'https://shop.example.ca';
const schema = SendQuoteSchema({ price: 'price', note: 'note' });

function tokenOf(text: string, action: 'approve' | 'decline'): string {
  const match = new RegExp(`/quotes/${action}/([A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+)`).exec(text);
  if (!match?.[1]) throw new Error(`No ${action} link in: ${text}`);
  return match[1];
}

describe.each(ENGINES)('quote desk on %s', (engine) => {
  let test: TestDatabase;
  let fixtures: AccountFixtures;
  let staff: { id: string; email: string };
  beforeAll(async () => {
    test = await createTestDatabase(engine);
    fixtures = await seedAccountReference(test.handle.db);
    staff = await createUser(test.handle.db, { role: 'admin' });
  });
  afterAll(async () => {
    await test?.drop();
  });
  const db = () => test.handle.db;

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
    const mailer = memoryMailer();
    const prices = schema.parse({
      lines: [
        { line: 1, unitPrice: '40.00' },
        { line: 2, unitPrice: '110,5' },
      ],
      fees: '75',
      taxes: '39.52',
      note: 'Prices held until the end of the month.',
    });
    const result = await sendPricedQuote(
      { db: db(), mailer, siteUrl: SITE },
      { quoteId: quote.id, staffId: staff.id, prices },
    );
    return { customer, quote, mailer, result };
  }

  it('refuses a move the rules do not allow, and records every allowed one with its author', async () => {
    const customer = await createUser(db());
    const quote = await createQuoteRequest(db(), { user: customer, locationId: fixtures.locationId });
    await expect(
      changeQuoteStatus(db(), { quoteId: quote.id, to: 'approved', staffId: staff.id }),
    ).rejects.toBeInstanceOf(QuoteTransitionError);
    await changeQuoteStatus(db(), { quoteId: quote.id, to: 'in_review', staffId: staff.id, note: 'Checking stock' });
    await changeQuoteStatus(db(), { quoteId: quote.id, to: 'cancelled', staffId: staff.id });
    await expect(
      changeQuoteStatus(db(), { quoteId: quote.id, to: 'in_review', staffId: staff.id }),
    ).rejects.toMatchObject({ code: 'transition_not_allowed' });
    const detail = await loadQuoteDetail(db(), quote.id);
    expect(detail?.status).toBe('cancelled');
    expect(detail?.history.map((change) => [change.from, change.to, change.by?.email, change.note])).toEqual([
      ['submitted', 'in_review', staff.email, 'Checking stock'],
      ['in_review', 'cancelled', staff.email, ''],
    ]);
  });

  it('prices a request in review, e-mails the customer in their language and marks it quoted', async () => {
    const { quote, mailer, result } = await quotedRequest('fr');
    // 3 × 40.00 + 1 × 110.50 + 75 fees + 39.52 taxes
    expect(result.totalCents).toBe(12000 + 11050 + 7500 + 3952);
    const detail = await loadQuoteDetail(db(), quote.id);
    expect(detail?.status).toBe('quoted');
    expect(detail?.lines.map((line) => line.quotedUnitPriceCents)).toEqual([4000, 11050]);
    expect(detail?.pricing).toMatchObject({ itemsCents: 23050, feesCents: 7500, taxesCents: 3952, totalCents: 34502 });
    expect(mailer.sent).toHaveLength(1);
    const mail = mailer.sent[0];
    expect(mail?.locale).toBe('fr');
    expect(mail?.subject).toContain(quote.reference);
    expect(mail?.text).toContain(`${SITE}/fr/quotes/approve/`);
    expect(mail?.text).toContain(`${SITE}/fr/quotes/decline/`);
    expect(mail?.text).toContain('345,02');
  });

  it('sends nothing and stores nothing when a request is not in review', async () => {
    const customer = await createUser(db());
    const quote = await createQuoteRequest(db(), { user: customer, locationId: fixtures.locationId });
    const mailer = memoryMailer();
    const prices = schema.parse({ lines: [{ line: 1, unitPrice: '1' }], fees: '0', taxes: '0' });
    await expect(
      sendPricedQuote({ db: db(), mailer, siteUrl: SITE }, { quoteId: quote.id, staffId: staff.id, prices }),
    ).rejects.toMatchObject({ code: 'transition_not_allowed' });
    expect(mailer.sent).toHaveLength(0);
    expect((await loadQuoteDetail(db(), quote.id))?.pricing).toBeNull();
  });

  it('keeps the request in review when the e-mail cannot be sent', async () => {
    const customer = await createUser(db());
    const quote = await createQuoteRequest(db(), { user: customer, locationId: fixtures.locationId });
    await changeQuoteStatus(db(), { quoteId: quote.id, to: 'in_review', staffId: staff.id });
    const prices = schema.parse({ lines: [{ line: 1, unitPrice: '20' }], fees: '0', taxes: '0' });
    await expect(
      sendPricedQuote(
        { db: db(), mailer: memoryMailer({ fail: true }), siteUrl: SITE },
        { quoteId: quote.id, staffId: staff.id, prices },
      ),
    ).rejects.toBeInstanceOf(MailDeliveryError);
    const detail = await loadQuoteDetail(db(), quote.id);
    expect(detail?.status).toBe('in_review');
    expect(detail?.pricing).toBeNull();
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
    const states = await quoteApprovalStates(db(), customer.id, [quote.id]);
    expect(states.get(quote.id)).toMatchObject({ status: 'approved', decision: 'approved', quotedTotalCents: 34502 });
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

  it('stops the links of a quote taken back for revision', async () => {
    const { quote, mailer } = await quotedRequest();
    const token = tokenOf(mailer.sent[0]?.text ?? '', 'approve');
    await changeQuoteStatus(db(), { quoteId: quote.id, to: 'in_review', staffId: staff.id });
    expect(await decideQuote(db(), { token, decision: 'approved', ipAddress: '', userAgent: '' })).toEqual({
      kind: 'invalid',
    });
  });

  it('shows a customer the approval state of their own requests only', async () => {
    const { quote } = await quotedRequest();
    const stranger = await createUser(db());
    expect((await quoteApprovalStates(db(), stranger.id, [quote.id])).size).toBe(0);
  });

  it('searches, filters, sorts, pages and exports the same rows', async () => {
    const buyer = await createUser(db(), { email: 'zelda.quince@example.com' });
    const named = { ...buyer, first_name: 'Zelda', last_name: 'Quince' };
    const day = (iso: string) => new Date(`${iso}T15:00:00.000Z`);
    const made = [
      await createQuoteRequest(db(), { user: named, locationId: fixtures.locationId, submittedAt: day('2025-01-10') }),
      await createQuoteRequest(db(), {
        user: named,
        fulfilment: 'delivery',
        submittedAt: day('2025-01-12'),
        inHouseAccountId: fixtures.inHouseAccount.id,
      }),
      await createQuoteRequest(db(), {
        user: named,
        fulfilment: 'pickup_and_delivery',
        locationId: fixtures.locationId,
        submittedAt: day('2025-01-14'),
        lines: [{ quantity: 10, unitPriceCents: 100_000 }],
      }),
    ];
    const query = (search: string) => parseQuoteListQuery(new URLSearchParams(search));
    const all = await listQuoteRequests(db(), query('q=quince'));
    expect(all.total).toBe(3);
    expect(all.rows.map((row) => row.reference)).toEqual([...made].reverse().map((quote) => quote.reference));
    expect((await listQuoteRequests(db(), query(`q=${made[1]?.reference}`))).rows.map((r) => r.id)).toEqual([
      made[1]?.id,
    ]);
    expect((await listQuoteRequests(db(), query('q=Zelda Quince'))).total).toBe(3);
    expect((await listQuoteRequests(db(), query('q=rideau landscape'))).rows.map((r) => r.id)).toEqual([made[1]?.id]);
    expect((await listQuoteRequests(db(), query('q=TA-100300&customer=in_house'))).total).toBe(1);
    expect((await listQuoteRequests(db(), query('q=quince&customer=retail'))).total).toBe(2);
    expect((await listQuoteRequests(db(), query('q=quince&fulfilment=delivery'))).total).toBe(1);
    expect((await listQuoteRequests(db(), query('q=quince&from=2025-01-12&to=2025-01-12'))).total).toBe(1);
    expect((await listQuoteRequests(db(), query('q=quince&status=quoted'))).total).toBe(0);
    expect((await listQuoteRequests(db(), query('q=quince&sort=total_desc'))).rows[0]?.id).toBe(made[2]?.id);
    const paged = await listQuoteRequests(db(), query('q=quince&size=5&page=9'));
    expect(paged.page).toBe(1);
    expect((await listQuoteRequests(db(), query('q=100%'))).total).toBe(0);

    const filters = query('q=quince');
    let exported = 0;
    for await (const batch of exportQuoteRequests(db(), filters, 'en', 2)) exported += batch.length;
    expect(exported).toBe(await countQuoteRequests(db(), filters));
  });
});
