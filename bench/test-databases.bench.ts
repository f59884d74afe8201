/**
 * What a database suite's setup costs (decision 047): a new database made from nothing
 * (PGlite's initdb, or PostgreSQL's `create database`, then every migration) against a copy
 * of the migrated template that tests/support/databases.ts keeps (PGlite `loadDataDir`,
 * PostgreSQL `create database … template`).
 *
 *   node bench/test-databases.bench.ts [--runs 5]
 *
 * PGlite runs in this process, so its figure is this process's CPU seconds (user + system),
 * which other work on a shared machine barely moves; PostgreSQL works in the server, so its
 * figure is wall-clock seconds. Medians of the runs; the first template is made before timing.
 */
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { openDatabase } from '../src/lib/db/connect.server.ts';
import { migrate } from '../src/lib/db/migrate.server.ts';
import { createTestDatabase, POSTGRES_URL, postgresAvailable } from '../tests/support/databases.ts';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '5' } } });
const runs = Number(values.runs);

interface Cost {
  cpu: number;
  wall: number;
}

async function measure(work: () => Promise<void>): Promise<Cost> {
  const cpu = process.cpuUsage();
  const started = performance.now();
  await work();
  const used = process.cpuUsage(cpu);
  return { cpu: (used.user + used.system) / 1e6, wall: (performance.now() - started) / 1000 };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

async function series(label: string, work: () => Promise<void>): Promise<Cost> {
  const costs: Cost[] = [];
  for (let run = 0; run < runs; run++) costs.push(await measure(work));
  const cost = { cpu: median(costs.map((c) => c.cpu)), wall: median(costs.map((c) => c.wall)) };
  console.log(`- ${label}: CPU ${cost.cpu.toFixed(2)} s, wall ${cost.wall.toFixed(2)} s (median of ${runs})`);
  return cost;
}

console.log(`# Test database setup, per suite (${runs} runs each)\n`);

// The template is made (or read from node_modules/.cache) outside the timings.
await (await createTestDatabase('pglite')).drop();

console.log('## PGlite (this process)');
const pgliteFresh = await series('new database: initdb + migrations', async () => {
  const handle = await openDatabase({ engine: 'pglite', memory: true });
  await migrate(handle);
  await handle.close();
});
const pgliteCopy = await series('copy of the migrated template (loadDataDir)', async () => {
  await (await createTestDatabase('pglite')).drop();
});
console.log(
  `- the copy costs ${((pgliteCopy.cpu / pgliteFresh.cpu) * 100).toFixed(0)} % of the CPU of a new database\n`,
);

if (postgresAvailable) {
  await (await createTestDatabase('postgres')).drop();
  console.log('## PostgreSQL (the server)');
  const postgresFresh = await series('new database: create database + migrations', async () => {
    const name = `nursery_bench_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: POSTGRES_URL });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(POSTGRES_URL);
    url.pathname = `/${name}`;
    const handle = await openDatabase({ engine: 'postgres', url: url.href, maxConnections: 1 });
    await migrate(handle);
    await handle.close();
    await admin.query(`drop database ${name} with (force)`);
    await admin.end();
  });
  const postgresCopy = await series('copy of the migrated template (create database … template)', async () => {
    await (await createTestDatabase('postgres')).drop();
  });
  console.log(
    `- the copy takes ${((postgresCopy.wall / postgresFresh.wall) * 100).toFixed(0)} % of the wall time of a new database`,
  );
} else {
  console.log(`## PostgreSQL: not measured, no server at ${new URL(POSTGRES_URL).host}`);
}
