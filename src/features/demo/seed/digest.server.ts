import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { DatabaseHandle } from '../../../lib/db/connect.server.ts';

/**
 * A SHA-256 of the seeded rows' keys and the columns pages and links use (ids, codes, slugs,
 * SKUs, e-mails, references, prices, stock, statuses), in id order. Two seeds with the same
 * `now` give the same digest; any change to an id or a slug changes it. User ids are random
 * UUIDs from the database, so users are named by e-mail; times are epoch milliseconds, the
 * same whatever the session's time zone.
 */
export const DIGEST_QUERIES: Record<string, string> = {
  categories: 'select id, parent_id, slug_en, slug_fr, path_en, path_fr, name_fr from categories order by id',
  locations: 'select id, name_en, phone from locations order by id',
  products:
    'select id, code, category_id, slug_en, slug_fr, name_en, name_fr, is_featured, disclaimer_fr from products order by id',
  variants:
    'select id, product_id, sku, size_label, size_kind, size_values, size_root_ball, sort_order, list_price_cents, trade_price_cents from variants order by id',
  stock_levels: 'select variant_id, location_id, quantity from stock_levels order by variant_id, location_id',
  in_house_accounts: 'select id, account_number, account_phone from in_house_accounts order by id',
  in_house_purchases:
    'select id, in_house_account_id, invoice_number, location_id, (extract(epoch from purchased_at) * 1000)::bigint::text, total_cents from in_house_purchases order by id',
  users:
    'select u.email, u.role, u.phone, u.locale, u.in_house_account_id, (extract(epoch from u.created_at) * 1000)::bigint::text from users u order by u.email',
  wishlists:
    "select w.id, u.email, w.name, (select string_agg(variant_id || 'x' || quantity, ',' order by variant_id) from wishlist_items i where i.wishlist_id = w.id) as items from wishlists w join users u on u.id = w.user_id order by w.id",
  quote_requests:
    'select q.id, q.reference, q.idempotency_key::text, u.email, q.status, q.fulfilment, q.subtotal_cents, (extract(epoch from q.submitted_at) * 1000)::bigint::text from quote_requests q join users u on u.id = q.user_id order by q.id',
  quote_request_items:
    'select quote_request_id, line, variant_id, sku, size_label, size_kind, size_values, quantity, unit_price_cents, quoted_unit_price_cents from quote_request_items order by quote_request_id, line',
  quote_request_status_history:
    'select quote_request_id, from_status, to_status, (extract(epoch from changed_at) * 1000)::bigint::text from quote_request_status_history order by id',
  redirects: 'select id, from_path, to_location, status from redirects order by id',
};

export async function seedDigest(handle: DatabaseHandle): Promise<{ digest: string; tables: Record<string, string> }> {
  const all = createHash('sha256');
  const tables: Record<string, string> = {};
  for (const [table, query] of Object.entries(DIGEST_QUERIES)) {
    const { rows } = await sql.raw<Record<string, unknown>>(query).execute(handle.db);
    const hash = createHash('sha256');
    for (const row of rows) hash.update(`${JSON.stringify(Object.values(row))}\n`);
    tables[table] = `${rows.length}:${hash.digest('hex').slice(0, 16)}`;
    all.update(`${table}=${tables[table]}\n`);
  }
  return { digest: all.digest('hex'), tables };
}
