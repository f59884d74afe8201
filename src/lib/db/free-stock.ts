import { type RawBuilder, sql } from 'kysely';

/**
 * A stock row's quantity net of the open quote holds on it (docs/decisions/054-stock-holds.md),
 * never below zero: what a shopper or the admin is shown as available. `alias` names a
 * `stock_levels` row in the query. Every reading of stock uses it; placing a hold locks the
 * rows first instead (features/inventory/held-stock.server.ts).
 */
export function freeStockOf(alias: string): RawBuilder<number> {
  return sql<number>`greatest(${sql.ref(`${alias}.quantity`)} - coalesce((
    select sum(h.quantity) from public.stock_holds h
    where h.released_at is null
      and h.variant_id = ${sql.ref(`${alias}.variant_id`)}
      and h.location_id = ${sql.ref(`${alias}.location_id`)}
  ), 0), 0)::int`;
}
