import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../lib/db/schema.ts';
import { formatNumber } from '../../lib/format.ts';
import { getT, type Locale } from '../../lib/i18n/index.ts';

/**
 * Stock net of holds (docs/decisions/054-stock-holds.md): a yard's quantity of a variant less
 * what open quote versions hold there. Every reading that shows stock to a shopper or the
 * admin, and every new hold, goes through here.
 */

type Db = Kysely<Database> | Transaction<Database>;

export const stockKey = (variantId: number, locationId: number) => `${variantId}:${locationId}`;

/** Open holds summed per variant and yard (`stockKey`), for these variants (and yards, when given). */
export async function heldQuantities(
  db: Db,
  variantIds: readonly number[],
  locationIds?: readonly number[],
): Promise<Map<string, number>> {
  if (variantIds.length === 0 || locationIds?.length === 0) return new Map();
  let query = db
    .selectFrom('stock_holds')
    .select(['variant_id', 'location_id'])
    .select((eb) => eb.fn.sum<number | string>('quantity').as('held'))
    .where('released_at', 'is', null)
    .where('variant_id', 'in', [...variantIds]);
  if (locationIds) query = query.where('location_id', 'in', [...locationIds]);
  const rows = await query.groupBy(['variant_id', 'location_id']).execute();
  return new Map(rows.map((row) => [stockKey(row.variant_id, row.location_id), Number(row.held)]));
}

export interface LockedStock {
  onHand: number;
  held: number;
}

/**
 * Locks a yard's stock rows of these variants until the transaction ends, always in variant
 * order (two transactions that lock overlapping rows wait for each other, never deadlock), and
 * then reads their open holds: the read happens after the lock, so it sees every hold a
 * transaction that held the lock before committed. A variant the yard has no row for has
 * nothing on hand.
 */
export async function lockYardStock(
  trx: Transaction<Database>,
  locationId: number,
  variantIds: readonly number[],
): Promise<Map<number, LockedStock>> {
  const ids = [...new Set(variantIds)].sort((a, b) => a - b);
  if (ids.length === 0) return new Map();
  const rows = await trx
    .selectFrom('stock_levels')
    .select(['variant_id', 'quantity'])
    .where('location_id', '=', locationId)
    .where('variant_id', 'in', ids)
    .orderBy('variant_id')
    .forUpdate()
    .execute();
  const held = await heldQuantities(trx, ids, [locationId]);
  const onHand = new Map(rows.map((row) => [row.variant_id, row.quantity]));
  return new Map(ids.map((id) => [id, { onHand: onHand.get(id) ?? 0, held: held.get(stockKey(id, locationId)) ?? 0 }]));
}

/** What is left to sell or hold: never below zero (the admin may count fewer than are held). */
export const freeStock = (stock: LockedStock | undefined) => Math.max(0, (stock?.onHand ?? 0) - (stock?.held ?? 0));

/**
 * Takes quantities out of a yard's stock (a sale), in variant order. The caller holds the
 * rows' locks (`lockYardStock`) and has checked the quantities; the check constraint
 * (quantity >= 0) refuses anything else.
 */
export async function takeFromYard(
  trx: Transaction<Database>,
  locationId: number,
  quantities: ReadonlyMap<number, number>,
  now: Date,
): Promise<void> {
  for (const [variantId, quantity] of [...quantities].sort(([a], [b]) => a - b)) {
    if (quantity <= 0) continue;
    await trx
      .updateTable('stock_levels')
      .set((eb) => ({ quantity: eb('quantity', '-', quantity), updated_at: now }))
      .where('variant_id', '=', variantId)
      .where('location_id', '=', locationId)
      .execute();
  }
}

/**
 * The admin's stock form edits what each yard has on hand; beside a quantity some of which
 * open quotes hold, it says how much is held and how much is free (keyed by `stockKey`).
 */
export async function heldStockHints(
  db: Db,
  levels: readonly { variantId: number; locationId: number; onHand: number }[],
  locale: Locale,
): Promise<Record<string, string>> {
  const held = await heldQuantities(
    db,
    levels.map((level) => level.variantId),
  );
  const h = getT(locale, 'holds');
  return Object.fromEntries(
    levels.flatMap((level) => {
      const key = stockKey(level.variantId, level.locationId);
      const quantity = held.get(key) ?? 0;
      if (quantity === 0) return [];
      const free = freeStock({ onHand: level.onHand, held: quantity });
      return [[key, h('adminStock', { held: formatNumber(quantity, locale), free: formatNumber(free, locale) })]];
    }),
  );
}
