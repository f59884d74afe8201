import { type Kysely, sql } from 'kysely';
import type { Database } from '../../lib/db/schema.ts';
import type { Locale } from '../../lib/i18n/index.ts';
import { formatSize, parseSizeLabel, sizeFromRow, toSizeForm } from '../../lib/size.ts';
import {
  type AdminProduct,
  type AdminProductRow,
  centsToPrice,
  type ProductEditOutput,
  type ProductListQuery,
  priceToCents,
} from './catalog-admin.ts';
import { redirectFromChange } from './redirect-rules.ts';

/** Someone saved the product after this form was opened; nothing was written. */
export class StaleProductError extends Error {
  override name = 'StaleProductError';
  readonly current: { version: number; updatedAt: Date; updatedBy: string | null };
  constructor(current: { version: number; updatedAt: Date; updatedBy: string | null }) {
    super('The product changed since the form was opened');
    this.current = current;
  }
}

/** The other product already uses this slug or SKU. */
export class ProductConflictError extends Error {
  override name = 'ProductConflictError';
  readonly field: string;
  constructor(field: string) {
    super(`${field} is taken`);
    this.field = field;
  }
}

export class ProductNotFoundError extends Error {
  override name = 'ProductNotFoundError';
}

export interface ProductListResult {
  rows: AdminProductRow[];
  total: number;
}

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (character) => `\\${character}`);

/** The product list: search over names (both languages), botanical name, code and SKU; filters; sort; a page. */
export async function listProducts(
  db: Kysely<Database>,
  query: ProductListQuery,
  locale: Locale,
): Promise<ProductListResult> {
  let base = db.selectFrom('products as p');
  if (query.q) {
    const pattern = `%${escapeLike(query.q.toLowerCase())}%`;
    base = base.where((eb) =>
      eb.or([
        sql<boolean>`p.search_names like public.immutable_unaccent(${pattern})`,
        eb.exists(
          eb
            .selectFrom('variants as v')
            .select(sql`1`.as('one'))
            .whereRef('v.product_id', '=', 'p.id')
            .where(sql<boolean>`lower(v.sku) like ${pattern}`),
        ),
      ]),
    );
  }
  if (query.category !== null) {
    // The category and everything below it.
    base = base.where(
      'p.category_id',
      'in',
      sql<number>`(with recursive tree as (select id from public.categories where id = ${query.category}
        union all select c.id from public.categories c join tree on c.parent_id = tree.id) select id from tree)`,
    );
  }
  if (query.status !== 'all') base = base.where('p.is_published', '=', query.status === 'published');

  const imageCount = sql<number>`(select count(*)::int from public.product_images i where i.product_id = p.id)`;
  const variantCount = sql<number>`(select count(*)::int from public.variants v where v.product_id = p.id)`;
  const direction = query.dir === 'desc' ? sql`desc` : sql`asc`;
  const order = {
    name: locale === 'fr' ? sql`p.name_key_fr` : sql`p.name_key_en`,
    code: sql`p.code`,
    updated: sql`p.updated_at`,
    images: imageCount,
  }[query.sort];

  const [count, rows] = await Promise.all([
    base.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
    base
      .innerJoin('categories as c', 'c.id', 'p.category_id')
      .select([
        'p.id',
        'p.code',
        'p.slug_en',
        'p.slug_fr',
        'p.name_en',
        'p.name_fr',
        'p.botanical_name',
        'p.is_published',
        'p.is_featured',
        'p.updated_at',
        locale === 'fr' ? 'c.name_fr as category_name' : 'c.name_en as category_name',
        imageCount.as('image_count'),
        variantCount.as('variant_count'),
      ])
      .orderBy(sql`${order} ${direction}`)
      .orderBy('p.id')
      .limit(query.size)
      .offset((query.page - 1) * query.size)
      .execute(),
  ]);
  return {
    total: count.n,
    rows: rows.map((row) => ({
      id: row.id,
      code: row.code,
      slug_en: row.slug_en,
      slug_fr: row.slug_fr,
      name_en: row.name_en,
      name_fr: row.name_fr,
      botanicalName: row.botanical_name,
      categoryName: row.category_name,
      isPublished: row.is_published,
      isFeatured: row.is_featured,
      imageCount: row.image_count,
      variantCount: row.variant_count,
      updatedAt: row.updated_at.toISOString(),
    })),
  };
}

