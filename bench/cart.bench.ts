/**
 * Add to cart under load: POST /api/cart/items against the built Node server, with
 * autocannon at 20 and 100 concurrent connections, on the embedded PGlite and on PostgreSQL.
 * Prints requests/s, p50 / p95 / p99 latency, errors, the server process's CPU milliseconds
 * per request (user + system, from /proc: steady when the machine is shared, unlike latency),
 * and checks that no add was lost (the carts hold exactly as many units as there were
 * successful adds). Beside it, the floor: the same server answering a static file (Node's
 * HTTP server only), GET /api/session as a guest (Astro's whole middleware chain, no
 * database) and GET /api/app_settings (the same plus two small queries), at the same
 * connections.
 * Asserts nothing.
 *
 *   npm run build && node bench/cart.bench.ts [--engine pglite|postgres|both]
 *     [--connections 20,100] [--duration 10] [--port 4390] [--no-floor] [--profile DIR]
 *
 * --profile DIR writes a V8 CPU profile of each measured add-to-cart run into DIR (see
 * cpu-profile.preload.ts); `node bench/cpu-profile-summary.ts FILE` prints where the time went.
 *
 * Each engine gets a new database, migrated and seeded as `npm start` does: PGlite in a
 * temporary DATA_DIR, PostgreSQL in the database nursery_bench_cart on TEST_DATABASE_URL's
 * server (default 127.0.0.1:5432), dropped afterwards. The shoppers are guests, one cart
 * each (as many carts as connections), adding one unit of a rotating set of sizes; every
 * request carries an Origin header, as a browser's does, for the same-origin check.
 * Target on PostgreSQL at 100 connections: p95 ≤ 25 ms with no errors.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import { POSTGRES_URL, postgresReachable } from '../tests/support/databases.ts';
import {
  cpuPerRequest,
  type FloorFigures,
  formatCpu,
  measureFloor,
  printFloor,
  processCpuMs,
  startBuiltServer,
  startProfile,
  stopServer,
} from './server-process.ts';

const TARGET_P95_MS = 25;
const root = join(import.meta.dirname, '..');
const { values } = parseArgs({
  options: {
    engine: { type: 'string', default: 'both' },
    connections: { type: 'string', default: '20,100' },
    duration: { type: 'string', default: '10' },
    port: { type: 'string', default: '4390' },
    'no-floor': { type: 'boolean', default: false },
    profile: { type: 'string' },
  },
});
const connectionCounts = (values.connections ?? '20,100').split(',').map(Number);
const duration = Number(values.duration);
const port = Number(values.port);
const base = `http://127.0.0.1:${port}`;
const ORIGIN = { origin: base };

if (!existsSync(join(root, 'dist/server/entry.mjs'))) {
  console.error('No build in dist/: run `npm run build` first.');
  process.exit(1);
}

interface Figures {
  engine: string;
  connections: number;
  requests: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  non2xx: number;
  /** 2xx answers, and units the carts gained: fewer units than answers would be a lost add. */
  ok: number;
  added: number;
  cpuMsPerRequest: number | undefined;
}

function percentile(sorted: number[], share: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] ?? Number.NaN;
}

/** Sizes for sale of the first few products: what the shoppers add. */
async function variantIds(): Promise<number[]> {
  const ids: number[] = [];
  for (let product = 1; product <= 4; product++) {
    const response = await fetch(`${base}/api/products/${product}/availability`);
    if (!response.ok) continue;
    const body = (await response.json()) as { variants: { id: number }[] };
    ids.push(...body.variants.map((variant) => variant.id));
  }
  if (ids.length === 0) throw new Error('No variants to add: is the catalog seeded?');
  return ids;
}

/** One guest cart per shopper: the first add makes the cart and its cookie. */
async function guestCarts(count: number, variantId: number): Promise<string[]> {
  const cookies: string[] = [];
  for (let i = 0; i < count; i++) {
    const response = await fetch(`${base}/api/cart/items`, {
      method: 'POST',
      headers: { ...ORIGIN, 'content-type': 'application/json' },
      body: JSON.stringify({ variantId, quantity: 1 }),
    });
    const cookie = response.headers.get('set-cookie')?.match(/guest_cart=([^;]+)/)?.[1];
    if (!response.ok || !cookie) throw new Error(`A first add answered ${response.status} without a cart cookie`);
    cookies.push(cookie);
  }
  return cookies;
}

async function unitsInCarts(cookies: string[]): Promise<number> {
  let total = 0;
  for (const cookie of cookies) {
    const response = await fetch(`${base}/api/cart/summary`, { headers: { cookie: `guest_cart=${cookie}` } });
    total += ((await response.json()) as { count: number }).count;
  }
  return total;
}

