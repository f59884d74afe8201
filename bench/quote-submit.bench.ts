/**
 * Quote submission under load: POST /api/checkout against the built Node server, with
 * autocannon at 20 and 100 concurrent connections, on the embedded PGlite and on PostgreSQL.
 * Prints p50 / p95 / p99 latency, requests per second, errors and the server process's CPU
 * milliseconds per request (user + system, from /proc: steady on a shared machine, unlike
 * latency) for each run, then how many e-mails the outbox holds once the server has sent them
 * (two per request: the customer's and the sales desk's). Asserts nothing.
 *
 *   npm run build, then
 *   node bench/quote-submit.bench.ts [--engine pglite|postgres|both] [--requests 1000] [--port 4432]
 *     [--profile DIR]
 *
 * --profile DIR writes a V8 CPU profile of each measured run into DIR (see
 * cpu-profile.preload.ts); `node bench/cpu-profile-summary.ts FILE` prints where the time went.
 *
 * Every request is a real submit: its own signed-in customer (a session cookie made in the
 * database beforehand), a cart of two lines, a new idempotency key, the same-origin header.
 * So each run needs as many prepared customers as requests; they are made before the server
 * starts (PGlite is one process's database). Scratch data: PGlite in <tmp>/nursery-bench-quotes,
 * PostgreSQL in the database nursery_bench_quotes on TEST_DATABASE_URL's server (default
 * 127.0.0.1:5432), both recreated on every run. Target on PostgreSQL at 100 connections:
 * p95 ≤ 150 ms and no errors.
 */
import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
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
  processCpuMs,
  startBuiltServer,
  startProfile,
  stopServer,
} from './server-process.ts';

const TARGET_P95_MS = 150;
const CONNECTIONS = [20, 100];
const root = join(import.meta.dirname, '..');

const { values } = parseArgs({
  options: {
    engine: { type: 'string', default: 'both' },
    requests: { type: 'string', default: '1000' },
    port: { type: 'string', default: '4432' },
    profile: { type: 'string' },
  },
});
const requestsPerRun = Number(values.requests);
const port = Number(values.port);
if (!Number.isInteger(requestsPerRun) || requestsPerRun < 100 || !Number.isInteger(port)) {
  console.error(
    'Usage: node bench/quote-submit.bench.ts [--engine pglite|postgres|both] [--requests N≥100] [--port N]',
  );
  process.exit(2);
}
if (!existsSync(join(root, 'dist/server/entry.mjs'))) {
  console.error('No server build in dist/: run `npm run build` first.');
  process.exit(1);
}
const WARM_UP = 50;
const origin = `http://127.0.0.1:${port}`;

interface EngineSetup {
  label: 'pglite' | 'postgres';
  env: Record<string, string>;
  open(): Promise<DatabaseHandle>;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}

interface RunFigures {
  connections: number;
  requests: number;
  ok: number;
  errors: number;
  p50: number;
  p95: number;
  p99: number;
  rps: number;
  cpuMsPerRequest: number | undefined;
}

async function load(
  cookies: string[],
  connections: number,
  amount: number,
  serverPid: number | undefined,
  mailsSent: (ok: number) => Promise<void>,
): Promise<RunFigures> {
  let next = 0;
  const times: number[] = [];
  const options: autocannon.Options = {
    url: origin,
    connections,
    amount,
    timeout: 30,
    requests: [
      {
        method: 'POST',
        path: '/api/checkout',
        setupRequest: (request) => {
          const cookie = cookies[next++];
          if (!cookie) throw new Error('Ran out of prepared customers');
          return {
            ...request,
            headers: { 'content-type': 'application/json', origin, cookie, 'accept-language': 'en-CA' },
            body: submitBody(randomUUID()),
          };
        },
      },
    ],
  };
  const cpuBefore = processCpuMs(serverPid);
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(options, (error, finished) => (error ? reject(error) : resolve(finished)));
    instance.on('response', (_client, _status, _bytes, responseTime) => times.push(responseTime));
  });
  // The e-mails of these requests are sent after their answers: wait for them, then for the
  // server to go idle, so that their CPU counts too.
  await mailsSent(result['2xx']);
  const cpuAfter = await settledCpuMs(serverPid);
  times.sort((a, b) => a - b);
  const ok = result['2xx'];
  return {
    connections,
    requests: result.requests.total,
    ok,
    errors: result.errors + result.timeouts + result.non2xx,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    rps: ok / (result.duration || 1),
    cpuMsPerRequest: cpuPerRequest(cpuBefore, cpuAfter, result.requests.total),
  };
}

/** The server's CPU reading once it has stopped working (two readings 500 ms apart within 10 ms). */
async function settledCpuMs(pid: number | undefined): Promise<number | undefined> {
  let last = processCpuMs(pid);
  const deadline = Date.now() + 30_000;
  while (last !== undefined && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const now = processCpuMs(pid);
    if (now === undefined || now - last <= 10) return now;
    last = now;
  }
  return last;
}

