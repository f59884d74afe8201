/**
 * The shopping paths under load as ratios to the floor (issue 24, item 5): in one run against
 * one built server on PostgreSQL at 100 connections, the p95 of a static file (the floor: what
 * this machine allows at all), add to cart (`POST /api/cart/items`) and quote submit
 * (`POST /api/checkout`, every request its own signed-in customer, cart and key), and submits
 * per second, with the product page's stock (`GET /api/products/1/availability`) beside
 * them; then PGlite under 200 concurrent submits, checking that nothing is lost (every 2xx
 * answer has its quote request, and no request failed). Prints a table with each p95 over
 * the floor against its target (add ≤ 1.5 ×, submit ≤ 3 ×), the server's CPU ms per request
 * and, on PostgreSQL, the CPU ms per request of the database backends serving the bench's
 * database (they share the same cores: at saturation the two together bound the latency).
 * Asserts nothing.
 *
 *   npm run build, then
 *   node bench/shopping-ratios.bench.ts [--duration 10] [--submits 1000] [--port 4436]
 *     [--engine postgres|pglite|both] [--profile DIR]
 *
 * Scratch data: PostgreSQL in the database nursery_bench_ratios on TEST_DATABASE_URL's server
 * (default 127.0.0.1:5432), PGlite in a temporary DATA_DIR; both made anew on every run.
 */
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { sql } from 'kysely';
import pg from 'pg';
import { type DatabaseHandle, openDatabase } from '../src/lib/db/connect.server.ts';
import { parseEnv } from '../src/lib/env.ts';
import { prepareDatabase } from '../src/server/prepare.ts';
import { POSTGRES_URL, postgresReachable } from '../tests/support/databases.ts';
import { prepareCustomers, submitBody } from './quote-customers.ts';
import {
  cpuPerRequest,
  formatCpu,
  measureFloor,
  processCpuMs,
  startBuiltServer,
  startProfile,
  stopServer,
} from './server-process.ts';

const CONNECTIONS = 100;
const PGLITE_CONCURRENT = 200;
const TARGET = { add: 1.5, submit: 3 } as const;
const root = join(import.meta.dirname, '..');
const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    submits: { type: 'string', default: '1000' },
    port: { type: 'string', default: '4436' },
    engine: { type: 'string', default: 'both' },
    profile: { type: 'string' },
  },
});
const duration = Number(values.duration);
const submits = Number(values.submits);
const port = Number(values.port);
const base = `http://127.0.0.1:${port}`;
if (!existsSync(join(root, 'dist/server/entry.mjs'))) {
  console.error('No server build in dist/: run `npm run build` first.');
  process.exit(1);
}

interface Row {
  what: string;
  requests: number;
  ok: number;
  errors: number;
  p50: number;
  p95: number;
  rps: number;
  cpuMsPerRequest: number | undefined;
  /** PostgreSQL's backends serving the bench database, CPU ms per request (postgres run only). */
  dbCpuMsPerRequest?: number | undefined;
  /** The server's CPU ms so far when the run ended (its last answer, for a set number of requests). */
  cpuAtEnd?: number | undefined;
  /** What `atLastAnswer` read at the run's last answer, if given. */
  readAtLastAnswer?: number | undefined;
}

/**
 * CPU ms so far of each PostgreSQL backend connected to `database` (pg_stat_activity, then
 * /proc/<pid>/stat): the server's pool, the work its requests cost the database.
 */
async function backendCpu(database: string | undefined): Promise<Map<number, number> | undefined> {
  if (!database) return undefined;
  const client = new pg.Client({ connectionString: POSTGRES_URL });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>(
      'select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
      [database],
    );
    const cpu = new Map<number, number>();
    for (const { pid } of rows) {
      const ms = processCpuMs(pid);
      if (ms !== undefined) cpu.set(pid, ms);
    }
    return cpu;
  } finally {
    await client.end();
  }
}

/** The backends' CPU between two readings; one that came in between counts from its start. */
function backendCpuSpent(before: Map<number, number> | undefined, after: Map<number, number> | undefined) {
  if (!before || !after) return undefined;
  let spent = 0;
  for (const [pid, ms] of after) spent += ms - (before.get(pid) ?? 0);
  return spent;
}

function percentile(sorted: number[], share: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] ?? Number.NaN;
}