async function load(connections: number, seconds: number, cookies: string[], variants: number[]) {
  let sequence = 0;
  const latencies: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: base,
        connections,
        duration: seconds,
        requests: [
          {
            method: 'POST',
            path: '/api/cart/items',
            setupRequest: (request) => {
              const n = sequence++;
              const cookie = cookies[n % cookies.length];
              const variantId = variants[Math.floor(n / cookies.length) % variants.length];
              return {
                ...request,
                headers: { ...ORIGIN, 'content-type': 'application/json', cookie: `guest_cart=${cookie}` },
                body: JSON.stringify({ variantId, quantity: 1 }),
              };
            },
          },
        ],
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
    instance.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  });
  latencies.sort((a, b) => a - b);
  return { result, latencies };
}

const floors: FloorFigures[] = [];

async function runEngine(engine: 'pglite' | 'postgres'): Promise<Figures[]> {
  const dataDir = await mkdtemp(join(tmpdir(), `nursery-bench-cart-${engine}-`));
  const env: Record<string, string> = { DATA_DIR: dataDir };
  const database = 'nursery_bench_cart';
  if (engine === 'postgres') {
    const admin = new pg.Client({ connectionString: POSTGRES_URL });
    await admin.connect();
    await admin.query(`drop database if exists ${database} with (force)`);
    await admin.query(`create database ${database}`);
    await admin.end();
    const url = new URL(POSTGRES_URL);
    url.pathname = `/${database}`;
    env.DATABASE_URL = url.href;
  }
  const server = await startBuiltServer({ port, env, profileDir: values.profile });
  const figures: Figures[] = [];
  try {
    const variants = await variantIds();
    for (const connections of connectionCounts) {
      // Warm-up (JIT, pool, caches), not counted, on carts of its own.
      await load(connections, 2, await guestCarts(connections, variants[0] ?? 1), variants);
      const cookies = await guestCarts(connections, variants[0] ?? 1);
      const before = await unitsInCarts(cookies);
      startProfile(server, values.profile);
      const cpuBefore = processCpuMs(server.pid);
      const { result, latencies } = await load(connections, duration, cookies, variants);
      const cpuAfter = processCpuMs(server.pid);
      const added = (await unitsInCarts(cookies)) - before;
      const ok = result['2xx'];
      figures.push({
        engine,
        connections,
        requests: latencies.length,
        rps: latencies.length / duration,
        p50: percentile(latencies, 0.5),
        p95: percentile(latencies, 0.95),
        p99: percentile(latencies, 0.99),
        errors: result.errors + result.timeouts,
        non2xx: result.non2xx,
        ok,
        added,
        cpuMsPerRequest: cpuPerRequest(cpuBefore, cpuAfter, latencies.length),
      });
      if (!values['no-floor']) {
        for (const path of ['/favicon.svg', '/api/session', '/api/app_settings']) {
          const floor = await measureFloor(base, server.pid, path, connections, duration);
          floors.push({ ...floor, path: `${engine} ${path}` });
        }
      }
    }
  } finally {
    await stopServer(server);
    await rm(dataDir, { recursive: true, force: true });
    if (engine === 'postgres') {
      const admin = new pg.Client({ connectionString: POSTGRES_URL });
      await admin.connect();
      await admin.query(`drop database if exists ${database} with (force)`);
      await admin.end();
    }
  }
  return figures;
}

const engines: ('pglite' | 'postgres')[] =
  values.engine === 'pglite' ? ['pglite'] : values.engine === 'postgres' ? ['postgres'] : ['pglite', 'postgres'];
const rows: Figures[] = [];
for (const engine of engines) {
  if (engine === 'postgres' && !(await postgresReachable())) {
    console.log(`postgres: not measured, no server at ${new URL(POSTGRES_URL).host}`);
    continue;
  }
  rows.push(...(await runEngine(engine)));
}

console.log(
  `\nPOST /api/cart/items, ${duration} s per run, 1-min load average ${loadavg()[0]?.toFixed(2)} on ${
    (await import('node:os')).cpus().length
  } cores`,
);
console.log(
  'engine     conns  requests    req/s   p50 ms   p95 ms   p99 ms  errors  non-2xx      2xx  units added  CPU ms/req',
);
for (const row of rows) {
  const target = row.engine === 'postgres' && row.connections === 100 ? `  (target p95 ≤ ${TARGET_P95_MS} ms)` : '';
  console.log(
    [
      row.engine.padEnd(9),
      String(row.connections).padStart(6),
      String(row.requests).padStart(9),
      row.rps.toFixed(0).padStart(8),
      row.p50.toFixed(1).padStart(8),
      row.p95.toFixed(1).padStart(8),
      row.p99.toFixed(1).padStart(8),
      String(row.errors).padStart(7),
      String(row.non2xx).padStart(8),
      String(row.ok).padStart(8),
      String(row.added).padStart(12),
      formatCpu(row.cpuMsPerRequest).padStart(11),
    ].join(' ') + target,
  );
}
printFloor(floors);
console.log(
  '(units added ≥ 2xx: requests still in flight when a run ends are answered after autocannon stops counting; fewer units than 2xx answers would be a lost add; CPU ms/req: user + system CPU of the server process per answered request, the database’s own work included on PGlite, not on PostgreSQL)',
);
