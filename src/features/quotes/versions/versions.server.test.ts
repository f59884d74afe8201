import { beforeAll, describe, expect, it } from 'vitest';
import {
  type AccountFixtures,
  createUser,
  memoryMailer,
  seedAccountReference,
} from '../../../../tests/factories/accounts.ts';
import { createProduct } from '../../../../tests/factories/catalog.ts';
import { createQuoteRequest } from '../../../../tests/factories/quotes.ts';
import { ENGINES } from '../../../../tests/support/databases.ts';
import { useTestDatabase } from '../../../../tests/support/suite-database.ts';
import { drainOutbox } from '../../../lib/mail/outbox.server.ts';
import { decideQuote, inspectDecisionLink } from '../decision/decision.server.ts';
import { quoteMailComposers } from '../mail/mail.server.ts';
import { loadQuoteDetail } from '../model/quote.server.ts';
import { QuoteLinesMismatchError, sendPricedQuote } from '../pricing/pricing.server.ts';
import { SendQuoteSchema } from '../pricing/pricing.ts';
import { changeQuoteStatus } from '../workflow/workflow.server.ts';
import { answerVersion, requestRenewal } from './answer.server.ts';
import { UnknownSkuError, ValidityDateError } from './versions.server.ts';
import { addDays, nurseryDate, versionChanges } from './versions.ts';

const SITE = 'https://shop.example.ca';
const schema = SendQuoteSchema({ price: 'price', note: 'note' });
const composers = quoteMailComposers({ siteUrl: SITE, salesDesk: 'desk@example.com' });
const DAY = 24 * 3_600_000;

function linkOf(text: string, action: 'approve' | 'decline' | 'answer'): string {
  const match = new RegExp(`/quotes/${action}/([A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+)`).exec(text);
  if (!match?.[1]) throw new Error(`No ${action} link in: ${text}`);
  return match[1];
}