/** Categories for the filter and the form, as indented paths in a language. */
export async function listCategoryOptions(
  db: Kysely<Database>,
  locale: Locale,
): Promise<{ id: number; label: string }[]> {
  const rows = await db
    .selectFrom('categories')
    .select(['id', 'parent_id', 'name_en', 'name_fr', 'sort_order'])
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
  const children = new Map<number | null, typeof rows>();
  for (const row of rows) children.set(row.parent_id, [...(children.get(row.parent_id) ?? []), row]);
  const out: { id: number; label: string }[] = [];
  const walk = (parent: number | null, trail: string[]) => {
    for (const row of children.get(parent) ?? []) {
      const name = locale === 'fr' ? row.name_fr : row.name_en;
      out.push({ id: row.id, label: [...trail, name].join(' › ') });
      walk(row.id, [...trail, name]);
    }
  };
  walk(null, []);
  return out;
}

export async function listLocations(db: Kysely<Database>, locale: Locale): Promise<{ id: number; name: string }[]> {
  const rows = await db
    .selectFrom('locations')
    .select(['id', 'name_en', 'name_fr'])
    .where('is_active', '=', true)
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ id: row.id, name: locale === 'fr' ? row.name_fr : row.name_en }));
}

/** The product id of an admin URL's slug (the English slug, in both languages). */
/**
 * The product an admin address names: by its English slug (the admin's addresses, spec §2), or
 * by its French one, as a French-speaking staff member would type it from the store's French
 * page; `slug` is then the English one to send them to.
 */
