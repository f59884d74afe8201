import { Socket } from 'node:net';
import pg from 'pg';
import { type DatabaseHandle, openDatabase } from '../../src/lib/db/connect.server.ts';
import { migrate } from '../../src/lib/db/migrate.server.ts';

/**
 * The engines every database suite runs on: the embedded PGlite always, and the PostgreSQL
 * server when one answers (TEST_DATABASE_URL, else 127.0.0.1:5432). Each suite gets a new,
 * empty, migrated database of its own and drops it afterwards.
 */
export const POSTGRES_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export type EngineName = 'pglite' | 'postgres';

export async function postgresReachable(url = POSTGRES_URL): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = new Socket();
    socket.setTimeout(1500);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(false));
    socket.connect(Number(port || 5432), hostname);
  });
}

export const postgresAvailable = await postgresReachable();
if (!postgresAvailable) {
  const message = `PostgreSQL suites cannot run: no server answers at ${new URL(POSTGRES_URL).host} (set TEST_DATABASE_URL).`;
  if (process.env.CI === 'true') throw new Error(message);
  console.warn(message);
}

export const ENGINES: EngineName[] = postgresAvailable ? ['pglite', 'postgres'] : ['pglite'];

export interface TestDatabase {
  handle: DatabaseHandle;
  drop(): Promise<void>;
}

/** A new migrated database on the engine; `drop` closes and removes it. */
export async function createTestDatabase(engine: EngineName): Promise<TestDatabase> {
  if (engine === 'pglite') {
    const handle = await openDatabase({ engine: 'pglite', memory: true });
    await migrate(handle);
    return { handle, drop: () => handle.close() };
  }
  const name = `nursery_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ engine: 'postgres', url: url.href, maxConnections: 4 });
  await migrate(handle);
  return {
    handle,
    async drop() {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: POSTGRES_URL });
      await cleanup.connect();
      // pg's pool reports itself ended before its sockets have closed; forcing the drop
      // while one is still closing makes that client emit an error nobody listens to.
      for (let attempt = 0; attempt < 50; attempt++) {
        const open = await cleanup.query('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
        if (open.rows[0]?.n === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}