async function measure(
  what: string,
  pid: number | undefined,
  options: autocannon.Options,
  seconds?: number,
  database?: string,
  /** Read at the run's last answer, beside the CPU (a set number of requests only). */
  atLastAnswer?: () => Promise<number>,
): Promise<Row> {
  const latencies: number[] = [];
  const dbBefore = await backendCpu(database);
  const before = processCpuMs(pid);
  const started = performance.now();
  let lastAnswer = started;
  // A run of a set number of requests ends on autocannon's next one-second tick, up to a
  // second after its last answer, while the server composes the run's e-mails: the CPU is
  // read at the last answer instead, so that it is the requests' own.
  let lastAnswerReadings:
    | { cpu: number | undefined; db: Promise<Map<number, number> | undefined>; read: Promise<number> | undefined }
    | undefined;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(options, (error, finished) => (error ? reject(error) : resolve(finished)));
    instance.on('response', (_client, _status, _bytes, time) => {
      latencies.push(time);
      lastAnswer = performance.now();
      if (latencies.length === options.amount) {
        lastAnswerReadings = { cpu: processCpuMs(pid), db: backendCpu(database), read: atLastAnswer?.() };
      }
    });
  });
  // From the first request to the last answer: autocannon's own duration is in whole seconds.
  const elapsedS = (lastAnswer - started) / 1000;
  const after = lastAnswerReadings ? lastAnswerReadings.cpu : processCpuMs(pid);
  const dbSpent = backendCpuSpent(dbBefore, await (lastAnswerReadings ? lastAnswerReadings.db : backendCpu(database)));
  latencies.sort((a, b) => a - b);
  const ok = result['2xx'];
  return {
    what,
    requests: latencies.length,
    ok,
    errors: result.errors + result.timeouts + result.non2xx,
    p50: percentile(latencies, 0.5),
    p95: percentile(latencies, 0.95),
    rps: ok / (seconds ?? elapsedS),
    cpuMsPerRequest: cpuPerRequest(before, after, latencies.length),
    dbCpuMsPerRequest: dbSpent === undefined ? undefined : cpuPerRequest(0, dbSpent, latencies.length),
    cpuAtEnd: after,
    readAtLastAnswer: await lastAnswerReadings?.read,
  };
}

/** One guest cart per connection: the first add makes the cart and its cookie. */
async function guestCarts(count: number, variantId: number): Promise<string[]> {
  const cookies: string[] = [];
  for (let i = 0; i < count; i++) {
    const response = await fetch(`${base}/api/cart/items`, {
      method: 'POST',
      headers: { origin: base, 'content-type': 'application/json' },
      body: JSON.stringify({ variantId, quantity: 1 }),
    });
    const cookie = response.headers.get('set-cookie')?.match(/guest_cart=([^;]+)/)?.[1];
    if (!response.ok || !cookie) throw new Error(`A first add answered ${response.status} without a cart cookie`);
    cookies.push(cookie);
  }
  return cookies;
}

async function variantIds(): Promise<number[]> {
  const ids: number[] = [];
  for (let product = 1; product <= 4; product++) {
    const response = await fetch(`${base}/api/products/${product}/availability`);
    if (response.ok) ids.push(...((await response.json()) as { variants: { id: number }[] }).variants.map((v) => v.id));
  }
  if (ids.length === 0) throw new Error('No variants to add: is the catalog seeded?');
  return ids;
}

function addOptions(connections: number, seconds: number, cookies: string[], variants: number[]): autocannon.Options {
  let sequence = 0;
  return {
    url: base,
    connections,
    duration: seconds,
    requests: [
      {
        method: 'POST',
        path: '/api/cart/items',
        setupRequest: (request) => {
          const n = sequence++;
          return {
            ...request,
            headers: {
              origin: base,
              'content-type': 'application/json',
              cookie: `guest_cart=${cookies[n % cookies.length]}`,
            },
            body: JSON.stringify({
              variantId: variants[Math.floor(n / cookies.length) % variants.length],
              quantity: 1,
            }),
          };
        },
      },
    ],
  };
}

function submitOptions(connections: number, cookies: string[], timeoutS = 30): autocannon.Options {
  let next = 0;
  return {
    url: base,
    connections,
    amount: cookies.length,
    timeout: timeoutS,
    requests: [
      {
        method: 'POST',
        path: '/api/checkout',
        setupRequest: (request) => {
          const cookie = cookies[next++];
          if (!cookie) throw new Error('Ran out of prepared customers');
          return {
            ...request,
            headers: { 'content-type': 'application/json', origin: base, cookie, 'accept-language': 'en-CA' },
            body: submitBody(randomUUID()),
          };
        },
      },
    ],
  };
}

async function customers(env: Record<string, string>, open: () => Promise<DatabaseHandle>, count: number) {
  await prepareDatabase(parseEnv(env), () => {});
  const handle = await open();
  try {
    return await prepareCustomers(handle, count);
  } finally {
    await handle.close();
  }
}

