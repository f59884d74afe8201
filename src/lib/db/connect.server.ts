import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import {
  Kysely,
  type PostgresCursor,
  PostgresDialect,
  type PostgresPool,
  type PostgresPoolClient,
  type PostgresQueryResult,
} from 'kysely';
import pg from 'pg';
import { log } from '../log.ts';
import { PGliteDialect } from './pglite-dialect.ts';
import { serverStatementName } from './prepared.ts';
import type { Database } from './schema.ts';

export type Engine = 'pglite' | 'postgres';

export interface DatabaseHandle {
  readonly db: Kysely<Database>;
  readonly engine: Engine;
  /** Runs a script of several statements (migrations, seeds) in one transaction. */
  execScript(script: string): Promise<void>;
  /**
   * PGlite only: the data directory as an uncompressed tarball, which `image` opens again
   * without initdb or migrations (the test suites copy one migrated database this way).
   */
  dumpDataDir?(): Promise<Blob>;
  close(): Promise<void>;
}

export type OpenOptions =
  | { engine: 'postgres'; url: string; maxConnections?: number }
  | { engine: 'pglite'; dataDir: string }
  | { engine: 'pglite'; memory: true; image?: Blob };

// int8 (counts, sums) as numbers: every value we count fits well inside 2^53.
// date as the plain 'YYYY-MM-DD' string it is, not a Date at local midnight.
const INT8 = 20;
const DATE = 1082;
pg.types.setTypeParser(INT8, (value) => Number(value));
pg.types.setTypeParser(DATE, (value) => value);

export async function openDatabase(options: OpenOptions): Promise<DatabaseHandle> {
  return options.engine === 'postgres' ? openPostgres(options.url, options.maxConnections ?? 10) : openPGlite(options);
}

/**
 * A transaction-mode pooler (Supabase's Supavisor on port 6543, or a URL marked
 * `pgbouncer=true`) gives each transaction whichever server connection is free, so a
 * statement prepared on one connection is unknown on the next: none is prepared there.
 */
export function keepsPreparedStatements(url: string): boolean {
  const parsed = new URL(url);
  return parsed.port !== '6543' && parsed.searchParams.get('pgbouncer') !== 'true';
}

/**
 * The pool as Kysely uses it, sending the hot paths' statements (`preparedStatement`) under
 * their name: node-postgres then parses them once per connection and PostgreSQL keeps their
 * plan. Every other statement, and cursors, go through as they come.
 */
function preparingPool(pool: pg.Pool): PostgresPool {
  const clients = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  function wrap(client: pg.PoolClient): PostgresPoolClient {
    let wrapped = clients.get(client);
    if (!wrapped) {
      function query<R>(sql: string, parameters: readonly unknown[]): Promise<PostgresQueryResult<R>>;
      function query<R>(cursor: PostgresCursor<R>): PostgresCursor<R>;
      function query(text: string | PostgresCursor<unknown>, values?: readonly unknown[]): unknown {
        if (typeof text !== 'string') return client.query(text as PostgresCursor<unknown> & pg.Submittable);
        // Kysely hands over a fresh array of values each time.
        const parameters = values as unknown[];
        const name = serverStatementName(text);
        return name ? client.query({ name, text, values: parameters }) : client.query(text, parameters);
      }
      wrapped = { query, release: () => client.release() };
      clients.set(client, wrapped);
    }
    return wrapped;
  }
  return { connect: async () => wrap(await pool.connect()), end: () => pool.end() };
}

function openPostgres(url: string, max: number): DatabaseHandle {
  const pool = new pg.Pool({ connectionString: url, max, application_name: 'nursery-storefront' });
  // An idle client's error (a server restart, a terminated backend) must not crash the
  // process: the pool drops that client and the next query opens a new one.
  pool.on('error', (error) => log('warn', 'postgres_idle_client_error', { error }));
  const dialect = new PostgresDialect({ pool: keepsPreparedStatements(url) ? preparingPool(pool) : pool });
  const db = new Kysely<Database>({ dialect });
  return {
    db,
    engine: 'postgres',
    async execScript(script) {
      // One client for the whole transaction; with no parameters pg sends the simple query
      // protocol, which accepts many statements in one string.
      const client = await pool.connect();
      try {
        await client.query('begin');
        await client.query(script);
        await client.query('commit');
      } catch (error) {
        await client.query('rollback');
        throw error;
      } finally {
        client.release();
      }
    },
    async close() {
      await db.destroy();
    },
  };
}

async function openPGlite(options: { dataDir: string } | { memory: true; image?: Blob }): Promise<DatabaseHandle> {
  let releaseLock = () => {};
  let location: string | undefined;
  if ('dataDir' in options) {
    mkdirSync(options.dataDir, { recursive: true });
    releaseLock = takeLock(join(options.dataDir, 'db.lock'));
    location = join(options.dataDir, 'db');
  }
  try {
    const pglite = await PGlite.create(location, {
      ...('image' in options && options.image ? { loadDataDir: options.image } : {}),
      extensions: { unaccent, pg_trgm },
      parsers: { [INT8]: (value: string) => Number(value), [DATE]: (value: string) => value },
    });
    const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
    return {
      db,
      engine: 'pglite',
      async execScript(script) {
        await pglite.transaction(async (tx) => {
          await tx.exec(script);
        });
      },
      async dumpDataDir() {
        // A checkpoint first: the copy then starts without replaying the write-ahead log.
        await pglite.exec('checkpoint');
        return pglite.dumpDataDir('none');
      },
      async close() {
        await db.destroy();
        await pglite.close();
        releaseLock();
      },
    };
  } catch (error) {
    releaseLock();
    throw error;
  }
}

export class DatabaseLockedError extends Error {
  override name = 'DatabaseLockedError';
}

/**
 * PGlite does not lock its data directory, and two processes writing it corrupt it. The
 * lock file holds the owner's pid; a lock whose process is gone is taken over.
 */
function takeLock(path: string): () => void {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(path, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      const release = () => {
        process.off('exit', release);
        rmSync(path, { force: true });
      };
      process.on('exit', release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number.parseInt(readFileSync(path, 'utf8'), 10);
      if (Number.isInteger(owner) && owner !== process.pid && isAlive(owner)) {
        throw new DatabaseLockedError(
          `The embedded database in ${path.replace(/db\.lock$/, '')} is in use by process ${owner}. ` +
            'Stop that process, or set DATA_DIR to another directory.',
        );
      }
      rmSync(path, { force: true });
    }
  }
  throw new DatabaseLockedError(`Could not take the database lock ${path}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
