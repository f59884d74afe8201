import { beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../tests/factories/accounts.ts';
import { createLocation, createProduct } from '../../../tests/factories/catalog.ts';
import { ENGINES } from '../../../tests/support/databases.ts';
import { useTestDatabase } from '../../../tests/support/suite-database.ts';
import {
  listProducts,
  loadProductForEdit,
  ProductConflictError,
  productBySlug,
  StaleProductError,
  saveProduct,
} from './catalog-admin.server.ts';
import { ProductEditSchema, ProductListQuerySchema, type ProductMessages } from './catalog-admin.ts';

const messages: ProductMessages = {
  required: 'required',
  slug: 'slug',
  sku: 'sku',
  price: 'price',
  tradeAboveList: 'trade above list',
  quantity: 'quantity',
  zone: 'zone',
  month: 'month',
  positive: 'positive',
  sizeValue: 'from {min} to {max}',
  sizeOrder: 'order',
  rootBall: 'root ball',
  sizeRepeated: 'repeated',
  tooLong: 'at most {max}',
};
const schema = ProductEditSchema(messages);

describe.each(ENGINES)('product admin on %s', (engine) => {
  const db = useTestDatabase(engine);
  let adminId: string;
  beforeAll(async () => {
    adminId = (await createUser(db(), { role: 'admin' })).id;
  });

  async function openForm(productId: number) {
    const product = await loadProductForEdit(db(), productId);
    if (!product) throw new Error('no product');
    return product;
  }

  it('saves names, flags, prices and stock per yard, recording who and when', async () => {
    const yard = await createLocation(db());
    const product = await createProduct(db(), { variants: [{ listPriceCents: 5000, tradePriceCents: 4000 }] });
    const form = await openForm(product.id);
    const values = structuredClone(form.values);
    values.name_fr = 'Érable rouge de test';
    values.isFeatured = true;
    const [variant] = values.variants;
    if (!variant) throw new Error('no variant');
    variant.listPrice = '59.99';
    // Typed as a French-speaking clerk would.
    variant.tradePrice = '45,5';
    variant.stock = variant.stock.map((level) => (level.locationId === yard.id ? { ...level, quantity: 17 } : level));
    const result = await saveProduct(db(), product.id, schema.parse(values), adminId);
    expect(result.version).toBe(form.values.version + 1);

    const after = await openForm(product.id);
    expect(after.values.name_fr).toBe('Érable rouge de test');
    expect(after.values.isFeatured).toBe(true);
    expect(after.values.variants[0]).toMatchObject({ listPrice: '59.99', tradePrice: '45.50' });
    expect(after.values.variants[0]?.stock.find((level) => level.locationId === yard.id)?.quantity).toBe(17);
    expect(after.updatedBy).toBe('Ada Lovelace');
  });

  it("refuses a price or a text it cannot take with the form's own words, never the schema library's", async () => {
    const product = await createProduct(db(), { variants: [{ listPriceCents: 5000, tradePriceCents: 4000 }] });
    const values = structuredClone((await openForm(product.id)).values);
    values.name_en = 'N'.repeat(121);
    values.description_fr = 'D'.repeat(5001);
    values.flowerColour_en = 'C'.repeat(61);
    const [variant] = values.variants;
    if (!variant) throw new Error('no variant');
    variant.listPrice = '24,999';
    const issues = schema.safeParse(values).error?.issues.map((issue) => [issue.path.join('.'), issue.message]);
    expect(issues).toEqual([
      ['name_en', 'at most 120'],
      ['description_fr', 'at most 5000'],
      ['flowerColour_en', 'at most 60'],
      ['variants.0.listPrice', 'price'],
    ]);
  });

  it('saves a size as kind, numbers and root ball, and writes its English label from them', async () => {
    const product = await createProduct(db(), { variants: [{ sizeLabel: '50mm WB' }, { sizeLabel: '5 gal' }] });
    const form = await openForm(product.id);
    // A label read into its structure; one that cannot be read opens with its kind and no numbers.
    expect(form.values.variants.map((variant) => variant.size)).toEqual([
      { kind: 'caliper', values: '50', rootBall: 'wire_basket' },
      { kind: 'container', values: '', rootBall: '' },
    ]);
    const values = structuredClone(form.values);
    const [first, second] = values.variants;
    if (!first || !second) throw new Error('no variants');
    first.size = { kind: 'caliper', values: '40/50/60', rootBall: 'wire_basket' };
    second.size = { kind: 'balled_burlapped', values: '150', rootBall: 'burlap' };
    await saveProduct(db(), product.id, schema.parse(values), adminId);

    const rows = await db()
      .selectFrom('variants')
      .select(['size_label', 'size_kind', 'size_values', 'size_root_ball'])
      .where('product_id', '=', product.id)
      .orderBy('sort_order')
      .execute();
    expect(rows).toEqual([
      { size_label: '40/50/60 mm WB', size_kind: 'caliper', size_values: [40, 50, 60], size_root_ball: 'wire_basket' },
      { size_label: 'B&B 150 cm', size_kind: 'balled_burlapped', size_values: [150], size_root_ball: 'burlap' },
    ]);
    expect((await openForm(product.id)).values.variants[0]?.size.values).toBe('40/50/60');
  });

  it('refuses the second of two saves from forms opened at the same version, writing nothing', async () => {
    const product = await createProduct(db());
    const first = structuredClone((await openForm(product.id)).values);
    const second = structuredClone(first);
    first.name_en = 'First editor';
    second.name_en = 'Second editor';
    second.description_en = 'Written by the second editor';
    await saveProduct(db(), product.id, schema.parse(first), adminId);
    const refused = await saveProduct(db(), product.id, schema.parse(second), adminId).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(StaleProductError);
    const now = await openForm(product.id);
    expect(now.values.name_en).toBe('First editor');
    expect(now.values.description_en).toBe('');
  });

  it('lets only one of two simultaneous saves from the same version through', async () => {
    const product = await createProduct(db());
    const base = (await openForm(product.id)).values;
    const results = await Promise.allSettled(
      ['One', 'Two'].map((name) => saveProduct(db(), product.id, schema.parse({ ...base, name_en: name }), adminId)),
    );
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    const rejected = results.find((result) => result.status === 'rejected');
    expect(rejected && 'reason' in rejected ? rejected.reason : null).toBeInstanceOf(StaleProductError);
  });

  it('keeps the old address working after a slug change, without loops or chains', async () => {
    const product = await createProduct(db());
    const form = await openForm(product.id);
    const oldEn = form.values.slug_en;
    const oldFr = form.values.slug_fr;
    let values = { ...form.values, slug_en: `${oldEn}-renamed`, slug_fr: `${oldFr}-renommee` };
    await saveProduct(db(), product.id, schema.parse(values), adminId);
    const all = async () =>
      Object.fromEntries(
        (await db().selectFrom('redirects').select(['from_path', 'to_location']).execute()).map((row) => [
          row.from_path,
          row.to_location,
        ]),
      );
    expect(await all()).toMatchObject({
      [`/products/${oldEn}`]: `/products/${oldEn}-renamed`,
      [`/fr/products/${oldFr}`]: `/fr/products/${oldFr}-renommee`,
    });
    // A second rename: the first old URL goes straight to the newest.
    values = { ...(await openForm(product.id)).values, slug_en: `${oldEn}-again` };
    await saveProduct(db(), product.id, schema.parse(values), adminId);
    expect(await all()).toMatchObject({
      [`/products/${oldEn}`]: `/products/${oldEn}-again`,
      [`/products/${oldEn}-renamed`]: `/products/${oldEn}-again`,
    });
    // Back to the original: its redirect would loop, so it goes.
    values = { ...(await openForm(product.id)).values, slug_en: oldEn };
    await saveProduct(db(), product.id, schema.parse(values), adminId);
    const now = await all();
    expect(now[`/products/${oldEn}`]).toBeUndefined();
    expect(now[`/products/${oldEn}-again`]).toBe(`/products/${oldEn}`);
  });

  it('finds a product by its English slug, or by its French one with the English to go to', async () => {
    const product = await createProduct(db());
    const row = await db()
      .selectFrom('products')
      .select(['slug_en', 'slug_fr'])
      .where('id', '=', product.id)
      .executeTakeFirstOrThrow();
    expect(await productBySlug(db(), row.slug_en)).toEqual({ id: product.id, slug: row.slug_en });
    expect(await productBySlug(db(), row.slug_fr)).toEqual({ id: product.id, slug: row.slug_en });
    expect(await productBySlug(db(), 'no-such-plant')).toBeNull();
  });

  it('refuses a slug another product uses', async () => {
    const one = await createProduct(db());
    const two = await createProduct(db());
    const taken = (await openForm(one.id)).values.slug_en;
    const values = { ...(await openForm(two.id)).values, slug_en: taken };
    await expect(saveProduct(db(), two.id, schema.parse(values), adminId)).rejects.toEqual(
      new ProductConflictError('slug_en'),
    );
  });

  it('finds products by either name, botanical name, code or SKU, with filters and paging', async () => {
    const product = await createProduct(db(), { isPublished: false });
    const form = await openForm(product.id);
    await saveProduct(
      db(),
      product.id,
      schema.parse({ ...form.values, name_fr: 'Chèvrefeuille zèbre', botanicalName: 'Lonicera zebrina' }),
      adminId,
    );
    const query = (q: Record<string, string>) => listProducts(db(), ProductListQuerySchema.parse(q), 'en');
    for (const q of ['chevrefeuille', 'ZEBRINA', product.code.toLowerCase(), product.variants[0]?.sku ?? '']) {
      const found = await query({ q });
      expect(
        found.rows.map((row) => row.id),
        q,
      ).toContain(product.id);
    }
    expect((await query({ q: 'zebrina', status: 'published' })).rows).toEqual([]);
    expect((await query({ q: 'zebrina', status: 'unpublished' })).rows[0]).toMatchObject({
      id: product.id,
      imageCount: 0,
    });
    const page = await query({ size: '5', page: '1', sort: 'code' });
    expect(page.rows.length).toBeLessThanOrEqual(5);
    expect(page.total).toBeGreaterThan(0);
  });
});

describe('product form schema', () => {
  it('refuses a trade price above the list price', () => {
    const result = schema.safeParse({
      version: 1,
      name_en: 'A',
      name_fr: 'A',
      slug_en: 'a',
      slug_fr: 'a',
      botanicalName: 'A',
      description_en: '',
      description_fr: '',
      disclaimer_en: '',
      disclaimer_fr: '',
      categoryId: 1,
      hardinessZone: '',
      exposure: [],
      heightCm: '',
      spreadCm: '',
      bloomFrom: '',
      bloomTo: '',
      flowerColour_en: '',
      flowerColour_fr: '',
      foliageColour_en: '',
      foliageColour_fr: '',
      isPublished: true,
      isFeatured: false,
      variants: [
        {
          id: 1,
          size: { kind: 'container', values: '2', rootBall: '' },
          sku: 'A-1',
          listPrice: '10',
          tradePrice: '10.01',
          isActive: true,
          stock: [],
        },
      ],
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['variants.0.tradePrice', 'trade above list'],
    ]);
  });
});

describe('product form sizes', () => {
  const variant = (id: number, size: { kind: string; values: string; rootBall: string }) => ({
    id,
    size,
    sku: `A-${id}`,
    listPrice: '10',
    tradePrice: '8',
    isActive: true,
    stock: [],
  });
  const sizeIssues = (variants: ReturnType<typeof variant>[]) => {
    const result = schema.shape.variants.safeParse(variants);
    return (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]);
  };

  it('accepts a kind, numbers from smallest to largest and the root ball the kind takes', () => {
    expect(
      sizeIssues([
        variant(1, { kind: 'caliper', values: '40/50/60', rootBall: 'wire_basket' }),
        variant(2, { kind: 'pot', values: '15', rootBall: '' }),
      ]),
    ).toEqual([]);
  });

  it('names the field of numbers out of range, out of order or not numbers', () => {
    expect(sizeIssues([variant(1, { kind: 'container', values: '120', rootBall: '' })])).toEqual([
      ['0.size.values', 'from 1 to 99'],
    ]);
    expect(sizeIssues([variant(1, { kind: 'height', values: 'tall', rootBall: '' })])).toEqual([
      ['0.size.values', 'from 10 to 999'],
    ]);
    expect(sizeIssues([variant(1, { kind: 'caliper', values: '60/40', rootBall: 'wire_basket' })])).toEqual([
      ['0.size.values', 'order'],
    ]);
  });

  it('refuses a root ball that does not fit the kind', () => {
    expect(sizeIssues([variant(1, { kind: 'caliper', values: '50', rootBall: '' })])).toEqual([
      ['0.size.rootBall', 'root ball'],
    ]);
  });

  it('refuses the same size twice in one product', () => {
    expect(
      sizeIssues([
        variant(1, { kind: 'container', values: '5', rootBall: '' }),
        variant(2, { kind: 'container', values: ' 5 ', rootBall: '' }),
      ]),
    ).toEqual([['1.size.values', 'repeated']]);
  });
});
