import type { Kysely } from 'kysely';
import type { Database } from '../../src/lib/db/schema.ts';
import { parseSizeLabel } from '../../src/lib/size.ts';

/**
 * Catalog rows for database tests: each factory makes what a test names and the few rows
 * it cannot exist without, with unique codes so tests can share one database.
 */
type Db = Kysely<Database>;

let sequence = 0;
const next = () => {
  sequence += 1;
  return sequence;
};

export async function setSetting(db: Db, key: string, value: unknown): Promise<void> {
  await db
    .insertInto('app_settings')
    .values({ key, value: JSON.stringify(value) })
    .onConflict((conflict) => conflict.column('key').doUpdateSet({ value: JSON.stringify(value) }))
    .execute();
}

export async function createLocation(
  db: Db,
  overrides: { name?: string; typeId?: number; sortOrder?: number; isActive?: boolean } = {},
): Promise<{ id: number; code: string }> {
  const n = next();
  const name = overrides.name ?? `Yard ${n}`;
  return db
    .insertInto('locations')
    .values({
      code: `yard-${n}`,
      location_type_id: overrides.typeId ?? 1,
      name_en: name,
      name_fr: `Centre ${name}`,
      street_address: `${n} Test Road`,
      city: 'Milton',
      province: 'ON',
      postal_code: 'L9T 2X3',
      phone: '905-555-0101',
      hours_en: 'Mon. to Fri. 8 a.m. to 5 p.m.',
      hours_fr: 'Lun. au ven. 8 h à 17 h',
      sort_order: overrides.sortOrder ?? n,
      is_active: overrides.isActive ?? true,
    })
    .returning(['id', 'code'])
    .executeTakeFirstOrThrow();
}

export interface VariantSpec {
  sizeLabel?: string;
  listPriceCents?: number;
  tradePriceCents?: number;
  isActive?: boolean;
  /** quantity per location id */
  stock?: Record<number, number>;
}

export async function createProduct(
  db: Db,
  overrides: { isPublished?: boolean; variants?: VariantSpec[] } = {},
): Promise<{ id: number; code: string; variants: { id: number; sku: string }[] }> {
  const n = next();
  const category = await db
    .insertInto('categories')
    .values({
      slug_en: `category-${n}`,
      slug_fr: `categorie-${n}`,
      path_en: `category-${n}`,
      path_fr: `categorie-${n}`,
      name_en: `Category ${n}`,
      name_fr: `Catégorie ${n}`,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const code = `TST-${String(1000 + n).padStart(4, '0')}`;
  const product = await db
    .insertInto('products')
    .values({
      code,
      category_id: category.id,
      slug_en: `plant-${n}`,
      slug_fr: `plante-${n}`,
      name_en: `Plant ${n}`,
      name_fr: `Plante ${n}`,
      botanical_name: `Plantus testii ${n}`,
      is_published: overrides.isPublished ?? true,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const specs = overrides.variants ?? [{}];
  const variants: { id: number; sku: string }[] = [];
  for (const [index, spec] of specs.entries()) {
    const list = spec.listPriceCents ?? 4999;
    const label = spec.sizeLabel ?? `#${index + 1}`;
    // Structured like the migration's backfill; a label it cannot read keeps only its text.
    const size = parseSizeLabel(label);
    const variant = await db
      .insertInto('variants')
      .values({
        product_id: product.id,
        sku: `${code}-V${index + 1}`,
        size_label: label,
        size_kind: size?.kind ?? 'container',
        size_values: size?.values ?? null,
        size_root_ball: size?.rootBall ?? null,
        sort_order: index + 1,
        list_price_cents: list,
        trade_price_cents: spec.tradePriceCents ?? Math.round(list * 0.8),
        is_active: spec.isActive ?? true,
      })
      .returning(['id', 'sku'])
      .executeTakeFirstOrThrow();
    variants.push(variant);
    const stock = Object.entries(spec.stock ?? {});
    if (stock.length > 0) {
      await db
        .insertInto('stock_levels')
        .values(
          stock.map(([locationId, quantity]) => ({
            variant_id: variant.id,
            location_id: Number(locationId),
            quantity,
          })),
        )
        .execute();
    }
  }
  return { id: product.id, code, variants };
}

export async function createCustomer(
  db: Db,
  overrides: { inHouseAccountId?: number | null; defaultLocationId?: number | null } = {},
): Promise<{ id: string }> {
  const n = next();
  return db
    .insertInto('users')
    .values({
      email: `customer-${n}-${Math.random().toString(36).slice(2, 8)}@example.com`,
      first_name: 'Test',
      last_name: `Customer ${n}`,
      customer_type_id: 1,
      // Never used to sign in: these tests call feature functions directly.
      password_hash: 'not-a-password-hash',
      default_location_id: overrides.defaultLocationId ?? null,
      in_house_account_id: overrides.inHouseAccountId ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

export async function createInHouseAccount(db: Db): Promise<{ id: number }> {
  const n = next();
  return db
    .insertInto('in_house_accounts')
    .values({
      account_number: `TA-${String(900000 + n)}`,
      account_phone: '905-555-0100',
      company_name: `Test Landscaping ${n}`,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}
