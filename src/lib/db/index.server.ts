import type { Kysely } from 'kysely';
import { env } from '../env.ts';
import { type DatabaseHandle, openDatabase } from './connect.server.ts';
import { migrate } from './migrate.server.ts';
import type { Database } from './schema.ts';

let handle: Promise<DatabaseHandle> | undefined;

/**
 * The server's one database handle, opened on first use: PostgreSQL when DATABASE_URL is
 * set, else the embedded PGlite under DATA_DIR (which this process then holds the lock of).
 */
export function getDatabaseHandle(): Promise<DatabaseHandle> {
  handle ??= (async () => {
    const { DATABASE_URL, dataDir } = env();
    const opened = DATABASE_URL
      ? await openDatabase({ engine: 'postgres', url: DATABASE_URL })
      : await openDatabase({ engine: 'pglite', dataDir });
    await migrate(opened);
    return opened;
  })();
  handle.catch(() => {
    handle = undefined;
  });
  return handle;
}

export async function getDb(): Promise<Kysely<Database>> {
  return (await getDatabaseHandle()).db;
}
