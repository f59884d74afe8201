/**
 * What the database benches share: a scratch database of their own, kept between runs (PGlite
 * in a temporary directory, or a database on TEST_DATABASE_URL's server, default
 * 127.0.0.1:5432), and latency figures from samples in milliseconds.
 */
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { type DatabaseHandle, openDatabase } from '../src/lib/db/connect.server.ts';
import { POSTGRES_URL, postgresReachable } from '../tests/support/databases.ts';

/**
 * Opens `<tmp>/<name>` on PGlite or the database `<name>` (dashes as underscores) on
 * PostgreSQL, created if missing; undefined, with one line said, when no server answers.
 */
export async function openScratchDatabase(
  engine: 'pglite' | 'postgres',
  name: string,
  options: { pgliteDir?: string } = {},
): Promise<DatabaseHandle | undefined> {
  if (engine === 'pglite') return openDatabase({ engine, dataDir: options.pgliteDir ?? join(tmpdir(), name) });
  if (!(await postgresReachable())) {
    console.log(`PostgreSQL: no server at ${new URL(POSTGRES_URL).host}; skipped.`);
    return undefined;
  }
  const database = name.replaceAll('-', '_');
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  const exists = await admin.query('select 1 from pg_database where datname = $1', [database]);
  if (exists.rowCount === 0) await admin.query(`create database ${database}`);
  await admin.end();
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${database}`;
  return openDatabase({ engine, url: url.href, maxConnections: 4 });
}

export const round = (n: number) => Math.round(n * 10) / 10;

function percentile(sorted: number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? 0;
}

/** p50, p95 and the maximum of samples, to a tenth. */
export function latencyStats(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  return { p50: round(percentile(sorted, 50)), p95: round(percentile(sorted, 95)), max: round(sorted.at(-1) ?? 0) };
}
