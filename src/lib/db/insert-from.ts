import { type InsertObject, type QueryCreator, sql } from 'kysely';
import type { Database } from './schema.ts';

/**
 * An insert of `row` once for each row of `source`, a CTE of the same statement (`insert …
 * select … from source`): none when `source` returned none, which a values list cannot say.
 * `row` is typed as `.values()` types it; PostgreSQL types each value by its column.
 */
export function insertFrom<T extends keyof Database & string>(
  db: QueryCreator<Database>,
  table: T,
  row: InsertObject<Database, T>,
  source: string,
) {
  const columns = Object.keys(row) as (keyof InsertObject<Database, T> & string)[];
  return db
    .insertInto(table)
    .columns(columns)
    .expression(sql`select ${sql.join(columns.map((column) => row[column]))} from ${sql.table(source)}`);
}
