import type { Insertable } from 'kysely';
import type { DatabaseHandle } from '../../../lib/db/connect.server.ts';
import type { Database } from '../../../lib/db/schema.ts';
import { stockLevelsFor } from './catalog.server.ts';
import { Random } from './random.ts';
import { BATCH_SIZE, DemoSeedError, insertInChunks, requireId, STORE_PRNG_SEED, seconds } from './util.server.ts';

/** Synthetic products for benchmarks (npm run seed:scale). */

export const MAX_SCALE_PRODUCTS = 20_000;

/**
 * Adds synthetic products, cloned from the real plants, until the catalog holds `count`
 * products: each clone gets its own code (6 digits, so it never meets a real one), slugs,
 * variants and stock at every location. Returns how many were added.
 */
export async function seedScaleProducts(
  handle: DatabaseHandle,
  count: number,
  options: { log?: (line: string) => void } = {},
): Promise<number> {
  const log = options.log ?? (() => {});
  if (!Number.isInteger(count) || count < 1 || count > MAX_SCALE_PRODUCTS) {
    throw new RangeError(`count must be an integer from 1 to ${MAX_SCALE_PRODUCTS}, got ${count}`);
  }
  const db = handle.db;
  const { total } = await db
    .selectFrom('products')
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  const missing = count - Number(total);
  if (missing <= 0) return 0;

  const sources = await db
    .selectFrom('products')
    .selectAll()
    .where('code', '~', '^[A-Z]{3}-[0-9]{4}$')
    .orderBy('id')
    .execute();
  if (sources.length === 0) throw new DemoSeedError('No products to clone: seed the demo data first.');
  const sourceVariants = await db
    .selectFrom('variants')
    .select(['product_id', 'sku', 'size_label', 'size_kind', 'size_values', 'size_root_ball', 'sort_order'])
    .select(['list_price_cents', 'trade_price_cents'])
    .where(
      'product_id',
      'in',
      sources.map((source) => source.id),
    )
    .orderBy('product_id')
    .orderBy('sort_order')
    .execute();
  const variantsByProduct = new Map<number, typeof sourceVariants>();
  for (const variant of sourceVariants) {
    const list = variantsByProduct.get(variant.product_id);
    if (list) list.push(variant);
    else variantsByProduct.set(variant.product_id, [variant]);
  }
  const locationIds = (await db.selectFrom('locations').select('id').orderBy('id').execute()).map((row) => row.id);
  const clones = await db.selectFrom('products').select('code').where('code', '~', '^[A-Z]{3}-[0-9]{6}$').execute();
  // One number across all prefixes keeps the " Selection N" names and slugs unique as well.
  let number = Math.max(100_000, ...clones.map((row) => Number(row.code.slice(4))));

  const random = new Random(STORE_PRNG_SEED + Number(total));
  const started = performance.now();
  let added = 0;
  while (added < missing) {
    const batch = Math.min(BATCH_SIZE, missing - added);
    const drafts = Array.from({ length: batch }, (_, index) => {
      const source = sources[(Number(total) + added + index) % sources.length];
      if (!source) throw new Error('No source product');
      number += 1;
      return { source, number, code: `${source.code.slice(0, 3)}-${number}` };
    });
    await db.transaction().execute(async (trx) => {
      const productRows: Insertable<Database['products']>[] = drafts.map(({ source, number, code }) => ({
        code,
        category_id: source.category_id,
        slug_en: `${source.slug_en}-selection-${number}`,
        slug_fr: `${source.slug_fr}-selection-${number}`,
        name_en: `${source.name_en} Selection ${number}`,
        name_fr: `${source.name_fr} sélection ${number}`,
        botanical_name: source.botanical_name,
        description_en: source.description_en,
        description_fr: source.description_fr,
        disclaimer_en: source.disclaimer_en,
        disclaimer_fr: source.disclaimer_fr,
        hardiness_zone: source.hardiness_zone,
        exposure: source.exposure,
        height_cm: source.height_cm,
        spread_cm: source.spread_cm,
        bloom_from: source.bloom_from,
        bloom_to: source.bloom_to,
        flower_colour_en: source.flower_colour_en,
        flower_colour_fr: source.flower_colour_fr,
        foliage_colour_en: source.foliage_colour_en,
        foliage_colour_fr: source.foliage_colour_fr,
        is_published: source.is_published,
        is_featured: false,
      }));
      const products = await insertInChunks(productRows, (chunk) =>
        trx.insertInto('products').values(chunk).returning(['id', 'code']).execute(),
      );
      const productIds = new Map(products.map((row) => [row.code, row.id]));
      const variantRows: Insertable<Database['variants']>[] = drafts.flatMap(({ source, code }) =>
        (variantsByProduct.get(source.id) ?? []).map((variant) => ({
          product_id: requireId(productIds, code),
          sku: `${code}${variant.sku.slice(source.code.length)}`,
          size_label: variant.size_label,
          size_kind: variant.size_kind,
          size_values: variant.size_values,
          size_root_ball: variant.size_root_ball,
          sort_order: variant.sort_order,
          list_price_cents: variant.list_price_cents,
          trade_price_cents: variant.trade_price_cents,
        })),
      );
      const variants = await insertInChunks(variantRows, (chunk) =>
        trx.insertInto('variants').values(chunk).returning(['id', 'size_kind', 'size_label']).execute(),
      );
      const stockRows = stockLevelsFor(
        random,
        variants.map((row) => ({ id: row.id, sizeKind: row.size_kind, sizeLabel: row.size_label })),
        locationIds,
      );
      await insertInChunks(stockRows, (chunk) => trx.insertInto('stock_levels').values(chunk).execute());
    });
    added += batch;
    log(`Added ${added} of ${missing} products (${seconds(started)} s)`);
  }
  return added;
}
