import { type Kysely, sql } from 'kysely';
import type { Database } from '../../lib/db/schema.ts';
import type { Locale } from '../../lib/i18n/index.ts';

/** Published plants per top-level category, for the charts demo. */
export async function plantsPerCategory(db: Kysely<Database>, locale: Locale) {
  const { rows } = await sql<{ label: string; count: number }>`
    with recursive tree as (
      select id, id as root_id from public.categories where parent_id is null
      union all
      select c.id, tree.root_id from public.categories c join tree on c.parent_id = tree.id
    )
    select ${sql.ref(`root.name_${locale}`)} as label, count(p.id)::int as count
    from public.categories root
    join tree on tree.root_id = root.id
    left join public.products p on p.category_id = tree.id and p.is_published
    where root.parent_id is null
    group by root.id
    order by root.sort_order, root.id
  `.execute(db);
  return rows;
}

/** Units in stock at each active sales yard, for the charts demo. */
export function unitsPerYard(db: Kysely<Database>, locale: Locale) {
  return db
    .selectFrom('locations')
    .leftJoin('stock_levels', 'stock_levels.location_id', 'locations.id')
    .select([
      sql<string>`${sql.ref(`locations.name_${locale}`)}`.as('label'),
      sql<number>`coalesce(sum(stock_levels.quantity), 0)::int`.as('units'),
    ])
    .where('locations.is_active', '=', true)
    .groupBy('locations.id')
    .orderBy('locations.sort_order')
    .orderBy('locations.id')
    .execute();
}

/** The sales yards customers can choose from, with their addresses. */
export function salesYards(db: Kysely<Database>) {
  return db
    .selectFrom('locations')
    .innerJoin('location_types', 'location_types.id', 'locations.location_type_id')
    .select([
      'locations.id',
      'locations.code',
      'locations.name_en',
      'locations.name_fr',
      'locations.street_address',
      'locations.city',
      'locations.province',
      'locations.postal_code',
      'locations.phone',
      'locations.hours_en',
      'locations.hours_fr',
    ])
    .where('locations.is_active', '=', true)
    .where('location_types.code', '=', 'sales_yard')
    .orderBy('locations.sort_order')
    .orderBy('locations.id')
    .execute();
}
