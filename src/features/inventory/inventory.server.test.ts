import { beforeAll, describe, expect, it } from 'vitest';
import {
  createCustomer,
  createInHouseAccount,
  createLocation,
  createProduct,
  setSetting,
} from '../../../tests/factories/catalog.ts';
import { ENGINES } from '../../../tests/support/databases.ts';
import { useTestDatabase } from '../../../tests/support/suite-database.ts';
import { loadAvailability, ProductNotFoundError } from './inventory.server.ts';

describe.each(ENGINES)('availability query on %s', (engine) => {
  const suiteDb = useTestDatabase(engine);
  const db = suiteDb;
  let yards: { id: number }[];
  let warehouse: { id: number };
  let closed: { id: number };
  beforeAll(async () => {
    const db = suiteDb();
    await setSetting(db, 'low_stock_threshold', 5);
    await setSetting(db, 'locations', { primary_location_type_ids_for_product_page: [1] });
    yards = [
      await createLocation(db, { name: 'Milton', sortOrder: 1 }),
      await createLocation(db, { name: 'Ottawa', sortOrder: 2 }),
      await createLocation(db, { name: 'Laval', sortOrder: 3 }),
    ];
    warehouse = await createLocation(db, { name: 'Warehouse', typeId: 2, sortOrder: 0 });
    closed = await createLocation(db, { name: 'Closed', isActive: false, sortOrder: 0 });
  });
  const [a, b, c] = [0, 1, 2];

  it('gives every active variant at every sales yard, with labels from the threshold', async () => {
    const product = await createProduct(db(), {
      variants: [
        {
          sizeLabel: '#2',
          listPriceCents: 3999,
          stock: { [yards[a].id]: 12, [yards[b].id]: 5, [warehouse.id]: 400 },
        },
        { sizeLabel: '#5', listPriceCents: 8999, stock: { [yards[c].id]: 1, [closed.id]: 50 } },
        { sizeLabel: '#7', isActive: false, stock: { [yards[a].id]: 30 } },
      ],
    });
    const availability = await loadAvailability(db(), product.id, null, 'en');
    expect(availability.priceKind).toBe('list');
    expect(availability.myLocationId).toBeNull();
    expect(availability.lowStockThreshold).toBe(5);
    expect(availability.locations.map((location) => location.name)).toEqual(['Milton', 'Ottawa', 'Laval']);
    expect(availability.variants.map((variant) => variant.sizeLabel)).toEqual(['#2', '#5']);
    const [two, five] = availability.variants;
    expect(two?.stock.map((entry) => [entry.quantity, entry.label])).toEqual([
      [12, 'in_stock'],
      [5, 'low_stock'],
      [0, 'out_of_stock'],
    ]);
    expect(two).toMatchObject({ totalQuantity: 17, label: 'in_stock', priceCents: 3999, listPriceCents: 3999 });
    expect(five).toMatchObject({ totalQuantity: 1, label: 'low_stock' });
  });

  it('names yards in the requested language', async () => {
    const product = await createProduct(db());
    const availability = await loadAvailability(db(), product.id, null, 'fr');
    expect(availability.locations[0]?.name).toBe('Centre Milton');
    expect(availability.locations[0]?.hours).toBe('Lun. au ven. 8 h à 17 h');
  });

  it("puts the signed-in user's sales yard first and shows trade prices with trade pricing", async () => {
    const product = await createProduct(db(), {
      variants: [{ listPriceCents: 10000, tradePriceCents: 7800, stock: { [yards[c].id]: 9 } }],
    });
    const account = await createInHouseAccount(db());
    const trade = await createCustomer(db(), { inHouseAccountId: account.id, defaultLocationId: yards[c].id });
    const user = { inHouseAccountId: account.id, defaultLocationId: yards[c].id };
    expect(trade.id).toBeTruthy();
    const availability = await loadAvailability(db(), product.id, user, 'en');
    expect(availability.priceKind).toBe('trade');
    expect(availability.myLocationId).toBe(yards[c].id);
    expect(availability.locations.map((location) => location.name)).toEqual(['Laval', 'Milton', 'Ottawa']);
    expect(availability.variants[0]).toMatchObject({ priceCents: 7800, listPriceCents: 10000 });
    expect(availability.variants[0]?.stock[0]).toEqual({ locationId: yards[c].id, quantity: 9, label: 'in_stock' });

    const retail = await loadAvailability(db(), product.id, { inHouseAccountId: null, defaultLocationId: null }, 'en');
    expect(retail.variants[0]?.priceCents).toBe(10000);
  });

  it('ignores a default location that the product page does not list', async () => {
    const product = await createProduct(db());
    const availability = await loadAvailability(
      db(),
      product.id,
      { inHouseAccountId: null, defaultLocationId: warehouse.id },
      'en',
    );
    expect(availability.myLocationId).toBeNull();
    expect(availability.locations.map((location) => location.name)).toEqual(['Milton', 'Ottawa', 'Laval']);
  });

  it('lists the location types the setting names, its whole numbers only, and the sales yards when it is no list', async () => {
    const product = await createProduct(db(), { variants: [{ stock: { [warehouse.id]: 400, [yards[a].id]: 2 } }] });
    const listed = async (setting: unknown) => {
      await setSetting(db(), 'locations', { primary_location_type_ids_for_product_page: setting });
      const availability = await loadAvailability(db(), product.id, null, 'en');
      return [availability.locations.map((location) => location.name), availability.variants[0]?.totalQuantity];
    };
    try {
      expect(await listed([2, 1])).toEqual([['Warehouse', 'Milton', 'Ottawa', 'Laval'], 402]);
      expect(await listed([2, 1.5, '1', null])).toEqual([['Warehouse'], 400]);
      expect(await listed([])).toEqual([[], 0]);
      expect(await listed('2')).toEqual([['Milton', 'Ottawa', 'Laval'], 2]);
      await setSetting(db(), 'locations', {});
      expect((await loadAvailability(db(), product.id, null, 'en')).locations).toHaveLength(3);
    } finally {
      await setSetting(db(), 'locations', { primary_location_type_ids_for_product_page: [1] });
    }
  });

  it('has no variants when none is active, and refuses unknown or unpublished products', async () => {
    const noVariants = await createProduct(db(), { variants: [{ isActive: false }] });
    expect((await loadAvailability(db(), noVariants.id, null, 'en')).variants).toEqual([]);
    const unpublished = await createProduct(db(), { isPublished: false });
    await expect(loadAvailability(db(), unpublished.id, null, 'en')).rejects.toThrow(ProductNotFoundError);
    await expect(loadAvailability(db(), 99_999_999, null, 'en')).rejects.toThrow(ProductNotFoundError);
  });
});
