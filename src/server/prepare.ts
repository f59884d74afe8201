import { sql } from 'kysely';
import { catalogSnapshotPath, writeCatalogSnapshot } from '../features/catalog/catalog.server.ts';
import { seedContentPages } from '../features/content/content-seed.server.ts';
import { seedDemoData } from '../features/demo/seed.server.ts';
import { type DatabaseHandle, openDatabase } from '../lib/db/connect.server.ts';
import { migrate } from '../lib/db/migrate.server.ts';
import type { Env } from '../lib/env.ts';

export function openFromEnv(config: Env): Promise<DatabaseHandle> {
  return config.DATABASE_URL
    ? openDatabase({ engine: 'postgres', url: config.DATABASE_URL })
    : openDatabase({ engine: 'pglite', dataDir: config.dataDir });
}

/**
 * Before a build: apply new migrations, seed the demo data into a new database (never in
 * production), write the content pages if missing, and write the catalog snapshot the
 * static build reads. Closes the database again, so the server can open it.
 */
export async function prepareDatabase(config: Env, say: (line: string) => void): Promise<void> {
  const handle = await openFromEnv(config);
  try {
    const applied = await migrate(handle);
    if (applied.length > 0) say(`Applied migrations: ${applied.join(', ')}`);
    const hasCatalog = await handle.db.selectFrom('categories').select('id').limit(1).executeTakeFirst();
    if (!hasCatalog && config.APP_ENV !== 'production') {
      say('New database: seeding the demo data…');
      const counts = await seedDemoData(handle, { log: say });
      say(
        `Seeded ${Object.entries(counts)
          .map(([table, count]) => `${count} ${table}`)
          .join(', ')}`,
      );
    }
    const pages = await seedContentPages(handle.db);
    if (pages > 0) say(`Wrote ${pages} content pages`);
    // The embedded database has no autovacuum: without fresh statistics the planner reads
    // whole tables where an index would do (search, for one, slows tenfold at 10,000 products).
    if (handle.engine === 'pglite') await sql`analyze`.execute(handle.db);
    if (!config.DATABASE_URL) {
      const snapshot = await writeCatalogSnapshot(handle.db, catalogSnapshotPath(config.dataDir));
      say(`Catalog snapshot: ${snapshot.products.length} products, ${snapshot.categories.length} categories`);
    }
  } finally {
    await handle.close();
  }
}
