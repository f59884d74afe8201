import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'kysely';
import type { DatabaseHandle } from './connect.server.ts';

/**
 * Beside the sources (also from dist/server/chunks); in a Vercel function, whose bundle sits
 * under .vercel/output/server, at the function's root, where astro.config.mjs's
 * `includeFiles` puts them.
 */
const BESIDE_SOURCES = join(import.meta.dirname, '../../../supabase/migrations');
export const MIGRATIONS_DIR = existsSync(BESIDE_SOURCES) ? BESIDE_SOURCES : join(process.cwd(), 'supabase/migrations');

export interface MigrationFile {
  version: string;
  name: string;
  path: string;
}

export async function listMigrations(dir = MIGRATIONS_DIR): Promise<MigrationFile[]> {
  const files = (await readdir(dir)).filter((file) => /^\d{14}_[a-z0-9_]+\.sql$/.test(file)).sort();
  return files.map((file) => {
    const [version = '', ...rest] = file.replace(/\.sql$/, '').split('_');
    return { version, name: rest.join('_'), path: join(dir, file) };
  });
}

/**
 * Applies the migrations not yet applied, each in its own transaction, and records them in
 * the same table the Supabase CLI uses, so `supabase db push` and `npm start` agree on what
 * has run. Safe to call on every start.
 */
export async function migrate(handle: DatabaseHandle, dir = MIGRATIONS_DIR): Promise<string[]> {
  await handle.execScript(`
    create schema if not exists supabase_migrations;
    create table if not exists supabase_migrations.schema_migrations (
      version text primary key,
      statements text[],
      name text
    );`);
  const applied = new Set(
    (
      await sql<{ version: string }>`select version from supabase_migrations.schema_migrations`.execute(handle.db)
    ).rows.map((row) => row.version),
  );
  const done: string[] = [];
  for (const migration of await listMigrations(dir)) {
    if (applied.has(migration.version)) continue;
    const script = await readFile(migration.path, 'utf8');
    const record = `insert into supabase_migrations.schema_migrations (version, name) values ('${migration.version}', '${migration.name}');`;
    try {
      await handle.execScript(`${script}\n;\n${record}`);
    } catch (error) {
      throw new Error(`Migration ${migration.version}_${migration.name} failed`, { cause: error });
    }
    done.push(`${migration.version}_${migration.name}`);
  }
  return done;
}
