import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, ENGINES, type TestDatabase } from '../../../tests/support/databases.ts';
import { seedDemoData } from '../demo/seed.server.ts';
import { searchProducts } from './search.server.ts';
import { compareSearchHits, type SearchInput, SearchInputSchema } from './search.ts';

// The real demo catalog (395 plants), on each engine.
describe.each(ENGINES)('catalog search on %s', (engine) => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase(engine);
    await seedDemoData(test.handle, { now: new Date('2026-11-01T12:00:00Z') });
  });
  afterAll(async () => {
    await test?.drop();
  });

  const db = () => test.handle.db;
  const search = (input: Partial<SearchInput>, locale: 'en' | 'fr' = 'en') =>
    searchProducts(db(), SearchInputSchema.parse(input), { locale });

  it("finds Érable for 'erable' in English and in French", async () => {
    const en = await search({ q: 'erable' }, 'en');
    expect(en.total).toBeGreaterThan(0);
    expect(en.hits.map((hit) => hit.name)).toContain('Sugar Maple');
    for (const hit of en.hits) expect(hit.name).toMatch(/Maple/);
    const fr = await search({ q: 'erable' }, 'fr');
    expect(fr.hits.map((hit) => hit.name)).toContain('Érable à sucre');
    expect(fr.hits[0]?.name).toMatch(/^Érable/);
    expect(fr.hits[0]?.href).toMatch(/^\/fr\/products\/erable/);
  });

  it("shows a product's first photo on its card, and the drawing for a product without one", async () => {
    const maple = await db()
      .selectFrom('products')
      .select('id')
      .where('name_en', '=', 'Sugar Maple')
      .executeTakeFirstOrThrow();
    const variant = (width: number, format: 'webp' | 'jpeg') => ({
      width,
      height: width,
      format,
      key: `products/${maple.id}/test-${width}.${format === 'webp' ? 'webp' : 'jpg'}`,
      bytes: 1000,
    });
    const variants = [variant(480, 'webp'), variant(480, 'jpeg'), variant(1200, 'jpeg')];
    const rows = await db()
      .insertInto('product_images')
      .values([
        { product_id: maple.id, position: 1, storage_key: 'second', width: 1200, height: 1200, variants: '[]' },
        {
          product_id: maple.id,
          position: 0,
          storage_key: 'first',
          width: 1200,
          height: 1200,
          variants: JSON.stringify(variants),
          alt_fr: 'Érable à sucre en automne',
        },
      ])
      .returning('id')
      .execute();
    try {
      const fr = await search({ q: 'erable a sucre' }, 'fr');
      const hit = fr.hits.find((candidate) => candidate.id === maple.id);
      expect(hit?.picture).toMatchObject({ alt: 'Érable à sucre en automne', width: 1200, height: 1200 });
      expect(hit?.picture?.webp).toContain('test-480.webp 480w');
      expect(hit?.picture?.src).toContain('test-480.jpg');
      expect(fr.hits.filter((candidate) => candidate.id !== maple.id).every((other) => !other.picture)).toBe(true);
    } finally {
      await db()
        .deleteFrom('product_images')
        .where(
          'id',
          'in',
          rows.map((row) => row.id),
        )
        .execute();
    }
  });

  it("finds Hydrangea for the typo 'hydrangia', in both languages", async () => {
    for (const locale of ['en', 'fr'] as const) {
      const result = await search({ q: 'hydrangia' }, locale);
      expect(result.pass).toBe('similar');
      expect(result.total).toBeGreaterThanOrEqual(5);
      for (const hit of result.hits) expect(hit.botanicalName).toMatch(/^Hydrangea /);
      expect(result.hits[0]?.match).toBe('similar');
    }
  });

  it('finds the plants an everyday name means: hortensia, cèdre, arborvitae', async () => {
    const hortensias = await search({ q: 'hortensias' }, 'fr');
    expect(hortensias.pass).toBe('words');
    expect(hortensias.hits.map((hit) => hit.name)).toContain("Hydrangée paniculée 'Limelight'");
    expect(hortensias.hits[0]?.name).toMatch(/^Hydrangée/);
    const cedre = await search({ q: 'cèdre' }, 'fr');
    expect(cedre.hits.map((hit) => hit.name)).toContain('Thuya occidental');
    expect(cedre.hits[0]?.match).toBe('name');
    // In an English search too, and as the other language's words.
    const english = await search({ q: 'hortensia' }, 'en');
    expect(english.hits.map((hit) => hit.name)).toContain('Limelight Panicle Hydrangea');
    const arborvitae = await search({ q: 'arborvitae' }, 'en');
    expect(arborvitae.hits.map((hit) => hit.name)).toContain('Eastern White Cedar');
  });

  it('finds a product by its exact SKU, and shows that SKU', async () => {
    const variant = await db()
      .selectFrom('variants')
      .innerJoin('products', 'products.id', 'variants.product_id')
      .select(['variants.sku', 'products.code'])
      .where('products.code', '=', 'SHR-1001')
      .orderBy('variants.sort_order', 'desc')
      .executeTakeFirstOrThrow();
    const result = await search({ q: variant.sku.toLowerCase() });
    expect(result.pass).toBe('codes');
    expect(result.hits[0]).toMatchObject({ code: 'SHR-1001', match: 'sku', sku: variant.sku });
  });

  it('shows the price and stock of the size a SKU names, and opens the product page on it', async () => {
    // The largest size of a tree: the one whose price is furthest from the product's lowest.
    const size = await db()
      .selectFrom('variants')
      .innerJoin('products', 'products.id', 'variants.product_id')
      .select(['variants.id', 'variants.sku', 'variants.list_price_cents', 'variants.trade_price_cents'])
      .where('products.code', '=', 'TRE-1025')
      .orderBy('variants.list_price_cents', 'desc')
      .executeTakeFirstOrThrow();
    const stock = await db()
      .selectFrom('stock_levels')
      .select((eb) => eb.fn.sum<string>('quantity').as('total'))
      .where('variant_id', '=', size.id)
      .executeTakeFirstOrThrow();
    const list = await search({ q: size.sku }, 'fr');
    expect(list.hits[0]).toMatchObject({ code: 'TRE-1025', sku: size.sku, skuPriceCents: size.list_price_cents });
    expect(list.hits[0]?.fromPriceCents).toBeLessThan(size.list_price_cents);
    expect(list.hits[0]?.stockTotal).toBe(Number(stock.total));
    expect(list.hits[0]?.href).toMatch(new RegExp(`^/fr/products/[^?]+\\?sku=${size.sku}$`));
    const trade = await searchProducts(db(), SearchInputSchema.parse({ q: size.sku }), {
      locale: 'en',
      priceKind: 'trade',
    });
    expect(trade.hits[0]?.skuPriceCents).toBe(size.trade_price_cents);
    // A code names no one size: the card keeps the product's from price and page.
    const code = await search({ q: 'TRE-1025' });
    expect(code.hits[0]).toMatchObject({ code: 'TRE-1025', skuPriceCents: null });
    expect(code.hits[0]?.href).not.toContain('?');
  });

  it('finds a product by its code first, then codes that start with it', async () => {
    const exact = await search({ q: 'TRE1001' });
    expect(exact.total).toBe(1);
    expect(exact.hits[0]).toMatchObject({ code: 'TRE-1001', name: 'Sugar Maple', match: 'code' });

    const prefix = await search({ q: 'tre-10', size: 100 });
    const expected = await db()
      .selectFrom('products')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('code', 'like', 'TRE-10%')
      .executeTakeFirstOrThrow();
    expect(prefix.total).toBe(Number(expected.count));
    for (const hit of prefix.hits) expect(hit.code.startsWith('TRE-10')).toBe(true);
  });

  it('finds botanical names, the exact one first', async () => {
    const result = await search({ q: 'Acer saccharum' });
    expect(result.hits[0]).toMatchObject({ code: 'TRE-1001', match: 'name' });
    expect(result.signals[0]?.nameExact).toBe(true);
    const thuja = await search({ q: 'thuja occidentalis' }, 'fr');
    expect(thuja.total).toBeGreaterThan(1);
    for (const hit of thuja.hits) expect(hit.botanicalName).toMatch(/^Thuja occidentalis/);
  });

  it('reads French queries with accents, and without them', async () => {
    const accented = await search({ q: 'Érable à sucre' }, 'fr');
    expect(accented.hits[0]?.name).toBe('Érable à sucre');
    const plain = await search({ q: 'erable a sucre' }, 'fr');
    expect(plain.hits.map((hit) => hit.id)).toEqual(accented.hits.map((hit) => hit.id));
    const hydrangee = await search({ q: 'hydrangée grimpante' }, 'fr');
    expect(hydrangee.hits[0]).toMatchObject({ code: 'VIN-1020', name: 'Hydrangée grimpante' });
  });

  it('ranks names before categories before descriptions, as compareSearchHits says', async () => {
    for (const [q, locale] of [
      ['rose', 'en'],
      ['shade', 'en'],
      ['hydrangea', 'en'],
      ['ombre', 'fr'],
      ['lilas', 'fr'],
      ['TRE-10', 'en'],
    ] as const) {
      const result = await search({ q, size: 100 }, locale);
      expect(result.total, q).toBeGreaterThan(0);
      expect(result.signals, q).toEqual([...result.signals].sort(compareSearchHits));
    }
    const shade = await search({ q: 'shade', size: 100 });
    const kinds = shade.hits.map((hit) => hit.match);
    expect(kinds).toContain('category');
    expect(kinds).toContain('text');
    expect(kinds.indexOf('text')).toBeGreaterThan(kinds.lastIndexOf('category'));
  });

  it('pages through the same order', async () => {
    const all = await search({ q: 'maple', size: 25 });
    const page2 = await search({ q: 'maple', size: 5, page: 2 });
    expect(page2.total).toBe(all.total);
    expect(page2.pageCount).toBe(Math.ceil(all.total / 5));
    expect(page2.hits.map((hit) => hit.id)).toEqual(all.hits.slice(5, 10).map((hit) => hit.id));
    const beyond = await search({ q: 'maple', page: 99 });
    expect(beyond.total).toBe(all.total);
    expect(beyond.hits).toEqual([]);
  });

  it("labels stock with the app's low-stock threshold and shows the 'from' list price", async () => {
    const before = await search({ q: 'Sugar Maple' });
    const maple = before.hits[0];
    expect(maple?.fromPriceCents).toBeGreaterThan(0);
    const prices = await db()
      .selectFrom('variants')
      .innerJoin('products', 'products.id', 'variants.product_id')
      .select((eb) => eb.fn.min<number>('variants.list_price_cents').as('min'))
      .where('products.code', '=', 'TRE-1001')
      .executeTakeFirstOrThrow();
    expect(maple?.fromPriceCents).toBe(prices.min);
    expect(maple?.stock).toBe(
      maple && maple.stockTotal > 5 ? 'in_stock' : maple?.stockTotal ? 'low_stock' : 'out_of_stock',
    );

    await db()
      .updateTable('app_settings')
      .set({ value: JSON.stringify(1_000_000) })
      .where('key', '=', 'low_stock_threshold')
      .execute();
    try {
      const after = await search({ q: 'Sugar Maple' });
      expect(after.hits[0]?.stock).toBe('low_stock');
    } finally {
      await db()
        .updateTable('app_settings')
        .set({ value: JSON.stringify(5) })
        .where('key', '=', 'low_stock_threshold')
        .execute();
    }
  });

  it('offers close names when nothing matches, and nothing for gibberish', async () => {
    const near = await search({ q: 'hydrxyz' });
    expect(near.total).toBe(0);
    expect(near.suggestions.length).toBeGreaterThan(0);
    for (const name of near.suggestions) expect(name).toMatch(/Hydrangea/);
    const none = await search({ q: 'qqqqqq' });
    expect(none).toMatchObject({ total: 0, hits: [], suggestions: [] });
  });

  it('never shows unpublished products', async () => {
    await db().updateTable('products').set({ is_published: false }).where('code', '=', 'TRE-1001').execute();
    try {
      const result = await search({ q: 'Sugar Maple', size: 100 });
      expect(result.hits.map((hit) => hit.code)).not.toContain('TRE-1001');
      expect((await search({ q: 'TRE-1001' })).hits.map((hit) => hit.code)).not.toContain('TRE-1001');
    } finally {
      await db().updateTable('products').set({ is_published: true }).where('code', '=', 'TRE-1001').execute();
    }
  });

  it('treats an empty query as no search at all, and leaves the connection settings alone', async () => {
    expect(await search({ q: '   ' })).toMatchObject({ total: 0, hits: [], pass: null });
    await search({ q: 'hydrangia' });
    const { rows } = await sql<{ value: string }>`select current_setting('random_page_cost') as value`.execute(db());
    expect(Number(rows[0]?.value)).toBe(4);
  });
});
