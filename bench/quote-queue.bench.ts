/**
 * The desk's queue at scale (issue 22 item 6, decision 052): with 10,000 quote requests on
 * PGlite and on PostgreSQL, each with its status history, the quoted ones with an open version
 * (last days from three days ago to two weeks ahead), and a third of them assigned to the staff:
 * the p50 / p95 of the list page's queries (`listQuoteRequests`: the count and the page) under
 * each queue filter, alone and combined with the others.
 *
 *   node bench/quote-queue.bench.ts [--quotes 10000] [--runs 30] [--engine pglite|postgres|both]
 *
 * Scratch databases of its own are kept between runs: PGlite in <tmp>/nursery-bench-queue-<N>,
 * PostgreSQL in nursery_bench_queue_<N> on TEST_DATABASE_URL's server (default 127.0.0.1:5432).
 * Figures go to stdout and to bench/results/quote-queue-<engine>-<N>.json.
 * Target on PostgreSQL: p95 ≤ 100 ms for every filter.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { seedScaleQuoteDesk } from '../src/features/demo/quote-desk-seed.server.ts';
import { seedDemoData } from '../src/features/demo/seed.server.ts';
import { listQuoteRequests } from '../src/features/quotes/desk/desk.server.ts';
import { parseQuoteListQuery } from '../src/features/quotes/desk/desk.ts';
import type { DatabaseHandle } from '../src/lib/db/connect.server.ts';
import { migrate } from '../src/lib/db/migrate.server.ts';
import { latencyStats, openScratchDatabase, round } from './scratch-database.ts';

const { values } = parseArgs({
  options: {
    quotes: { type: 'string', default: '10000' },
    runs: { type: 'string', default: '30' },
    engine: { type: 'string', default: 'both' },
  },
});
const quotes = Number(values.quotes);
const runs = Number(values.runs);
if (![quotes, runs].every((n) => Number.isInteger(n) && n > 0)) {
  console.error('Usage: node bench/quote-queue.bench.ts [--quotes N] [--runs N] [--engine pglite|postgres|both]');
  process.exit(2);
}

/** Each filter of the queue, alone and with the list's other filters. */
const FILTERS = {
  none: '',
  mine: 'mine=1',
  deskTurn: 'turn=desk',
  expiring: 'expiring=1',
  mineDeskTurn: 'mine=1&turn=desk',
  deskTurnInReview: 'turn=desk&status=in_review',
  // The list's search alone, for comparison with the same search under the desk's turn.
  searchOnly: 'q=landscap',
  deskTurnSearch: 'turn=desk&q=landscap',
  expiringMine: 'expiring=1&mine=1',
  mineAllPages: 'mine=1&size=100&page=3',
};

/**
 * What the queue reads and the scale seed does not write, added once: a history of one to
 * three rows per request, an open version per quoted request, an owner for a third of them.
 */
async function addQueueData(handle: DatabaseHandle, label: string): Promise<void> {
  const db = handle.db;
  const done = await db.selectFrom('quote_request_assignments').select('id').limit(1).executeTakeFirst();
  if (done) return;
  console.log(`[${label}] adding histories, versions and owners (once)…`);
  await sql`
    insert into quote_request_status_history (quote_request_id, from_status, to_status, changed_at)
    select q.id, null, 'submitted', q.submitted_at from quote_requests q
    where not exists (select 1 from quote_request_status_history h where h.quote_request_id = q.id)`.execute(db);
  await sql`
    insert into quote_request_status_history (quote_request_id, from_status, to_status, changed_at)
    select q.id, 'submitted', q.status,
           least(now(), q.submitted_at + make_interval(hours => 1 + (q.id * 7919) % 240))
    from quote_requests q
    where q.status <> 'submitted'
      and (select count(*) from quote_request_status_history h where h.quote_request_id = q.id) = 1`.execute(db);
  await sql`
    insert into quote_versions (quote_request_id, number, valid_until, items_cents, total_cents, created_at)
    select q.id, 1, (now() at time zone 'America/Toronto')::date + ((q.id * 31) % 18 - 3),
           q.subtotal_cents, q.subtotal_cents, q.submitted_at + interval '1 hour'
    from quote_requests q
    where q.status = 'quoted' and not exists (select 1 from quote_versions v where v.quote_request_id = q.id)`.execute(
    db,
  );
  const staff = await db.selectFrom('users').select('id').where('role', 'in', ['admin', 'super_admin']).execute();
  const ids = staff.map((member) => member.id);
  await sql`
    update quote_requests q set assignee_id = (${sql.val(ids)}::uuid[])[1 + q.id % ${ids.length}],
      assigned_at = now(), assigned_by = (${sql.val(ids)}::uuid[])[1]
    where q.id % 3 = 0`.execute(db);
  await sql`
    insert into quote_request_assignments (quote_request_id, assignee_id, assigned_by, assigned_at)
    select id, assignee_id, assigned_by, assigned_at from quote_requests where assignee_id is not null`.execute(db);
}

async function measure(handle: DatabaseHandle, label: string) {
  await migrate(handle);
  const seeded = await handle.db.selectFrom('categories').select('id').limit(1).executeTakeFirst();
  if (!seeded) {
    console.log(`[${label}] seeding the demo store (once; the database is kept for later runs)…`);
    await seedDemoData(handle);
  }
  const added = await seedScaleQuoteDesk(handle.db, { users: 2000, quoteRequests: quotes });
  if (added.quoteRequests > 0) console.log(`[${label}] added ${added.quoteRequests} quote requests`);
  await addQueueData(handle, label);
  await sql`analyze`.execute(handle.db);
  const db = handle.db;
  // "Mine" as the staff member who holds the most requests.
  const viewer = await db
    .selectFrom('quote_requests')
    .select(['assignee_id', (eb) => eb.fn.countAll<string | number>().as('n')])
    .where('assignee_id', 'is not', null)
    .groupBy('assignee_id')
    .orderBy('n', 'desc')
    .executeTakeFirstOrThrow();
  const viewerId = viewer.assignee_id ?? undefined;
  const total = await db
    .selectFrom('quote_requests')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .executeTakeFirstOrThrow();

  const figures: Record<string, { p50: number; p95: number; max: number; rows: number }> = {};
  for (const [name, search] of Object.entries(FILTERS)) {
    const query = { ...parseQuoteListQuery(new URLSearchParams(search)), viewerId };
    const first = await listQuoteRequests(db, query);
    const samples: number[] = [];
    for (let i = 0; i < runs; i++) {
      const started = performance.now();
      await listQuoteRequests(db, query);
      samples.push(performance.now() - started);
    }
    figures[name] = { ...latencyStats(samples), rows: first.total };
  }
  return {
    engine: label,
    quoteRequests: Number(total.n),
    mineHolds: Number(viewer.n),
    load: loadavg().map((n) => round(n)),
    listMs: figures,
  };
}

const engines = values.engine === 'both' ? (['pglite', 'postgres'] as const) : [values.engine];
for (const engine of engines) {
  if (engine !== 'pglite' && engine !== 'postgres') {
    console.error(`Unknown engine ${engine}`);
    process.exit(2);
  }
  const handle = await openScratchDatabase(engine, `nursery-bench-queue-${quotes}`);
  if (!handle) continue;
  try {
    const result = await measure(handle, engine);
    console.log(JSON.stringify(result, null, 2));
    await mkdir(join(import.meta.dirname, 'results'), { recursive: true });
    await writeFile(
      join(import.meta.dirname, 'results', `quote-queue-${engine}-${quotes}.json`),
      `${JSON.stringify(result, null, 2)}\n`,
    );
  } finally {
    await handle.close();
  }
}
