import { describe, expect, it } from 'vitest';
import { createProduct } from '../../../tests/factories/catalog.ts';
import { ENGINES } from '../../../tests/support/databases.ts';
import { useTestDatabase } from '../../../tests/support/suite-database.ts';
import { FromPricesQuerySchema, fromPricesFor } from './from-prices.server.ts';

describe('the ids a catalogue page asks the "from" prices of', () => {
  it('reads a list of ids, each once', () => {
    expect(FromPricesQuerySchema.parse({ ids: '3,14,15,3' }).ids).toEqual([3, 14, 15]);
  });
  it('refuses anything else', () => {
    const tooMany = Array.from({ length: 201 }, (_, index) => index + 1).join(',');
    for (const ids of ['', '0', '-1', '1,,2', '1.5', '1e3', 'a', '1,2,', '1234567890', tooMany]) {
      expect(FromPricesQuerySchema.safeParse({ ids }).success, ids).toBe(false);
    }
  });
});

describe.each(ENGINES)('"from" prices as the shopper pays them, on %s', (engine) => {
  const db = useTestDatabase(engine);

  it('gives the lowest list price, or the lowest trade price with trade pricing, of the sizes for sale', async () => {
    const maple = await createProduct(db(), {
      variants: [
        { listPriceCents: 5000, tradePriceCents: 4000 },
        { listPriceCents: 3000, tradePriceCents: 2600 },
        // Not for sale: its lower prices never count.
        { listPriceCents: 1000, tradePriceCents: 800, isActive: false },
      ],
    });
    const hidden = await createProduct(db(), { isPublished: false, variants: [{ listPriceCents: 900 }] });
    const none = await createProduct(db(), { variants: [{ listPriceCents: 700, isActive: false }] });
    const ids = [maple.id, hidden.id, none.id];

    expect(await fromPricesFor(db(), ids, null)).toEqual({ priceKind: 'list', fromCents: { [maple.id]: 3000 } });
    expect(await fromPricesFor(db(), ids, { inHouseAccountId: null })).toEqual({
      priceKind: 'list',
      fromCents: { [maple.id]: 3000 },
    });
    expect(await fromPricesFor(db(), ids, { inHouseAccountId: 7 })).toEqual({
      priceKind: 'trade',
      fromCents: { [maple.id]: 2600 },
    });
  });
});
