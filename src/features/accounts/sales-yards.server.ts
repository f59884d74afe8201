import type { Kysely } from 'kysely';
import type { Database, Locale } from '../../lib/db/schema.ts';

/** A sales yard a customer can call theirs: chosen at registration, changed on the profile. */
export interface SalesYard {
  id: number;
  name: string;
  city: string;
}

/** The active sales yards in the order the business lists them. */
export async function salesYards(db: Kysely<Database>, locale: Locale): Promise<SalesYard[]> {
  const rows = await db
    .selectFrom('locations')
    .select(['id', 'name_en', 'name_fr', 'city'])
    .where('is_active', '=', true)
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ id: row.id, name: locale === 'fr' ? row.name_fr : row.name_en, city: row.city }));
}
