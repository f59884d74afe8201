import { beforeAll, describe, expect, it } from 'vitest';
import { type AccountFixtures, createUser, seedAccountReference } from '../../../../tests/factories/accounts.ts';
import { createProduct } from '../../../../tests/factories/catalog.ts';
import { createQuoteRequest } from '../../../../tests/factories/quotes.ts';
import { ENGINES } from '../../../../tests/support/databases.ts';
import { useTestDatabase } from '../../../../tests/support/suite-database.ts';
import { parseQuoteListQuery } from '../desk/desk.ts';
import { sendPricedQuote } from '../pricing/pricing.server.ts';
import { SendQuoteSchema } from '../pricing/pricing.ts';
import { addDays, nurseryDate } from '../versions/versions.ts';
import { changeQuoteStatus } from '../workflow/workflow.server.ts';
import { CSV_COLUMNS, TAX_CSV_COLUMNS } from './csv.ts';
import { exportQuoteRequests, type QuoteExportRow, quoteCsvStream } from './export.server.ts';

const schema = SendQuoteSchema({ price: 'price', note: 'note' });

describe.each(ENGINES)('the CSV export of the current version on %s', (engine) => {
  const db = useTestDatabase(engine);
  let fixtures: AccountFixtures;
  beforeAll(async () => {
    fixtures = await seedAccountReference(db());
  });

  it('adds the version number, its last day, its outcome and the substitutions at the end', async () => {
    const staff = await createUser(db(), { role: 'admin' });
    const customer = await createUser(db());
    // The substitute is held at the pickup yard when offered (decision 054): the yard has some.
    const product = await createProduct(db(), {
      variants: [{ sizeLabel: '#3', stock: { [fixtures.locationId]: 10 } }, { sizeLabel: '#5' }],
    });
    const [first, second] = product.variants.map((variant) => variant.sku);
    const priced = await createQuoteRequest(db(), {
      user: customer,
      locationId: fixtures.locationId,
      lines: [
        { quantity: 3, unitPriceCents: 4500, sku: 'ASKED-1' },
        { quantity: 1, unitPriceCents: 12000, sku: 'ASKED-2' },
      ],
    });
    const unpriced = await createQuoteRequest(db(), { user: customer, locationId: fixtures.locationId });
    await changeQuoteStatus(db(), { quoteId: priced.id, to: 'in_review', staffId: staff.id });
    const prices = schema.parse({
      lines: [
        { line: 1, unitPrice: '40', sku: first },
        { line: 2, unitPrice: '110', alternatives: [{ sku: second, unitPrice: '99', reason: '' }] },
      ],
      fees: '0',
      note: '',
    });
    await sendPricedQuote(db(), { quoteId: priced.id, staffId: staff.id, prices });

    const filters = parseQuoteListQuery(new URLSearchParams(`q=${encodeURIComponent(customer.email)}`));
    const rows: QuoteExportRow[] = [];
    for await (const batch of exportQuoteRequests(db(), filters, 'en')) rows.push(...batch);
    const byId = (reference: string) => rows.find((row) => row.reference === reference);
    expect(byId(priced.reference)?.version).toMatchObject({
      number: 1,
      validUntil: addDays(nurseryDate(new Date()), 7),
      state: 'open',
      lines: [
        { line: 1, requestedSku: 'ASKED-1', offeredSku: first, alternatives: [] },
        { line: 2, requestedSku: 'ASKED-2', offeredSku: 'ASKED-2', alternatives: [second] },
      ],
    });
    expect(byId(unpriced.reference)?.version).toBeNull();

    for (const locale of ['en', 'fr'] as const) {
      const text = await new Response(quoteCsvStream(db(), filters, locale)).text();
      const delimiter = locale === 'fr' ? ';' : ',';
      const [header, ...lines] = text
        .replace(/^\uFEFF/, '')
        .trimEnd()
        .split('\r\n');
      expect(header?.split(delimiter)).toHaveLength(CSV_COLUMNS.length + TAX_CSV_COLUMNS.length);
      const line = lines.find((candidate) => candidate.startsWith(priced.reference)) ?? '';
      if (locale === 'en') {
        expect(line).toContain(
          `,1,${addDays(nurseryDate(new Date()), 7)},Waiting for the customer,line 1: ASKED-1 → ${first} | line 2 alternatives: ${second}`,
        );
      } else {
        expect(line).toContain(
          `;1;${addDays(nurseryDate(new Date()), 7)};En attente du client;ligne 1\u00a0: ASKED-1 → ${first}`,
        );
      }
      const empty = lines.find((candidate) => candidate.startsWith(unpriced.reference)) ?? '';
      expect(empty.endsWith(`${delimiter}${delimiter}${delimiter}${delimiter}`)).toBe(true);
    }
  });
});