export async function productBySlug(db: Kysely<Database>, slug: string): Promise<{ id: number; slug: string } | null> {
  const row = await db
    .selectFrom('products')
    .select(['id', 'slug_en'])
    .where((eb) => eb.or([eb('slug_en', '=', slug), eb('slug_fr', '=', slug)]))
    .orderBy(sql`slug_en = ${slug}`, 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? { id: row.id, slug: row.slug_en } : null;
}

/** A product with its variants and stock per yard, as the form opens it. */
export async function loadProductForEdit(db: Kysely<Database>, productId: number): Promise<AdminProduct | null> {
  const product = await db
    .selectFrom('products as p')
    .leftJoin('users as u', 'u.id', 'p.updated_by')
    .selectAll('p')
    .select(
      sql<string | null>`nullif(btrim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), '')`.as(
        'editor',
      ),
    )
    .where('p.id', '=', productId)
    .executeTakeFirst();
  if (!product) return null;
  const [variants, stock, images, locations] = await Promise.all([
    db
      .selectFrom('variants')
      .selectAll()
      .where('product_id', '=', productId)
      .orderBy('sort_order')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('stock_levels')
      .innerJoin('variants', 'variants.id', 'stock_levels.variant_id')
      .select(['stock_levels.variant_id', 'stock_levels.location_id', 'stock_levels.quantity'])
      .where('variants.product_id', '=', productId)
      .execute(),
    db
      .selectFrom('product_images')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('product_id', '=', productId)
      .executeTakeFirstOrThrow(),
    db.selectFrom('locations').select('id').where('is_active', '=', true).orderBy('sort_order').orderBy('id').execute(),
  ]);
  const quantity = new Map(stock.map((row) => [`${row.variant_id}:${row.location_id}`, row.quantity]));
  return {
    id: product.id,
    code: product.code,
    updatedAt: product.updated_at.toISOString(),
    updatedBy: product.editor,
    imageCount: images.n,
    variantSizeKinds: Object.fromEntries(variants.map((variant) => [variant.id, variant.size_kind])),
    values: {
      version: product.version,
      name_en: product.name_en,
      name_fr: product.name_fr,
      slug_en: product.slug_en,
      slug_fr: product.slug_fr,
      botanicalName: product.botanical_name,
      description_en: product.description_en,
      description_fr: product.description_fr,
      disclaimer_en: product.disclaimer_en,
      disclaimer_fr: product.disclaimer_fr,
      categoryId: product.category_id,
      hardinessZone: product.hardiness_zone,
      exposure: product.exposure,
      heightCm: product.height_cm,
      spreadCm: product.spread_cm,
      bloomFrom: product.bloom_from,
      bloomTo: product.bloom_to,
      flowerColour_en: product.flower_colour_en ?? '',
      flowerColour_fr: product.flower_colour_fr ?? '',
      foliageColour_en: product.foliage_colour_en ?? '',
      foliageColour_fr: product.foliage_colour_fr ?? '',
      isPublished: product.is_published,
      isFeatured: product.is_featured,
      variants: variants.map((variant) => ({
        id: variant.id,
        size: toSizeForm(
          sizeFromRow(variant) ??
            parseSizeLabel(variant.size_label) ?? { kind: variant.size_kind, values: [], rootBall: null },
        ),
        sku: variant.sku,
        listPrice: centsToPrice(variant.list_price_cents),
        tradePrice: centsToPrice(variant.trade_price_cents),
        isActive: variant.is_active,
        stock: locations.map((location) => ({
          locationId: location.id,
          quantity: quantity.get(`${variant.id}:${location.id}`) ?? 0,
        })),
      })),
    },
  };
}

export interface SaveResult {
  version: number;
  slugChanged: boolean;
}

/**
 * Saves the form in one transaction, only over the version it was opened at (else
 * StaleProductError, nothing written); records who and when; a changed slug leaves a
 * redirect from the old public URL.
 */
export async function saveProduct(
  db: Kysely<Database>,
  productId: number,
  input: ProductEditOutput,
  userId: string,
): Promise<SaveResult> {
  try {
    return await db.transaction().execute(async (trx) => {
      const before = await trx
        .selectFrom('products')
        .select(['slug_en', 'slug_fr', 'version', 'updated_at', 'updated_by'])
        .where('id', '=', productId)
        .forUpdate()
        .executeTakeFirst();
      if (!before) throw new ProductNotFoundError(`No product ${productId}`);
      if (before.version !== input.version) {
        throw new StaleProductError({
          version: before.version,
          updatedAt: before.updated_at,
          updatedBy: before.updated_by,
        });
      }
      const updated = await trx
        .updateTable('products')
        .set({
          name_en: input.name_en,
          name_fr: input.name_fr,
          slug_en: input.slug_en,
          slug_fr: input.slug_fr,
          botanical_name: input.botanicalName,
          description_en: input.description_en,
          description_fr: input.description_fr,
          disclaimer_en: input.disclaimer_en,
          disclaimer_fr: input.disclaimer_fr,
          category_id: input.categoryId,
          hardiness_zone: input.hardinessZone,
          exposure: input.exposure,
          height_cm: input.heightCm,
          spread_cm: input.spreadCm,
          bloom_from: input.bloomFrom,
          bloom_to: input.bloomTo,
          flower_colour_en: input.flowerColour_en,
          flower_colour_fr: input.flowerColour_fr,
          foliage_colour_en: input.foliageColour_en,
          foliage_colour_fr: input.foliageColour_fr,
          is_published: input.isPublished,
          is_featured: input.isFeatured,
          updated_by: userId,
          version: sql<number>`version + 1`,
        })
        .where('id', '=', productId)
        .where('version', '=', input.version)
        .returning('version')
        .executeTakeFirstOrThrow();

      const own = await trx.selectFrom('variants').select('id').where('product_id', '=', productId).execute();
      const ownIds = new Set(own.map((row) => row.id));
      for (const variant of input.variants) {
        if (!ownIds.has(variant.id))
          throw new ProductNotFoundError(`Variant ${variant.id} is not product ${productId}'s`);
        await trx
          .updateTable('variants')
          .set({
            size_label: formatSize(variant.size, 'en'),
            size_kind: variant.size.kind,
            size_values: variant.size.values,
            size_root_ball: variant.size.rootBall,
            sku: variant.sku,
            list_price_cents: priceToCents(variant.listPrice),
            trade_price_cents: priceToCents(variant.tradePrice),
            is_active: variant.isActive,
          })
          .where('id', '=', variant.id)
          .execute();
        for (const level of variant.stock) {
          await trx
            .insertInto('stock_levels')
            .values({ variant_id: variant.id, location_id: level.locationId, quantity: level.quantity })
            .onConflict((oc) =>
              oc
                .columns(['variant_id', 'location_id'])
                .doUpdateSet({ quantity: level.quantity, updated_at: sql`now()` })
                .where('stock_levels.quantity', '<>', level.quantity),
            )
            .execute();
        }
      }

      let slugChanged = false;
      for (const locale of ['en', 'fr'] as const) {
        const from = before[`slug_${locale}`];
        const to = input[`slug_${locale}`];
        if (from === to) continue;
        slugChanged = true;
        const rule = redirectFromChange(locale, from, to);
        // A slug given back: its old redirect would now loop.
        await trx.deleteFrom('redirects').where('from_path', '=', rule.toLocation).execute();
        // Older redirects to the old URL now go straight to the new one.
        await trx
          .updateTable('redirects')
          .set({ to_location: rule.toLocation })
          .where('to_location', '=', rule.fromPath)
          .execute();
        await trx
          .insertInto('redirects')
          .values({ from_path: rule.fromPath, to_location: rule.toLocation, status: 301 })
          .onConflict((oc) => oc.column('from_path').doUpdateSet({ to_location: rule.toLocation, status: 301 }))
          .execute();
      }
      return { version: updated.version, slugChanged };
    });
  } catch (error) {
    const constraint = (error as { constraint?: string }).constraint ?? String((error as Error).message);
    if (/products_slug_en_key/.test(constraint)) throw new ProductConflictError('slug_en');
    if (/products_slug_fr_key/.test(constraint)) throw new ProductConflictError('slug_fr');
    if (/variants_sku_key/.test(constraint)) throw new ProductConflictError('sku');
    throw error;
  }
}
