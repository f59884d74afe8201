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
import { getT } from '../../../lib/i18n/index.ts';
import { drainOutbox } from '../../../lib/mail/outbox.server.ts';
import { parseQuoteListQuery } from '../desk/desk.ts';
import { csvRow } from '../export/csv.ts';
import { exportQuoteRequests } from '../export/export.server.ts';
import { quoteMailComposers } from '../mail/mail.server.ts';
import { loadQuoteDetail } from '../model/quote.server.ts';
import { sendPricedQuote } from '../pricing/pricing.server.ts';
import { SendQuoteSchema } from '../pricing/pricing.ts';
import { answerVersion } from '../versions/answer.server.ts';
import { changeQuoteStatus } from '../workflow/workflow.server.ts';
import { setTaxExemption, TaxExemptionError } from './taxes.server.ts';

const schema = SendQuoteSchema({ price: 'price', note: 'note' });
const composers = quoteMailComposers({ siteUrl: 'https://shop.example.ca', salesDesk: 'desk@example.com' });
const NBSP = '\u00a0';

describe.each(ENGINES)('computed taxes on priced quotes on %s', (engine) => {
  const db = useTestDatabase(engine);
  let fixtures: AccountFixtures;
  let staff: { id: string; email: string };
  beforeAll(async () => {
    fixtures = await seedAccountReference(db());
    staff = await createUser(db(), { role: 'admin' });
  });

  /** A request of two lines (3 × 40.00 and 1 × 110.50), 75.00 of fees, priced on `now`. */
  async function priced(spec: { province?: string; trade?: boolean; exempt?: string; now?: Date }) {
    const customer = await createUser(db(), { locale: 'fr' });
    const quote = await createQuoteRequest(db(), {
      user: customer,
      locale: 'fr',
      fulfilment: spec.province ? 'delivery' : 'pickup',
      locationId: fixtures.locationId,
      ...(spec.province ? { deliveryProvince: spec.province } : {}),
      ...(spec.trade ? { inHouseAccountId: fixtures.inHouseAccount.id } : {}),
      lines: [
        { quantity: 3, unitPriceCents: 4500 },
        { quantity: 1, unitPriceCents: 12000 },
      ],
    });
    if (spec.exempt) {
      await setTaxExemption(db(), { quoteId: quote.id, staffId: staff.id, reason: spec.exempt, note: 'exempt' });
    }
    await changeQuoteStatus(db(), {
      quoteId: quote.id,
      to: 'in_review',
      staffId: staff.id,
      ...(spec.now ? { now: spec.now } : {}),
    });
    const prices = schema.parse({
      lines: [
        { line: 1, unitPrice: '40' },
        { line: 2, unitPrice: '110.50' },
      ],
      fees: '75',
    });
    await sendPricedQuote(db(), {
      quoteId: quote.id,
      staffId: staff.id,
      prices,
      ...(spec.now ? { now: spec.now } : {}),
    });
    const mailer = memoryMailer();
    await drainOutbox(db(), mailer, composers);
    const mail = mailer.sent.find((sent) => sent.to === customer.email);
    const detail = await loadQuoteDetail(db(), quote.id);
    return { quote, mail, detail, version: detail?.versions.at(-1) };
  }

  it('stores a delivery to Québec with its GST and QST lines and prints them, with the numbers, in French', async () => {
    const { version, mail, detail } = await priced({ province: 'QC' });
    // Items 231.50 and fees 75.00: 305.50; GST 15.275 → 15.28, QST 30.473625 → 30.47.
    expect(version).toMatchObject({ taxProvince: 'QC', taxExemptReason: null, taxesCents: 1528 + 3047 });
    expect(version?.totalCents).toBe(30550 + 1528 + 3047);
    expect(version?.taxes).toMatchObject([
      { position: 1, code: 'gst', rate: 5000, registration: '123456789 RT0001', cents: 1528, acceptedCents: null },
      { position: 2, code: 'qst', rate: 9975, registration: '1234567890 TQ0001', cents: 3047, acceptedCents: null },
    ]);
    expect(detail?.pricing).toMatchObject({ taxesCents: 4575, totalCents: 35125 });
    expect(mail?.text).toContain(`TPS (5${NBSP}%), numéro d'inscription 123456789 RT0001${NBSP}: 15,28${NBSP}$`);
    expect(mail?.text).toContain(`TVQ (9,975${NBSP}%), numéro d'inscription 1234567890 TQ0001${NBSP}: 30,47${NBSP}$`);
    expect(mail?.html).toContain('TVQ (9,975');
  });

  it('taxes a pickup where the yard is (Ontario: the HST)', async () => {
    const { version } = await priced({});
    expect(version?.taxes.map((tax) => [tax.code, tax.province, tax.cents])).toEqual([['hst', 'ON', 3972]]);
  });

  it('recomputes each tax on a partial acceptance, with the same rounding', async () => {
    const { version, quote } = await priced({ province: 'QC' });
    const result = await answerVersion(db(), {
      versionId: version?.id ?? 0,
      answers: [
        { line: 1, answer: 'accept' },
        { line: 2, answer: 'refuse' },
      ],
      ipAddress: '',
      userAgent: 'test',
    });
    // Items taken 120.00 and fees 75.00: 195.00; GST 9.75, QST 19.45125 → 19.45.
    expect(result).toMatchObject({ kind: 'recorded', outcome: { outcome: 'partial', acceptedTaxesCents: 975 + 1945 } });
    const after = (await loadQuoteDetail(db(), quote.id))?.versions.at(-1);
    expect(after?.taxes.map((tax) => [tax.code, tax.cents, tax.acceptedCents])).toEqual([
      ['gst', 1528, 975],
      ['qst', 3047, 1945],
    ]);
    expect(after).toMatchObject({ acceptedTaxesCents: 2920, acceptedTotalCents: 19500 + 2920 });
  });

  it('uses the rate of the day the version is sent: Nova Scotia before and after 2025-04-01', async () => {
    const before = await priced({ province: 'NS', now: new Date('2025-03-31T16:00:00Z') });
    const after = await priced({ province: 'NS', now: new Date('2025-04-01T16:00:00Z') });
    expect(before.version?.taxes.map((tax) => [tax.rate, tax.cents])).toEqual([[15000, 4583]]);
    expect(after.version?.taxes.map((tax) => [tax.rate, tax.cents])).toEqual([[14000, 4277]]);
  });

  it('sends an exempt trade customer’s version without tax lines, says why, and records the exemption', async () => {
    const { version, mail, detail } = await priced({ trade: true, exempt: 'Certificat de revente R-4411' });
    expect(version).toMatchObject({ taxesCents: 0, taxes: [], taxExemptReason: 'Certificat de revente R-4411' });
    expect(version?.totalCents).toBe(30550);
    expect(mail?.text).toContain(`Exonéré de taxes${NBSP}: Certificat de revente R-4411${NBSP}: 0,00${NBSP}$`);
    expect(detail?.taxExemptReason).toBe('Certificat de revente R-4411');
    expect(detail?.history.some((change) => change.note === 'exempt' && change.from === change.to)).toBe(true);
  });

  it('refuses to exempt a retail customer, and a removed exemption taxes the next version', async () => {
    const retail = await createQuoteRequest(db(), {
      user: await createUser(db()),
      locationId: fixtures.locationId,
    });
    await expect(
      setTaxExemption(db(), { quoteId: retail.id, staffId: staff.id, reason: 'no', note: 'no' }),
    ).rejects.toBeInstanceOf(TaxExemptionError);
    expect((await loadQuoteDetail(db(), retail.id))?.taxExemptReason).toBeNull();
    const trade = await createQuoteRequest(db(), {
      user: await createUser(db()),
      locationId: fixtures.locationId,
      inHouseAccountId: fixtures.inHouseAccount.id,
    });
    await setTaxExemption(db(), { quoteId: trade.id, staffId: staff.id, reason: 'R-1', note: 'set' });
    await setTaxExemption(db(), { quoteId: trade.id, staffId: staff.id, reason: null, note: 'removed' });
    await changeQuoteStatus(db(), { quoteId: trade.id, to: 'in_review', staffId: staff.id });
    await sendPricedQuote(db(), {
      quoteId: trade.id,
      staffId: staff.id,
      prices: schema.parse({ lines: [{ line: 1, unitPrice: '10' }], fees: '0' }),
    });
    const detail = await loadQuoteDetail(db(), trade.id);
    expect(detail?.versions[0]?.taxes.map((tax) => [tax.code, tax.cents])).toEqual([['hst', 260]]);
    expect(detail?.history.filter((change) => change.from === change.to).map((change) => change.note)).toEqual([
      'set',
      'removed',
    ]);
  });

  it('exports the current version’s taxes in the CSV', async () => {
    const { quote } = await priced({ province: 'BC' });
    const filters = parseQuoteListQuery(new URLSearchParams(`q=${quote.reference}`));
    const rows = [];
    for await (const batch of exportQuoteRequests(db(), filters, 'fr')) rows.push(...batch);
    expect(rows).toHaveLength(1);
    // 305.50: GST 15.275 → 15.28, PST 21.385 → 21.39.
    expect(rows[0]).toMatchObject({
      taxProvince: 'BC',
      gstHstCents: 1528,
      qstCents: null,
      pstCents: 2139,
      taxesCents: 3667,
    });
    const line = csvRow(rows[0] as (typeof rows)[number], getT('fr', 'quoteDesk'), 'fr');
    expect(line.trimEnd().endsWith(';BC;;15,28;;21,39;36,67')).toBe(true);
  });
});
