/**
 * Search latency at catalog scale: p50 / p95 of `searchProducts` over representative
 * queries in English and French, on the embedded PGlite and on PostgreSQL.
 *
 *   node bench/search.bench.ts [--products 10000] [--runs 20] [--engine pglite|postgres|both]
 *
 * The catalog is the demo seed grown with `seedScaleProducts` (what `npm run seed:scale`
 * does), in a scratch database kept between runs: PGlite in DATA_DIR (default
 * <tmp>/nursery-bench-search-<N>), PostgreSQL in the database nursery_bench_search_<N> on
 * TEST_DATABASE_URL's server (default 127.0.0.1:5432). Both are ANALYZEd after seeding.
 * Figures go to stdout and to bench/results/search-<engine>-<N>.json. Target: p95 ≤ 30 ms.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import pg from 'pg';
import { seedDemoData, seedScaleProducts } from '../src/features/demo/seed.server.ts';
import { type SearchOutcome, searchProducts } from '../src/features/search/search.server.ts';
import { SearchInputSchema } from '../src/features/search/search.ts';
import { type DatabaseHandle, openDatabase } from '../src/lib/db/connect.server.ts';
import { migrate } from '../src/lib/db/migrate.server.ts';
import { POSTGRES_URL, postgresReachable } from '../tests/support/databases.ts';

const TARGET_P95_MS = 30;

/** What shoppers type: names in both languages, botanical names, codes, SKUs, typos, misses. */
const QUERIES: { q: string; locale: 'en' | 'fr'; page?: number }[] = [
  { q: 'maple', locale: 'en' },
  { q: 'sugar maple', locale: 'en' },
  { q: 'erable', locale: 'en' },
  { q: 'hydrangea', locale: 'en' },
  { q: 'hydrangia', locale: 'en' },
  { q: 'Acer saccharum', locale: 'en' },
  { q: 'Thuja occidentalis', locale: 'en' },
  { q: 'lilac', locale: 'en' },
  { q: 'boxwod', locale: 'en' },
  { q: 'rose', locale: 'en' },
  { q: 'rose', locale: 'en', page: 10 },
  { q: 'shade', locale: 'en' },
  { q: 'TRE-1001', locale: 'en' },
  { q: 'shr-1001-c3', locale: 'en' },
  { q: 'xyzzy', locale: 'en' },
  { q: 'érable', locale: 'fr' },
  { q: 'érable à sucre', locale: 'fr' },
  { q: 'erable rouge', locale: 'fr' },
  { q: 'hydrangée', locale: 'fr' },
  { q: 'hydrangia', locale: 'fr' },
  { q: 'thuya', locale: 'fr' },
  { q: 'lilas', locale: 'fr' },
  { q: 'rosier', locale: 'fr' },
  { q: 'pommier', locale: 'fr' },
  { q: 'ombre', locale: 'fr' },
  { q: 'TRE-1001', locale: 'fr' },
  { q: 'qqqqqq', locale: 'fr' },
];

const { values } = parseArgs({
  options: {
    products: { type: 'string', default: '10000' },
    runs: { type: 'string', default: '20' },
    engine: { type: 'string', default: 'both' },
  },
});
const products = Number(values.products);
const runs = Number(values.runs);
if (!Number.isInteger(products) || products < 1 || !Number.isInteger(runs) || runs < 1) {
  console.error('Usage: node bench/search.bench.ts [--products N] [--runs N] [--engine pglite|postgres|both]');
  process.exit(2);
}

