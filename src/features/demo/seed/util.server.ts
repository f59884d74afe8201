import { type Insertable, type Kysely, type RawBuilder, type Selectable, sql } from 'kysely';
import type { Database, SizeKind } from '../../../lib/db/schema.ts';
import type { YardCode } from './data.ts';
import type { Random } from './random.ts';

/** Helpers shared by the seeders. */

export type Db = Kysely<Database>;
export type SeedCounts = Record<string, number>;

/** The PRNG seed of the store's data (the quote desk has its own). */
export const STORE_PRNG_SEED = 1921;
/** The quote desk's own PRNG seed, so that adding it left the store's data as it was. */
export const QUOTE_DESK_PRNG_SEED = 2026;
/** The quote versions' own PRNG seed (the scale seed uses QUOTE_DESK_PRNG_SEED + 1), so that adding them left the histories as they were. */
export const QUOTE_VERSIONS_PRNG_SEED = QUOTE_DESK_PRNG_SEED + 2;
export const BATCH_SIZE = 1000;
export const DAY_MS = 86_400_000;
export const HOUR_MS = 3_600_000;

export class DemoSeedError extends Error {
  override name = 'DemoSeedError';
}

/** Inserts in statements of at most BATCH_SIZE rows (Postgres allows 65,535 parameters). */
export async function insertInChunks<Row, Result>(
  rows: readonly Row[],
  insert: (chunk: Row[]) => Promise<Result[]>,
): Promise<Result[]> {
  const results: Result[] = [];
  for (let start = 0; start < rows.length; start += BATCH_SIZE) {
    results.push(...(await insert(rows.slice(start, start + BATCH_SIZE))));
  }
  return results;
}

/** The id the database gave a row we just inserted, by the key we know it by. */
export function requireId<Key, Id>(ids: ReadonlyMap<Key, Id>, key: Key): Id {
  const id = ids.get(key);
  if (id === undefined) throw new Error(`${String(key)} was not inserted`);
  return id;
}

/** In the 555-0100 to 555-0199 range, which is reserved for fiction. */
export function fictionalPhone(
  random: Random,
  areaCodes: Readonly<Record<YardCode, readonly string[]>>,
  yard: YardCode,
) {
  return `${random.pick(areaCodes[yard])}-555-01${String(random.int(0, 99)).padStart(2, '0')}`;
}

export function isLargeStock(kind: SizeKind): boolean {
  return kind === 'caliper' || kind === 'balled_burlapped';
}

export function daysBefore(date: Date, days: number): Date {
  return new Date(date.getTime() - days * DAY_MS);
}

export function daysAfter(date: Date, days: number): Date {
  return new Date(date.getTime() + days * DAY_MS);
}

export function hoursBefore(date: Date, hours: number): Date {
  return new Date(date.getTime() - hours * HOUR_MS);
}

/** The same day, at a random time between 8:00 and 17:59 Eastern (13:00–22:59 UTC). */
export function businessHour(random: Random, day: Date): Date {
  const result = new Date(day);
  result.setUTCHours(random.int(13, 22), random.int(0, 59), random.int(0, 59), 0);
  return result;
}

export function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

export function seconds(since: number): string {
  return ((performance.now() - since) / 1000).toFixed(2);
}

/** `update … from (values …) as v(…) where …`, a thousand rows per statement. */
export async function updateFromValues(
  db: Db,
  head: RawBuilder<unknown>,
  rows: RawBuilder<unknown>[],
  tail: RawBuilder<unknown>,
): Promise<void> {
  for (let start = 0; start < rows.length; start += 1000) {
    await sql`${head} (values ${sql.join(rows.slice(start, start + 1000))}) ${tail}`.execute(db);
  }
}

type QuoteItemRow = Insertable<Database['quote_request_items']>;

type QuoteCustomer = Pick<
  Selectable<Database['users']>,
  'id' | 'locale' | 'first_name' | 'last_name' | 'email' | 'phone' | 'customer_type_id' | 'in_house_account_id'
>;

/** The customer as a seeded quote request names them, copied as the checkout copies them at submission. */
export function quoteCustomerColumns(user: QuoteCustomer) {
  return {
    user_id: user.id,
    locale: user.locale,
    customer_first_name: user.first_name,
    customer_last_name: user.last_name,
    customer_email: user.email,
    customer_phone: user.phone,
    customer_type_id: user.customer_type_id,
    in_house_account_id: user.in_house_account_id,
  };
}

/** What a quote line copies from the size it names, as the checkout does at submission. */
export type QuotedVariant = { id: number; code: string; sku: string; name_en: string; name_fr: string } & {
  botanical_name: QuoteItemRow['botanical_name'];
  size_label: string;
} & Pick<QuoteItemRow, 'size_kind' | 'size_values' | 'size_root_ball'>;

/** A seeded quote request's line: the name, size and SKU of the moment, at `unitPriceCents`. */
export function quoteItemRow(
  quoteRequestId: number,
  line: number,
  variant: QuotedVariant,
  quantity: number,
  unitPriceCents: number,
): QuoteItemRow {
  return {
    quote_request_id: quoteRequestId,
    line,
    variant_id: variant.id,
    product_code: variant.code,
    sku: variant.sku,
    product_name_en: variant.name_en,
    product_name_fr: variant.name_fr,
    botanical_name: variant.botanical_name,
    size_label: variant.size_label,
    size_kind: variant.size_kind,
    size_values: variant.size_values,
    size_root_ball: variant.size_root_ball,
    quantity,
    unit_price_cents: unitPriceCents,
  };
}

/** Every size for sale of a published product, with what a quote line copies from it, by id. */
export function quotableVariants(db: Db) {
  return db
    .selectFrom('variants as v')
    .innerJoin('products as p', 'p.id', 'v.product_id')
    .select([
      'v.id',
      'v.sku',
      'v.size_label',
      'v.size_kind',
      'v.size_values',
      'v.size_root_ball',
      'v.list_price_cents',
      'v.trade_price_cents',
      'p.code',
      'p.name_en',
      'p.name_fr',
      'p.botanical_name',
    ])
    .where('p.is_published', '=', true)
    .where('v.is_active', '=', true)
    .orderBy('v.id')
    .execute();
}
