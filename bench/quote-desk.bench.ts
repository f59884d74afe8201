/**
 * The admin quote desk at scale: with 10,000 quote requests and 5,000 users (what
 * `npm run seed:scale -- --quote-requests 10000 --users 5000` makes), on PGlite and on
 * PostgreSQL:
 * - the dashboard's figures (`loadDashboard`, what GET /api/admin/dashboard answers) for the
 *   default 90 days and for a year: p50 / p95;
 * - a list page with a search (`listQuoteRequests`): p50 / p95 over searches by reference,
 *   name, e-mail and company, with and without filters;
 * - the CSV export of all rows (`quoteCsvStream`, read to the end): seconds, rows, bytes, and
 *   the process's peak RSS and heap above their level before the export;
 * - the OPF of a 100-line request (`renderOpf`): p50 / p95 and size.
 *
 *   node bench/quote-desk.bench.ts [--quotes 10000] [--users 5000] [--runs 30] [--engine pglite|postgres|both]
 *
 * Scratch databases are kept between runs: PGlite in <tmp>/nursery-bench-quotes-<N>, PostgreSQL
 * in nursery_bench_quotes_<N> on TEST_DATABASE_URL's server (default 127.0.0.1:5432). Figures go
 * to stdout and to bench/results/quote-desk-<engine>-<N>.json.
 * Targets on PostgreSQL: dashboard p95 ≤ 200 ms, list p95 ≤ 100 ms, CSV ≤ 3 s with flat memory.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { loadDashboard } from '../src/features/admin-dashboard/dashboard.server.ts';
import { defaultRange } from '../src/features/admin-dashboard/dashboard.ts';
import { seedScaleQuoteDesk } from '../src/features/demo/quote-desk-seed.server.ts';
import { quotableVariants, quoteItemRow } from '../src/features/demo/seed/util.server.ts';
import { seedDemoData } from '../src/features/demo/seed.server.ts';
import { listQuoteRequests } from '../src/features/quotes/desk/desk.server.ts';
import { filtersOf, parseQuoteListQuery } from '../src/features/quotes/desk/desk.ts';
import { quoteCsvStream } from '../src/features/quotes/export/export.server.ts';
import { renderOpf } from '../src/features/quotes/export/opf.server.ts';
import { loadQuoteDetail } from '../src/features/quotes/model/quote.server.ts';
import type { DatabaseHandle } from '../src/lib/db/connect.server.ts';
import { migrate } from '../src/lib/db/migrate.server.ts';
import { latencyStats, openScratchDatabase, round } from './scratch-database.ts';

const { values } = parseArgs({
  options: {
    quotes: { type: 'string', default: '10000' },
    users: { type: 'string', default: '5000' },
    runs: { type: 'string', default: '30' },
    engine: { type: 'string', default: 'both' },
  },
});
const quotes = Number(values.quotes);
const users = Number(values.users);
const runs = Number(values.runs);
if (![quotes, users, runs].every((n) => Number.isInteger(n) && n > 0)) {
  console.error(
    'Usage: node bench/quote-desk.bench.ts [--quotes N] [--users N] [--runs N] [--engine pglite|postgres|both]',
  );
  process.exit(2);
}

const SEARCHES = [
  'q=Q-1050',
  'q=thompson',
  'q=scale.customer.42',
  'q=landscap',
  'q=gagnon&status=approved',
  'q=a&fulfilment=delivery&sort=total_desc',
  'q=marie&size=100&page=2',
  'status=submitted&customer=retail',
  'from=2026-06-01&to=2026-08-31&sort=customer_asc',
  'q=xyzzy',
];

async function time<T>(work: () => Promise<T>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

const stats = latencyStats;
const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;

async function prepare(handle: DatabaseHandle, label: string): Promise<void> {
  await migrate(handle);
  const seeded = await handle.db.selectFrom('categories').select('id').limit(1).executeTakeFirst();
  if (!seeded) {
    console.log(`[${label}] seeding the demo store (once; the database is kept for later runs)…`);
    await seedDemoData(handle);
  }
  const added = await seedScaleQuoteDesk(handle.db, { users, quoteRequests: quotes });
  if (added.users + added.quoteRequests > 0)
    console.log(`[${label}] added ${added.users} users, ${added.quoteRequests} quote requests`);
  await sql`analyze`.execute(handle.db);
}

/** A request of 100 lines for the OPF (made once per database). */
async function hundredLineRequest(handle: DatabaseHandle): Promise<number> {
  const found = await handle.db
    .selectFrom('quote_request_items')
    .select('quote_request_id')
    .where('line', '=', 100)
    .executeTakeFirst();
  if (found) return found.quote_request_id;
  const source = await handle.db.selectFrom('quote_requests').selectAll().orderBy('id').executeTakeFirstOrThrow();
  const { id: _id, reference: _reference, ...copy } = source;
  const created = await handle.db
    .insertInto('quote_requests')
    .values({
      ...copy,
      idempotency_key: crypto.randomUUID(),
      submitted_at: source.submitted_at,
      updated_at: source.updated_at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  // The first 100 sizes for sale, copied as the checkout copies them (structured sizes included).
  const variants = (await quotableVariants(handle.db)).slice(0, 100);
  await handle.db
    .insertInto('quote_request_items')
    .values(
      variants.map((variant, index) =>
        quoteItemRow(created.id, index + 1, variant, 1 + (index % 12), variant.list_price_cents),
      ),
    )
    .execute();
  const location = await handle.db.selectFrom('locations').select('id').orderBy('id').executeTakeFirstOrThrow();
  await handle.db
    .insertInto('quote_request_pickups')
    .values({ quote_request_id: created.id, location_id: location.id })
    .onConflict((c) => c.column('quote_request_id').doNothing())
    .execute();
  return created.id;
}

async function measure(handle: DatabaseHandle, label: string) {
  await prepare(handle, label);
  const db = handle.db;
  const counts = {
    quoteRequests: Number(
      (
        await db
          .selectFrom('quote_requests')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    ),
    users: Number(
      (
        await db
          .selectFrom('users')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    ),
  };

  const ninety = defaultRange();
  const year = { from: new Date(Date.now() - 364 * 86_400_000).toISOString().slice(0, 10), to: ninety.to };
  await loadDashboard(db, ninety);
  const dashboard90: number[] = [];
  const dashboardYear: number[] = [];
  for (let i = 0; i < runs; i++) {
    dashboard90.push(await time(() => loadDashboard(db, ninety)));
    dashboardYear.push(await time(() => loadDashboard(db, year)));
  }

  const list: number[] = [];
  for (const search of SEARCHES) await listQuoteRequests(db, parseQuoteListQuery(new URLSearchParams(search)));
  for (let i = 0; i < runs; i++) {
    for (const search of SEARCHES) {
      list.push(await time(() => listQuoteRequests(db, parseQuoteListQuery(new URLSearchParams(search)))));
    }
  }

  // CSV of every row: the stream is read as a client would, while memory is sampled.
  global.gc?.();
  const before = process.memoryUsage();
  let peakRss = before.rss;
  let peakHeap = before.heapUsed;
  const sampler = setInterval(() => {
    const now = process.memoryUsage();
    peakRss = Math.max(peakRss, now.rss);
    peakHeap = Math.max(peakHeap, now.heapUsed);
  }, 5);
  let bytes = 0;
  let newlines = 0;
  const csvMs = await time(async () => {
    const reader = quoteCsvStream(db, filtersOf(parseQuoteListQuery(new URLSearchParams())), 'en').getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      bytes += value.length;
      for (const byte of value) if (byte === 10) newlines += 1;
    }
  });
  clearInterval(sampler);

  const opfId = await hundredLineRequest(handle);
  const detail = await loadQuoteDetail(db, opfId);
  if (!detail) throw new Error('The 100-line request is missing');
  let opfBytes = 0;
  const opf: number[] = [];
  for (let i = 0; i < Math.min(runs, 15); i++) {
    opf.push(
      await time(async () => {
        opfBytes = (await renderOpf(detail, 'en')).length;
      }),
    );
  }
  const opfWithQuery: number[] = [];
  for (let i = 0; i < Math.min(runs, 15); i++) {
    opfWithQuery.push(await time(async () => renderOpf((await loadQuoteDetail(db, opfId)) ?? detail, 'fr')));
  }

  return {
    engine: label,
    counts,
    load: loadavg().map((n) => round(n)),
    dashboardMs: { last90Days: stats(dashboard90), lastYear: stats(dashboardYear) },
    listWithSearchMs: stats(list),
    csv: {
      seconds: Math.round(csvMs / 10) / 100,
      rows: newlines - 1,
      megabytes: mb(bytes),
      peakRssAboveStartMb: mb(peakRss - before.rss),
      peakHeapAboveStartMb: mb(peakHeap - before.heapUsed),
    },
    opf100Lines: {
      renderMs: stats(opf),
      withQueryMs: stats(opfWithQuery),
      kilobytes: Math.round(opfBytes / 1024),
      lines: detail.lines.length,
    },
  };
}

const engines = values.engine === 'both' ? ['pglite', 'postgres'] : [values.engine ?? 'both'];
const results = [];
for (const engine of engines) {
  if (engine !== 'pglite' && engine !== 'postgres') {
    console.error(`Unknown engine ${engine}`);
    process.exit(2);
  }
  const handle = await openScratchDatabase(engine, `nursery-bench-quotes-${quotes}`, {
    pgliteDir: process.env.DATA_DIR,
  });
  if (!handle) continue;
  try {
    const result = await measure(handle, engine);
    results.push(result);
    console.log(JSON.stringify(result, null, 2));
    await mkdir(join(import.meta.dirname, 'results'), { recursive: true });
    await writeFile(
      join(import.meta.dirname, 'results', `quote-desk-${engine}-${quotes}.json`),
      `${JSON.stringify(result, null, 2)}\n`,
    );
  } finally {
    await handle.close();
  }
}