async function quoteRequestsWritten(open: () => Promise<DatabaseHandle>): Promise<number> {
  const handle = await open();
  try {
    const result = await sql<{
      n: number;
    }>`select count(*)::int as n from quote_requests where customer_email like 'bench-%'`.execute(handle.db);
    return result.rows[0]?.n ?? 0;
  } finally {
    await handle.close();
  }
}

/**
 * A reading of the outbox for the submit run: its last row id before the run, then how many
 * rows after it the worker had taken (leased, being composed, or sent) at the run's last
 * answer. A client of its own, connected beforehand, so the reading is not late by a connect.
 */
async function outboxReader(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const last = await client.query<{ id: number }>('select coalesce(max(id), 0)::int as id from mail_outbox');
  const before = last.rows[0]?.id ?? 0;
  return {
    taken: async () => {
      const { rows } = await client.query<{ n: number }>(
        `select count(*)::int as n from mail_outbox
         where id > $1 and (sent_at is not null or locked_until is not null)`,
        [before],
      );
      return rows[0]?.n ?? 0;
    },
    close: () => client.end(),
  };
}

/** Waits (at most 5 minutes) until the outbox holds no unsent e-mail. */
async function outboxEmpty(open: () => Promise<DatabaseHandle>): Promise<void> {
  const handle = await open();
  try {
    const deadline = Date.now() + 300_000;
    while (Date.now() < deadline) {
      const result = await sql<{
        n: number;
      }>`select count(*)::int as n from mail_outbox where sent_at is null and dead_at is null`.execute(handle.db);
      if ((result.rows[0]?.n ?? 0) === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } finally {
    await handle.close();
  }
}

function printRows(title: string, rows: Row[], floor: Row | undefined): void {
  console.log(`\n${title}`);
  console.log(
    'what                      requests   errors   p50 ms   p95 ms   × floor p95   target   req/s  CPU ms/req  DB CPU ms/req',
  );
  for (const row of rows) {
    const ratio = floor && row !== floor ? row.p95 / floor.p95 : undefined;
    // Targets are ratios to the floor: a table without one (PGlite's) has none.
    const target = !floor
      ? undefined
      : row.what.startsWith('add')
        ? TARGET.add
        : row.what.startsWith('submit')
          ? TARGET.submit
          : undefined;
    const verdict = ratio === undefined || target === undefined ? '' : ratio <= target ? ' met' : ' MISSED';
    console.log(
      [
        row.what.padEnd(24),
        String(row.requests).padStart(9),
        String(row.errors).padStart(8),
        row.p50.toFixed(1).padStart(8),
        row.p95.toFixed(1).padStart(8),
        (ratio === undefined ? (row === floor ? '1.00' : '') : ratio.toFixed(2)).padStart(13),
        (target === undefined ? '' : `≤ ${target}×${verdict}`).padStart(8),
        row.rps.toFixed(0).padStart(7),
        formatCpu(row.cpuMsPerRequest).padStart(11),
        (row.dbCpuMsPerRequest === undefined ? '' : formatCpu(row.dbCpuMsPerRequest)).padStart(14),
      ].join(' '),
    );
  }
}

async function postgresRun(): Promise<void> {
  if (!(await postgresReachable())) {
    console.log(`postgres: not measured, no server at ${new URL(POSTGRES_URL).host}`);
    return;
  }
  const database = 'nursery_bench_ratios';
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  await admin.query(`drop database if exists ${database} with (force)`);
  await admin.query(`create database ${database}`);
  await admin.end();
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${database}`;
  const dataDir = await mkdtemp(join(tmpdir(), 'nursery-bench-ratios-pg-'));
  const env = { DATABASE_URL: url.href, DATA_DIR: dataDir };
  const open = () => openDatabase({ engine: 'postgres', url: url.href });
  const warmUp = 100;
  console.log(`[postgres] preparing ${warmUp + submits} customers with a cart and a session…`);
  const cookies = await customers(env, open, warmUp + submits);
  const server = await startBuiltServer({ port, env, profileDir: values.profile });
  try {
    const variants = await variantIds();
    const floor = await measureFloor(base, server.pid, '/favicon.svg', CONNECTIONS, duration);
    const floorRow: Row = {
      ...floor,
      what: 'static file (floor)',
      requests: Math.round(floor.rps * duration),
      ok: Math.round(floor.rps * duration),
      errors: floor.non2xx,
    };
    // Warm-ups (JIT, pool), not counted.
    await measure(
      'warm-up',
      undefined,
      addOptions(CONNECTIONS, 2, await guestCarts(CONNECTIONS, variants[0] ?? 1), variants),
    );
    await measure('warm-up', undefined, submitOptions(20, cookies.slice(0, warmUp)));
    // The warm-up's e-mails go out before anything is measured: composed during the adds,
    // they would count against the add path, which sends none.
    await outboxEmpty(open);
    const carts = await guestCarts(CONNECTIONS, variants[0] ?? 1);
    startProfile(server, values.profile);
    const add = await measure(
      'add to cart',
      server.pid,
      addOptions(CONNECTIONS, duration, carts, variants),
      duration,
      database,
    );
    // The product page's stock, asked by its island on every view: no target, its ratio shown.
    const stock = await measure(
      'product stock',
      server.pid,
      { url: `${base}/api/products/1/availability`, connections: CONNECTIONS, duration },
      duration,
      database,
    );
    startProfile(server, values.profile);
    const outbox = await outboxReader(env.DATABASE_URL);
    const submit = await measure(
      'submit a quote request',
      server.pid,
      submitOptions(CONNECTIONS, cookies.slice(warmUp)),
      undefined,
      database,
      outbox.taken,
    );
    await outbox.close();
    // Its e-mails, composed once the burst is answered: their CPU counted too (and, with
    // --profile, in a profile of their own, apart from the submits').
    startProfile(server, values.profile);
    const mailsStart = Date.now();
    // From the last answer: what the server did in between was composing e-mails.
    const cpuBeforeMails = submit.cpuAtEnd;
    await outboxEmpty(open);
    const mailSeconds = (Date.now() - mailsStart) / 1000;
    const cpuAfterMails = processCpuMs(server.pid);
    const written = await quoteRequestsWritten(open);
    printRows(`PostgreSQL, ${CONNECTIONS} connections, one server, one run`, [floorRow, add, stock, submit], floorRow);
    console.log(
      `submits per second: ${submit.rps.toFixed(1)}; quote requests written: ${written} for ${
        submit.ok + 100
      } successful submits (warm-up included)`,
    );
    const withMails =
      submit.cpuMsPerRequest === undefined || cpuBeforeMails === undefined || cpuAfterMails === undefined
        ? undefined
        : submit.cpuMsPerRequest + (cpuAfterMails - cpuBeforeMails) / submit.requests;
    console.log(
      `every e-mail sent ${mailSeconds.toFixed(1)} s after the last answer; server CPU ms per submit, its two e-mails included: ${formatCpu(withMails)}`,
    );
    // Taken while the burst was still being answered (decision 048: a saturated server takes
    // two at a time, so the burst's own CPU is not spent composing them).
    console.log(`e-mails taken by the worker before the last answer: ${submit.readAtLastAnswer} of ${2 * submit.ok}`);
  } finally {
    await stopServer(server);
    await rm(dataDir, { recursive: true, force: true });
    const drop = new pg.Client({ connectionString: POSTGRES_URL });
    await drop.connect();
    await drop.query(`drop database if exists ${database} with (force)`);
    await drop.end();
  }
}

async function pgliteRun(): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), 'nursery-bench-ratios-pglite-'));
  const env = { DATA_DIR: dataDir };
  const open = () => openDatabase({ engine: 'pglite', dataDir });
  console.log(`[pglite] preparing ${PGLITE_CONCURRENT} customers with a cart and a session…`);
  const cookies = await customers(env, open, PGLITE_CONCURRENT);
  const server = await startBuiltServer({ port, env });
  let submit: Row;
  try {
    submit = await measure(
      `submit ×${PGLITE_CONCURRENT} at once`,
      server.pid,
      submitOptions(PGLITE_CONCURRENT, cookies),
    );
  } finally {
    await stopServer(server);
  }
  const written = await quoteRequestsWritten(open);
  await rm(dataDir, { recursive: true, force: true });
  printRows(`PGlite, ${PGLITE_CONCURRENT} concurrent submits (one process)`, [submit], undefined);
  console.log(
    `answered 2xx: ${submit.ok} of ${PGLITE_CONCURRENT}; quote requests written: ${written}; ${
      written === submit.ok && submit.ok === PGLITE_CONCURRENT ? 'nothing lost' : 'LOST OR REFUSED SUBMITS'
    }`,
  );
}

console.log(`Shopping paths as ratios; 1-min load average ${loadavg()[0]?.toFixed(2)} on ${cpus().length} cores`);
if (values.engine !== 'pglite') await postgresRun();
if (values.engine !== 'postgres') await pgliteRun();
console.log(
  `load average at the end: ${loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')}`,
);
