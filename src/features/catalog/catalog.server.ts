import { mkdir, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { type Kysely, sql } from 'kysely';
import { freeStockOf } from '../../lib/db/free-stock.ts';
import type { Database } from '../../lib/db/schema.ts';
import { withFrenchTypography } from '../../lib/i18n/typography.ts';
import { sizeFromRow } from '../../lib/size.ts';
import { ImageVariantSchema } from '../media/media.ts';
import { type CatalogCategory, type CatalogProduct, type CatalogSnapshot, CatalogSnapshotSchema } from './catalog.ts';

const DEFAULT_LOW_STOCK_THRESHOLD = 5;

/**
 * Reads the published catalog in the shape the static build uses. French text fields get
 * French typography here, once (src/lib/i18n/glossary.md). With `only`, the snapshot holds
 * those published products alone (an incremental publish's read, which must not grow with the
 * catalogue, docs/decisions/050-incremental-publish.md); everything else, the categories'
 * product counts included, is read whole.
 */
export async function readCatalogSnapshot(db: Kysely<Database>, only?: readonly number[]): Promise<CatalogSnapshot> {
  // `in ()` is not SQL: no product asked for reads none.
  const ids = only === undefined ? undefined : only.length > 0 ? [...only] : [-1];
  const [
    settings,
    categoryRows,
    productRows,
    imageRows,
    variantRows,
    locationRows,
    contentRows,
    redirectRows,
    countRows,
  ] = await Promise.all([
    db
      .selectFrom('app_settings')
      .select(['key', 'value'])
      .where('key', 'in', ['home_page', 'low_stock_threshold'])
      .execute(),
    db.selectFrom('categories').selectAll().orderBy('sort_order').orderBy('id').execute(),
    db
      .selectFrom('products')
      .selectAll()
      .where('is_published', '=', true)
      .$if(ids !== undefined, (query) => query.where('id', 'in', ids ?? []))
      .orderBy('id')
      .execute(),
    db
      .selectFrom('product_images')
      .innerJoin('products', 'products.id', 'product_images.product_id')
      .where('products.is_published', '=', true)
      .$if(ids !== undefined, (query) => query.where('product_images.product_id', 'in', ids ?? []))
      .select([
        'product_images.id',
        'product_images.product_id',
        'product_images.storage_key',
        'product_images.width',
        'product_images.height',
        'product_images.alt_en',
        'product_images.alt_fr',
        'product_images.title_en',
        'product_images.title_fr',
        'product_images.variants',
      ])
      .orderBy('product_images.product_id')
      .orderBy('product_images.position')
      .execute(),
    db
      .selectFrom('variants')
      .leftJoin('stock_levels', 'stock_levels.variant_id', 'variants.id')
      .where('variants.is_active', '=', true)
      .$if(ids !== undefined, (query) => query.where('variants.product_id', 'in', ids ?? []))
      .select([
        'variants.id',
        'variants.product_id',
        'variants.sku',
        'variants.size_label',
        'variants.size_kind',
        'variants.size_values',
        'variants.size_root_ball',
        'variants.list_price_cents',
        // Net of quote holds as of the build (decision 054); the islands read the live figure.
        sql<number>`coalesce(sum(${freeStockOf('stock_levels')}), 0)::int`.as('stock_total'),
      ])
      .groupBy('variants.id')
      .orderBy('variants.product_id')
      .orderBy('variants.sort_order')
      .orderBy('variants.id')
      .execute(),
    db.selectFrom('locations').selectAll().where('is_active', '=', true).orderBy('sort_order').orderBy('id').execute(),
    db.selectFrom('content_pages').selectAll().orderBy('id').execute(),
    db.selectFrom('redirects').selectAll().orderBy('from_path').execute(),
    // A partial read still counts every published product in its category.
    ids === undefined
      ? Promise.resolve(undefined)
      : db
          .selectFrom('products')
          .select(['category_id', db.fn.countAll<number>().as('count')])
          .where('is_published', '=', true)
          .groupBy('category_id')
          .execute(),
  ]);

  const setting = (key: string) => settings.find((row) => row.key === key)?.value;
  const homePage = setting('home_page') as { category_ids?: number[] } | undefined;
  const lowStock = setting('low_stock_threshold');

  const imagesByProduct = groupBy(imageRows, (row) => row.product_id);
  const variantsByProduct = groupBy(variantRows, (row) => row.product_id);

  const products: CatalogProduct[] = productRows.map((row) =>
    withFrenchTypography({
      id: row.id,
      code: row.code,
      categoryId: row.category_id,
      slug_en: row.slug_en,
      slug_fr: row.slug_fr,
      name_en: row.name_en,
      name_fr: row.name_fr,
      botanicalName: row.botanical_name,
      description_en: row.description_en,
      description_fr: row.description_fr,
      disclaimer_en: row.disclaimer_en,
      disclaimer_fr: row.disclaimer_fr,
      hardinessZone: row.hardiness_zone,
      exposure: row.exposure,
      heightCm: row.height_cm,
      spreadCm: row.spread_cm,
      bloomFrom: row.bloom_from,
      bloomTo: row.bloom_to,
      flowerColour_en: row.flower_colour_en,
      flowerColour_fr: row.flower_colour_fr,
      foliageColour_en: row.foliage_colour_en,
      foliageColour_fr: row.foliage_colour_fr,
      isFeatured: row.is_featured,
      updatedAt: row.updated_at.toISOString(),
      images: (imagesByProduct.get(row.id) ?? []).map((image) =>
        withFrenchTypography({
          id: image.id,
          key: image.storage_key,
          width: image.width,
          height: image.height,
          alt_en: image.alt_en,
          alt_fr: image.alt_fr,
          title_en: image.title_en,
          title_fr: image.title_fr,
          variants: ImageVariantSchema.array().catch([]).parse(image.variants),
        }),
      ),
      variants: (variantsByProduct.get(row.id) ?? []).map((variant) => ({
        id: variant.id,
        sku: variant.sku,
        sizeLabel: variant.size_label,
        sizeKind: variant.size_kind,
        size: sizeFromRow(variant),
        listPriceCents: variant.list_price_cents,
        stockTotal: variant.stock_total,
      })),
    }),
  );

  const categories = withProductCounts(
    categoryRows.map((row) =>
      withFrenchTypography({
        id: row.id,
        parentId: row.parent_id,
        slug_en: row.slug_en,
        slug_fr: row.slug_fr,
        path_en: row.path_en,
        path_fr: row.path_fr,
        name_en: row.name_en,
        name_fr: row.name_fr,
        description_en: row.description_en,
        description_fr: row.description_fr,
        sortOrder: row.sort_order,
        productCount: 0,
      }),
    ),
    countRows
      ? new Map(countRows.map((row) => [row.category_id, Number(row.count)]))
      : countBy(products, (product) => product.categoryId),
  );

  return CatalogSnapshotSchema.parse({
    version: 1,
    writtenAt: new Date().toISOString(),
    homeCategoryIds: homePage?.category_ids ?? categories.filter((c) => c.parentId === null).map((c) => c.id),
    lowStockThreshold: typeof lowStock === 'number' ? lowStock : DEFAULT_LOW_STOCK_THRESHOLD,
    categories,
    products,
    locations: locationRows.map((row) =>
      withFrenchTypography({
        id: row.id,
        code: row.code,
        locationTypeId: row.location_type_id,
        name_en: row.name_en,
        name_fr: row.name_fr,
        streetAddress: row.street_address,
        city: row.city,
        province: row.province,
        postalCode: row.postal_code,
        phone: row.phone,
        hours_en: row.hours_en,
        hours_fr: row.hours_fr,
      }),
    ),
    contentPages: contentRows.map((row) =>
      withFrenchTypography({
        key: row.key,
        slug_en: row.slug_en,
        slug_fr: row.slug_fr,
        title_en: row.title_en,
        title_fr: row.title_fr,
        summary_en: row.summary_en,
        summary_fr: row.summary_fr,
        body_en: row.body_en,
        body_fr: row.body_fr,
        updatedAt: row.updated_at.toISOString(),
      }),
    ),
    redirects: redirectRows.map((row) => ({
      fromPath: row.from_path,
      toLocation: row.to_location,
      status: row.status,
    })),
  });
}

/** Writes the snapshot atomically: a build reading it never sees half a file. */
export async function writeCatalogSnapshot(db: Kysely<Database>, path: string): Promise<CatalogSnapshot> {
  const snapshot = await readCatalogSnapshot(db);
  await mkdir(dirname(path), { recursive: true });
  const temporary = `${path}.${process.pid}.tmp`;
  await writeFile(temporary, JSON.stringify(snapshot));
  await rename(temporary, path);
  return snapshot;
}

/** `direct`: how many published products each category holds itself. */
function withProductCounts(categories: CatalogCategory[], direct: Map<number, number>): CatalogCategory[] {
  const byId = new Map(categories.map((category) => [category.id, category]));
  for (const [categoryId, count] of direct) {
    // Count the products in their category and every ancestor.
    let category = byId.get(categoryId);
    const seen = new Set<number>();
    while (category && !seen.has(category.id)) {
      seen.add(category.id);
      category.productCount += count;
      category = category.parentId === null ? undefined : byId.get(category.parentId);
    }
  }
  return categories;
}

function countBy<T, K>(rows: T[], key: (row: T) => K): Map<K, number> {
  const counts = new Map<K, number>();
  for (const row of rows) counts.set(key(row), (counts.get(key(row)) ?? 0) + 1);
  return counts;
}

/**
 * Where the catalogue's change log stands now (supabase/migrations/20261128050000_catalog_changes.sql):
 * every transaction that has not finished yet has an id at or above it. Read before the
 * catalogue itself, it is what the next publish asks `productsChangedSince`.
 */
export async function catalogChangesMark(db: Kysely<Database>): Promise<string> {
  const { rows } = await sql<{ mark: string }>`select pg_snapshot_xmin(pg_current_snapshot())::text as mark`.execute(
    db,
  );
  const mark = rows[0]?.mark;
  if (!mark) throw new Error('The database gave no snapshot');
  return mark;
}

/**
 * The products whose catalogue rows were written by a transaction at or after `mark`: what
 * an incremental publish reads (docs/decisions/050-incremental-publish.md), whatever the size
 * of the catalogue. Some may have changed nothing a page shows (a trade price); the caller
 * compares them. Notes older than a day are forgotten here.
 */
export async function productsChangedSince(db: Kysely<Database>, mark: string): Promise<number[]> {
  await db.deleteFrom('catalog_changes').where('changed_at', '<', sql<Date>`now() - interval '1 day'`).execute();
  const rows = await db
    .selectFrom('catalog_changes')
    .select('product_id')
    .distinct()
    .where(sql<boolean>`txid >= ${mark}::xid8`)
    .orderBy('product_id')
    .execute();
  return rows.map((row) => row.product_id);
}

function groupBy<T, K>(rows: T[], key: (row: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const row of rows) {
    const k = key(row);
    const group = groups.get(k);
    if (group) group.push(row);
    else groups.set(k, [row]);
  }
  return groups;
}

export function catalogSnapshotPath(dataDir: string): string {
  return `${dataDir}/catalog.json`;
}

let buildCatalog: Promise<CatalogSnapshot> | undefined;

/**
 * The catalog for a static build, read once per build process. With DATABASE_URL (Vercel,
 * Supabase) the database is read directly; with the embedded database the build reads the
 * snapshot that `npm start` / `npm run build` or the running server wrote, never PGlite's
 * directory, which the running server holds.
 */
export function loadCatalogForBuild(): Promise<CatalogSnapshot> {
  buildCatalog ??= (async () => {
    const { env } = await import('../../lib/env.ts');
    const { DATABASE_URL, dataDir } = env();
    if (DATABASE_URL) {
      const { openDatabase } = await import('../../lib/db/connect.server.ts');
      const handle = await openDatabase({ engine: 'postgres', url: DATABASE_URL, maxConnections: 4 });
      try {
        return await readCatalogSnapshot(handle.db);
      } finally {
        await handle.close();
      }
    }
    const { readFile } = await import('node:fs/promises');
    const path = catalogSnapshotPath(dataDir);
    let text: string;
    try {
      text = await readFile(path, 'utf8');
    } catch (error) {
      throw new Error(
        `No catalog snapshot at ${path}: build with \`npm run build\` or \`npm start\`, which write it.`,
        {
          cause: error,
        },
      );
    }
    return CatalogSnapshotSchema.parse(JSON.parse(text));
  })();
  return buildCatalog;
}