async function prepare(handle: DatabaseHandle, label: string): Promise<void> {
  await migrate(handle);
  const { count } = await handle.db
    .selectFrom('products')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  if (Number(count) >= products) return;
  console.log(`[${label}] seeding ${products} products (once; the database is kept for later runs)…`);
  const started = performance.now();
  if (Number(count) === 0) await seedDemoData(handle);
  await seedScaleProducts(handle, products);
  await sql`analyze`.execute(handle.db);
  console.log(`[${label}] seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

async function openPGlite(): Promise<DatabaseHandle> {
  const dataDir = process.env.DATA_DIR ?? join(tmpdir(), `nursery-bench-search-${products}`);
  console.log(`[pglite] ${dataDir}`);
  return openDatabase({ engine: 'pglite', dataDir });
}

async function openPostgres(): Promise<DatabaseHandle | undefined> {
  if (!(await postgresReachable())) {
    console.log(`[postgres] not run: no server at ${new URL(POSTGRES_URL).host}`);
    return undefined;
  }
  const name = `nursery_bench_search_${products}`;
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
  if (exists.rowCount === 0) await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  console.log(`[postgres] ${url.host}${url.pathname}`);
  return openDatabase({ engine: 'postgres', url: url.href, maxConnections: 2 });
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN;
const ms = (value: number) => value.toFixed(1).padStart(7);

async function measure(handle: DatabaseHandle, label: string) {
  await prepare(handle, label);
  const search = (query: (typeof QUERIES)[number]): Promise<SearchOutcome> =>
    searchProducts(handle.db, SearchInputSchema.parse({ q: query.q, page: query.page ?? 1 }), {
      locale: query.locale,
    });
  // Warm-up: caches, plans, the wasm JIT.
  for (let round = 0; round < 3; round++) for (const query of QUERIES) await search(query);

  const all: number[] = [];
  const perQuery: { query: string; locale: string; total: number; pass: string; p50: number; p95: number }[] = [];
  const cpuBefore = process.cpuUsage();
  const loadBefore = loadavg()[0] ?? 0;
  for (const query of QUERIES) {
    const times: number[] = [];
    let outcome: SearchOutcome | undefined;
    for (let run = 0; run < runs; run++) {
      const started = performance.now();
      outcome = await search(query);
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    all.push(...times);
    perQuery.push({
      query: query.page ? `${query.q} (page ${query.page})` : query.q,
      locale: query.locale,
      total: outcome?.total ?? 0,
      pass: outcome?.pass ?? 'none',
      p50: percentile(times, 50),
      p95: percentile(times, 95),
    });
  }
  const cpu = process.cpuUsage(cpuBefore);
  all.sort((a, b) => a - b);
  const summary = {
    engine: label,
    products,
    queries: QUERIES.length,
    runsPerQuery: runs,
    p50: percentile(all, 50),
    p95: percentile(all, 95),
    p99: percentile(all, 99),
    max: all.at(-1) ?? Number.NaN,
    mean: all.reduce((sum, value) => sum + value, 0) / all.length,
    // For PGlite the query runs in this process: CPU time per search is immune to a busy machine.
    processCpuPerSearchMs: (cpu.user + cpu.system) / 1000 / all.length,
    loadAverage: { before: loadBefore, after: loadavg()[0] ?? 0 },
    targetP95Ms: TARGET_P95_MS,
  };

  console.log(`\n[${label}] ${products} products, ${QUERIES.length} queries × ${runs} runs`);
  console.log(`${'query'.padEnd(28)} lang   total  pass      p50 ms  p95 ms`);
  for (const row of perQuery) {
    console.log(
      `${row.query.padEnd(28)} ${row.locale.padEnd(4)} ${String(row.total).padStart(7)}  ${row.pass.padEnd(8)} ${ms(row.p50)} ${ms(row.p95)}`,
    );
  }
  console.log(
    `[${label}] p50 ${summary.p50.toFixed(1)} ms · p95 ${summary.p95.toFixed(1)} ms · p99 ${summary.p99.toFixed(1)} ms · ` +
      `max ${summary.max.toFixed(1)} ms · CPU in this process ${summary.processCpuPerSearchMs.toFixed(1)} ms/search · ` +
      `load ${summary.loadAverage.before.toFixed(1)}→${summary.loadAverage.after.toFixed(1)} · ` +
      `target p95 ≤ ${TARGET_P95_MS} ms: ${summary.p95 <= TARGET_P95_MS ? 'met' : 'NOT met'}`,
  );
  const resultsDir = join(import.meta.dirname, 'results');
  await mkdir(resultsDir, { recursive: true });
  await writeFile(
    join(resultsDir, `search-${label}-${products}.json`),
    `${JSON.stringify({ summary, perQuery, at: new Date().toISOString() }, null, 2)}\n`,
  );
  return summary;
}

const engines = values.engine === 'both' ? ['pglite', 'postgres'] : [values.engine];
for (const engine of engines) {
  const handle = engine === 'pglite' ? await openPGlite() : engine === 'postgres' ? await openPostgres() : undefined;
  if (!handle) continue;
  try {
    await measure(handle, engine);
  } finally {
    await handle.close();
  }
}