function countMails(dir: string): number {
  return existsSync(dir) ? readdirSync(dir).filter((name) => name.endsWith('.eml')).length : 0;
}

async function benchEngine(setup: EngineSetup): Promise<void> {
  const config = parseEnv(setup.env);
  await prepareDatabase(config, (line) => console.log(`[${setup.label}] ${line}`));
  const handle = await setup.open();
  const total = WARM_UP + requestsPerRun * CONNECTIONS.length;
  let cookies: string[];
  try {
    console.log(`[${setup.label}] preparing ${total} customers with a cart and a session…`);
    cookies = await prepareCustomers(handle, total);
  } finally {
    await handle.close();
  }
  const server = await startBuiltServer({ port, env: setup.env, profileDir: values.profile });
  const mailDir = join(setup.env.DATA_DIR ?? '', 'mail');
  let answered = 0;
  /** Waits (at most 3 minutes) until the outbox holds two e-mails per request answered so far. */
  const mailsSent = async (ok: number) => {
    answered += ok;
    const deadline = Date.now() + 180_000;
    while (Date.now() < deadline && countMails(mailDir) < 2 * answered) {
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  };
  try {
    await load(cookies.slice(0, WARM_UP), 10, WARM_UP, server.pid, mailsSent);
    let offset = WARM_UP;
    for (const connections of CONNECTIONS) {
      startProfile(server, values.profile);
      const figures = await load(
        cookies.slice(offset, offset + requestsPerRun),
        connections,
        requestsPerRun,
        server.pid,
        mailsSent,
      );
      offset += requestsPerRun;
      const verdict =
        setup.label === 'postgres' && connections === 100
          ? figures.p95 <= TARGET_P95_MS && figures.errors === 0
            ? '  (target met)'
            : '  (TARGET MISSED)'
          : '';
      console.log(
        [
          setup.label.padEnd(9),
          String(connections).padStart(11),
          String(figures.requests).padStart(9),
          String(figures.errors).padStart(7),
          figures.p50.toFixed(0).padStart(8),
          figures.p95.toFixed(0).padStart(8),
          figures.p99.toFixed(0).padStart(8),
          figures.rps.toFixed(0).padStart(7),
          formatCpu(figures.cpuMsPerRequest).padStart(11),
        ].join(' ') + verdict,
      );
    }
  } finally {
    await stopServer(server);
  }
  const check = await setup.open();
  try {
    const { n } = await check.db
      .selectFrom('quote_requests')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('customer_email', 'like', 'bench-%')
      .executeTakeFirstOrThrow();
    const mails = countMails(mailDir);
    // E-mails committed but not sent yet when the server stopped: the next start sends them.
    const waiting = await sql<{ n: number }>`select count(*)::int as n from mail_outbox where sent_at is null`
      .execute(check.db)
      .then((result) => String(result.rows[0]?.n ?? 0))
      .catch(() => 'n/a (no outbox table)');
    console.log(
      `[${setup.label}] quote requests written by the bench customers: ${n}; e-mails written: ${mails}; ` +
        `e-mails still waiting in the outbox table: ${waiting}`,
    );
  } finally {
    await check.close();
  }
}

const engines: EngineSetup[] = [];
if (values.engine === 'pglite' || values.engine === 'both') {
  const dataDir = join(tmpdir(), 'nursery-bench-quotes');
  rmSync(dataDir, { recursive: true, force: true });
  engines.push({
    label: 'pglite',
    env: { DATA_DIR: dataDir },
    open: () => openDatabase({ engine: 'pglite', dataDir }),
  });
}
if (values.engine === 'postgres' || values.engine === 'both') {
  if (await postgresReachable()) {
    const admin = new pg.Client({ connectionString: POSTGRES_URL });
    await admin.connect();
    await admin.query('drop database if exists nursery_bench_quotes with (force)');
    await admin.query('create database nursery_bench_quotes');
    await admin.end();
    const url = new URL(POSTGRES_URL);
    url.pathname = '/nursery_bench_quotes';
    const dataDir = join(tmpdir(), 'nursery-bench-quotes-pg');
    rmSync(dataDir, { recursive: true, force: true });
    engines.push({
      label: 'postgres',
      env: { DATABASE_URL: url.href, DATA_DIR: dataDir },
      open: () => openDatabase({ engine: 'postgres', url: url.href }),
    });
  } else {
    console.warn(`PostgreSQL is not reachable at ${new URL(POSTGRES_URL).host}: its runs are skipped.`);
  }
}

console.log(
  `Quote submit, ${requestsPerRun} requests per run; load average ${loadavg()[0]?.toFixed(2)} on this machine`,
);
console.log('engine    connections  requests  errors  p50 ms  p95 ms  p99 ms  req/s  CPU ms/req');
for (const setup of engines) await benchEngine(setup);
