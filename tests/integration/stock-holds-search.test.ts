import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadRequestHolds } from '../../src/features/quotes/holds/holds.server.ts';
import { changeQuoteStatus } from '../../src/features/quotes/workflow/workflow.server.ts';
import { searchProducts } from '../../src/features/search/search.server.ts';
import { SearchInputSchema } from '../../src/features/search/search.ts';
import { type AccountFixtures, createUser, seedAccountReference } from '../factories/accounts.ts';
import { createProduct } from '../factories/catalog.ts';
import { createQuoteRequest, sendTestVersion } from '../factories/quotes.ts';
import { createTestDatabase, ENGINES, type TestDatabase } from '../support/databases.ts';

// The search page is rendered on demand: its stock summary is net of quote holds (decision 054).
// Here, outside the features, because the search feature reaches the quotes feature (the demo seed).
describe.each(ENGINES)('search stock net of quote holds on %s', (engine) => {
  let test: TestDatabase;
  let fixtures: AccountFixtures;
  beforeAll(async () => {
    test = await createTestDatabase(engine);
    fixtures = await seedAccountReference(test.handle.db);
  });
  afterAll(async () => {
    await test?.drop();
  });

  it('counts what an open version holds out of the stock a search shows', async () => {
    const db = test.handle.db;
    const staff = await createUser(db, { role: 'admin' });
    const product = await createProduct(db, { variants: [{ stock: { [fixtures.locationId]: 10 } }] });
    const [variant] = product.variants;
    if (!variant) throw new Error('a variant');
    const stockShown = async () =>
      (await searchProducts(db, SearchInputSchema.parse({ q: product.code }), { locale: 'en' })).hits.find(
        (hit) => hit.code === product.code,
      )?.stockTotal;
    expect(await stockShown()).toBe(10);
    const quote = await createQuoteRequest(db, {
      user: await createUser(db),
      locationId: fixtures.locationId,
      lines: [{ variantId: variant.id, sku: variant.sku, quantity: 6, unitPriceCents: 1000 }],
    });
    await changeQuoteStatus(db, { quoteId: quote.id, to: 'in_review', staffId: staff.id });
    await sendTestVersion(db, { quoteId: quote.id, staffId: staff.id, lines: 1 });
    expect((await loadRequestHolds(db, quote.id)).map((hold) => hold.state)).toEqual(['held']);
    expect(await stockShown()).toBe(4);
  });
});