describe.each(ENGINES)('negotiated quote versions on %s', (engine) => {
  const db = useTestDatabase(engine);
  let fixtures: AccountFixtures;
  let staff: { id: string; email: string };
  let alternativeSku: string;
  let substituteSku: string;
  beforeAll(async () => {
    fixtures = await seedAccountReference(db());
    staff = await createUser(db(), { role: 'admin' });
    const product = await createProduct(db(), {
      // The substitute is held at the pickup yard when offered (decision 054): the yard has some.
      variants: [{ sizeLabel: '#3' }, { sizeLabel: '#5', stock: { [fixtures.locationId]: 10 } }],
    });
    alternativeSku = product.variants[0]?.sku ?? '';
    substituteSku = product.variants[1]?.sku ?? '';
  });

  async function deliver(to: string) {
    const mailer = memoryMailer();
    await drainOutbox(db(), mailer, composers);
    return mailer.sent.filter((mail) => mail.to === to);
  }

  /** A request of three lines, priced as version 1 with an alternative on line 3. */
  async function versionOne(locale: 'en' | 'fr' = 'en', validUntil?: string) {
    const customer = await createUser(db(), { locale });
    const quote = await createQuoteRequest(db(), {
      user: customer,
      locale,
      locationId: fixtures.locationId,
      lines: [
        { quantity: 3, unitPriceCents: 4500 },
        { quantity: 1, unitPriceCents: 12000 },
        { quantity: 2, unitPriceCents: 1000 },
      ],
    });
    await changeQuoteStatus(db(), { quoteId: quote.id, to: 'in_review', staffId: staff.id });
    const prices = schema.parse({
      lines: [
        { line: 1, unitPrice: '40' },
        { line: 2, unitPrice: '110,50' },
        {
          line: 3,
          unitPrice: '10',
          alternatives: [{ sku: alternativeSku, unitPrice: '12.50', reason: 'Épuisé en pots no 2' }],
        },
      ],
      fees: '75',
      note: 'Held for a week.',
      ...(validUntil ? { validUntil } : {}),
    });
    await sendPricedQuote(db(), { quoteId: quote.id, staffId: staff.id, prices });
    const [mail] = await deliver(customer.email);
    return { customer, quote, mail };
  }

  it('sends version 1 with its validity, alternative and answer link, seven days by default', async () => {
    const { quote, mail } = await versionOne('fr');
    const detail = await loadQuoteDetail(db(), quote.id);
    const [v1] = detail?.versions ?? [];
    expect(v1).toMatchObject({
      number: 1,
      validUntil: addDays(nurseryDate(new Date()), 7),
      itemsCents: 12000 + 11050 + 2000,
      // The HST of the Ontario yard on items and fees: 13 % of 325.50 = 42.315 → 42.32 (decision 051).
      taxesCents: 4232,
      totalCents: 25050 + 7500 + 4232,
      taxProvince: 'ON',
      taxExemptReason: null,
      note: 'Held for a week.',
    });
    expect(v1?.lines[2]?.alternatives).toMatchObject([
      { position: 1, sku: alternativeSku, unitPriceCents: 1250, reason: 'Épuisé en pots no 2' },
    ]);
    expect(mail?.text).toContain(`${SITE}/fr/quotes/answer/`);
    expect(mail?.text).toContain('Épuisé en pots no 2');
    expect(mail?.text).toContain('valide jusqu');
    // The links expire with the version.
    expect(detail?.answerBy?.getTime()).toBeGreaterThan(Date.now() + 6 * DAY);
    expect(detail?.answerBy?.getTime()).toBeLessThan(Date.now() + 8 * DAY + 3_600_000);
    // The quote page says "answer by" that day: the version's last day, not the day after.
    expect(detail?.answerBy && nurseryDate(detail.answerBy)).toBe(v1?.validUntil);
  });

  it('records a partial acceptance line by line from the link: accepted, refused and alternative lines, the new total', async () => {
    const { quote, mail } = await versionOne();
    const token = linkOf(mail?.text ?? '', 'answer');
    const versionId = (await loadQuoteDetail(db(), quote.id))?.versions[0]?.id ?? 0;
    const result = await answerVersion(db(), {
      versionId,
      answers: [
        { line: 1, answer: 'accept' },
        { line: 2, answer: 'refuse' },
        { line: 3, answer: 'alternative', alternative: 1 },
      ],
      ipAddress: '203.0.113.7',
      userAgent: 'Test',
    });
    expect(result).toMatchObject({
      kind: 'recorded',
      outcome: { outcome: 'partial', acceptedItemsCents: 14500, acceptedTaxesCents: 2860 },
    });
    const detail = await loadQuoteDetail(db(), quote.id);
    expect(detail?.status).toBe('approved');
    expect(detail?.decision?.decision).toBe('approved');
    expect(detail?.versions[0]).toMatchObject({ outcome: 'partial', acceptedTotalCents: 14500 + 7500 + 2860 });
    // The HST recomputed on the lines taken and the fees: 13 % of 220.00.
    expect(detail?.versions[0]?.taxes).toMatchObject([{ code: 'hst', rate: 13000, cents: 4232, acceptedCents: 2860 }]);
    expect(detail?.versions[0]?.lines.map((line) => [line.answer, line.chosenAlternative])).toEqual([
      ['accept', null],
      ['refuse', null],
      ['alternative', 1],
    ]);
    // The link is used up, and says what was decided.
    expect(await inspectDecisionLink(db(), token)).toMatchObject({ kind: 'decided', decision: 'approved' });
    // The sales desk is told, with the total the customer took and a link to the request.
    const notices = (await deliver('desk@example.com')).filter((sent) => sent.subject.includes(quote.reference));
    expect(notices.map((sent) => [sent.kind, sent.subject])).toEqual([
      ['quote_decision_sales_desk', `Quote ${quote.reference} partly approved by Ada Lovelace`],
    ]);
    expect(notices[0]?.text).toContain('The lines they refused are marked');
    expect(notices[0]?.text).toContain('Total approved: $248.60');
    expect(notices[0]?.text).toContain(`${SITE}/admin/quote-requests/${quote.id}`);
  });

  it('tells the sales desk of a French refusal in French, once, though two answers came together', async () => {
    const { quote } = await versionOne('fr');
    const versionId = (await loadQuoteDetail(db(), quote.id))?.versions[0]?.id ?? 0;
    const refuse = [1, 2, 3].map((line) => ({ line, answer: 'refuse' as const }));
    await Promise.all([
      answerVersion(db(), { versionId, answers: refuse, ipAddress: '', userAgent: 'a' }),
      answerVersion(db(), { versionId, answers: refuse, ipAddress: '', userAgent: 'b' }),
    ]);
    const notices = (await deliver('desk@example.com')).filter((sent) => sent.subject.includes(quote.reference));
    expect(notices.map((sent) => [sent.subject, sent.locale])).toEqual([
      [`Soumission ${quote.reference} refusée par Ada Lovelace`, 'fr'],
    ]);
    expect(notices[0]?.text).toContain(`Ada Lovelace a refusé la soumission de la demande ${quote.reference}.`);
    expect(notices[0]?.text).not.toContain('Total approuvé');
    expect(notices[0]?.text).toContain(`${SITE}/fr/admin/quote-requests/${quote.id}`);
  });

  it('answers a version once: a second answer is told it was answered, two at once record exactly one', async () => {
    const { quote } = await versionOne();
    const versionId = (await loadQuoteDetail(db(), quote.id))?.versions[0]?.id ?? 0;
    const accept = [1, 2, 3].map((line) => ({ line, answer: 'accept' as const }));
    const refuse = [1, 2, 3].map((line) => ({ line, answer: 'refuse' as const }));
    const results = await Promise.all([
      answerVersion(db(), { versionId, answers: accept, ipAddress: '', userAgent: 'a' }),
      answerVersion(db(), { versionId, answers: refuse, ipAddress: '', userAgent: 'b' }),
    ]);
    expect(results.map((result) => result.kind).sort()).toEqual(['answered', 'recorded']);
    const again = await answerVersion(db(), { versionId, answers: accept, ipAddress: '', userAgent: '' });
    expect(again.kind).toBe('answered');
    const detail = await loadQuoteDetail(db(), quote.id);
    expect(detail?.history.filter((change) => change.from === 'quoted')).toHaveLength(1);
  });

  it('refuses an answer that leaves a line out, and keeps the version open', async () => {
    const { quote } = await versionOne();
    const versionId = (await loadQuoteDetail(db(), quote.id))?.versions[0]?.id ?? 0;
    expect(
      await answerVersion(db(), { versionId, answers: [{ line: 1, answer: 'accept' }], ipAddress: '', userAgent: '' }),
    ).toEqual({ kind: 'invalid_answers', line: 2 });
    expect((await loadQuoteDetail(db(), quote.id))?.status).toBe('quoted');
  });

  it('names in version 1’s e-mail the sizes and quantities it changed and the lines it left out, in French', async () => {
    const { mail: unchanged } = await versionOne('fr');
    expect(unchanged?.text).not.toContain('par rapport à votre demande');
    const customer = await createUser(db(), { locale: 'fr' });
    const quote = await createQuoteRequest(db(), {
      user: customer,
      locale: 'fr',
      locationId: fixtures.locationId,
      lines: [
        { quantity: 3, unitPriceCents: 4500 },
        { quantity: 1, unitPriceCents: 12000 },
        { quantity: 2, unitPriceCents: 1000 },
      ],
    });
    await changeQuoteStatus(db(), { quoteId: quote.id, to: 'in_review', staffId: staff.id });
    const prices = schema.parse({
      lines: [
        { line: 1, unitPrice: '40', quantity: '2' },
        { line: 2, unitPrice: '99', sku: substituteSku },
        { line: 3, unitPrice: '10', quantity: '0' },
      ],
      fees: '0',
    });
    await sendPricedQuote(db(), { quoteId: quote.id, staffId: staff.id, prices });
    const [mail] = await deliver(customer.email);
    const detail = await loadQuoteDetail(db(), quote.id);
    const [line1, line2, line3] = detail?.lines ?? [];
    // The prices the quote sets are not "changes".
    expect(mail?.text).toContain('Ce qui a changé par rapport à votre demande\u00a0:');
    expect(mail?.text).toContain(`- Ligne 1 (${line1?.sku})\u00a0: quantité 3 → 2.`);
    expect(mail?.text).toContain(`- Ligne 2\u00a0: ${line2?.sku} remplacé par ${substituteSku}`);
    // The line left out is named with its plant, under its own heading, in the text and the HTML.
    expect(mail?.text).not.toContain('retiré');
    expect(mail?.text).toContain('Lignes de votre demande absentes de cette version\u00a0:');
    expect(mail?.text).toContain(`- Ligne 3\u00a0: 2 × ${line3?.nameFr} · `);
    expect(mail?.text).toContain(` · ${line3?.sku}`);
    expect(mail?.html).toContain('Lignes de votre demande absentes de cette version');
    expect(mail?.text).not.toContain('prix unitaire');
    expect(mail?.text).not.toContain('remplace la précédente');
    expect(mail?.html).toContain('Ce qui a changé par rapport à votre demande');
  });

  it('supersedes version 1 with version 2: its links say so, v2 lists what changed', async () => {
    const { customer, quote, mail } = await versionOne();
    const oldToken = linkOf(mail?.text ?? '', 'approve');
    await changeQuoteStatus(db(), { quoteId: quote.id, to: 'in_review', staffId: staff.id });
    const prices = schema.parse({
      lines: [
        { line: 1, unitPrice: '38', quantity: '4' },
        { line: 2, unitPrice: '99', sku: substituteSku },
        { line: 3, unitPrice: '10', quantity: '0' },
      ],
      fees: '75',
    });
    await sendPricedQuote(db(), { quoteId: quote.id, staffId: staff.id, prices });
    const [mail2] = await deliver(customer.email);
    const detail = await loadQuoteDetail(db(), quote.id);
    const [v1, v2] = detail?.versions ?? [];
    expect(v1?.supersededAt).not.toBeNull();
    expect(v2).toMatchObject({ number: 2, supersededAt: null, itemsCents: 4 * 3800 + 9900 });
    expect(versionChanges(v1?.lines ?? [], v2?.lines ?? []).map((change) => change.kind)).toEqual([
      'price',
      'quantity',
      'substituted',
      'removed',
    ]);
    expect(mail2?.text).toContain(substituteSku);
    expect(await inspectDecisionLink(db(), oldToken)).toMatchObject({
      kind: 'superseded',
      versionNumber: 2,
      withdrawn: false,
    });
    expect(
      await decideQuote(db(), { token: oldToken, decision: 'approved', ipAddress: '', userAgent: '' }),
    ).toMatchObject({ kind: 'superseded' });
    expect(
      await answerVersion(db(), {
        versionId: v1?.id ?? 0,
        answers: [1, 2, 3].map((line) => ({ line, answer: 'accept' as const })),
        ipAddress: '',
        userAgent: '',
      }),
    ).toMatchObject({ kind: 'superseded' });
    // The new e-mail's approve link accepts v2 whole.
    const newToken = linkOf(mail2?.text ?? '', 'approve');
    expect(
      await decideQuote(db(), { token: newToken, decision: 'approved', ipAddress: '', userAgent: '' }),
    ).toMatchObject({ kind: 'recorded' });
    expect((await loadQuoteDetail(db(), quote.id))?.versions[1]).toMatchObject({
      outcome: 'accepted',
      acceptedTotalCents: 4 * 3800 + 9900 + 7500 + 4238,
    });
  });

  it('cannot accept a version past its date; asking for a renewal sends the request back to the desk once', async () => {
    const { quote, mail } = await versionOne('en', addDays(nurseryDate(new Date()), 1));
    const token = linkOf(mail?.text ?? '', 'approve');
    const versionId = (await loadQuoteDetail(db(), quote.id))?.versions[0]?.id ?? 0;
    const later = new Date(Date.now() + 3 * DAY);
    const accept = [1, 2, 3].map((line) => ({ line, answer: 'accept' as const }));
    expect(await answerVersion(db(), { versionId, answers: accept, ipAddress: '', userAgent: '', now: later })).toEqual(
      { kind: 'expired', quoteId: quote.id, versionId },
    );
    expect(
      await decideQuote(db(), { token, decision: 'approved', ipAddress: '', userAgent: '', now: later }),
    ).toMatchObject({ kind: 'expired', versionId, renewalRequested: false });
    expect(await requestRenewal(db(), { versionId })).toBe('not_expired');
    const results = await Promise.all([
      requestRenewal(db(), { versionId, now: later }),
      requestRenewal(db(), { versionId, now: later }),
    ]);
    expect(results.sort()).toEqual(['already', 'requested']);
    const detail = await loadQuoteDetail(db(), quote.id);
    expect(detail?.status).toBe('in_review');
    expect(detail?.versions[0]?.renewalRequestedAt).not.toBeNull();
    expect(detail?.history.at(-1)).toMatchObject({ from: 'quoted', to: 'in_review' });
  });

  it('refuses a version with an unknown SKU or a past date, and stores nothing', async () => {
    const customer = await createUser(db());
    const quote = await createQuoteRequest(db(), { user: customer, locationId: fixtures.locationId });
    await changeQuoteStatus(db(), { quoteId: quote.id, to: 'in_review', staffId: staff.id });
    const unknown = schema.parse({
      lines: [{ line: 1, unitPrice: '1', alternatives: [{ sku: 'NO-SUCH-SKU', unitPrice: '2' }] }],
      fees: '0',
    });
    await expect(
      sendPricedQuote(db(), { quoteId: quote.id, staffId: staff.id, prices: unknown }),
    ).rejects.toBeInstanceOf(UnknownSkuError);
    const past = schema.parse({
      lines: [{ line: 1, unitPrice: '1' }],
      fees: '0',
      validUntil: '2020-01-01',
    });
    await expect(sendPricedQuote(db(), { quoteId: quote.id, staffId: staff.id, prices: past })).rejects.toBeInstanceOf(
      ValidityDateError,
    );
    const missing = schema.parse({ lines: [{ line: 2, unitPrice: '1' }], fees: '0' });
    await expect(
      sendPricedQuote(db(), { quoteId: quote.id, staffId: staff.id, prices: missing }),
    ).rejects.toBeInstanceOf(QuoteLinesMismatchError);
    const detail = await loadQuoteDetail(db(), quote.id);
    expect(detail?.versions).toEqual([]);
    expect(detail?.status).toBe('in_review');
  });
});
