import { type Kysely, sql } from 'kysely';
import type { Database } from '../../lib/db/schema.ts';
import { type DashboardData, type DashboardRange, QUOTE_OUTCOMES, TIME_ZONE } from './dashboard.ts';

/**
 * The desk's two figures on the dashboard (docs/decisions/052-the-desks-queue.md), over the
 * same range of Toronto days as the others: how long a request waits for its first version,
 * and how the quotes of the period ended.
 */

type Db = Kysely<Database>;

const start = (range: DashboardRange) => sql<Date>`((${range.from}::date)::timestamp at time zone ${TIME_ZONE})`;
const end = (range: DashboardRange) => sql<Date>`((${range.to}::date + 1)::timestamp at time zone ${TIME_ZONE})`;

/** The median time from a request to its version 1, over the requests submitted in the range that have one. */
export async function firstVersionDelay(db: Db, range: DashboardRange): Promise<DashboardData['firstVersion']> {
  const row = await db
    .selectFrom('quote_requests as q')
    .innerJoin('quote_versions as v', (join) => join.onRef('v.quote_request_id', '=', 'q.id').on('v.number', '=', 1))
    .where('q.submitted_at', '>=', start(range))
    .where('q.submitted_at', '<', end(range))
    .select((eb) => [
      eb.fn.countAll<string | number>().as('requests'),
      sql<
        string | number | null
      >`percentile_cont(0.5) within group (order by extract(epoch from (v.created_at - q.submitted_at)))`.as('median'),
    ])
    .executeTakeFirstOrThrow();
  const requests = Number(row.requests);
  return { requests, medianMs: requests === 0 || row.median === null ? null : Math.round(Number(row.median) * 1000) };
}

/**
 * The versions answered in the range, by outcome, and those that expired in it: never
 * answered, their last day in the range and already past, and not replaced before it ended
 * (a version the desk replaced in time did not expire).
 */
export async function quoteOutcomes(db: Db, range: DashboardRange): Promise<DashboardData['outcomes']> {
  const result = await sql<{ outcome: string; versions: string | number }>`
    select v.outcome, count(*) as versions
    from quote_versions v
    where v.answered_at >= ${start(range)} and v.answered_at < ${end(range)}
    group by v.outcome
    union all
    select 'expired', count(*)
    from quote_versions v
    where v.answered_at is null
      and v.valid_until >= ${range.from}::date and v.valid_until <= ${range.to}::date
      and v.valid_until < (now() at time zone ${TIME_ZONE})::date
      and (v.superseded_at is null
        or v.superseded_at >= ((v.valid_until + 1)::timestamp at time zone ${TIME_ZONE}))`.execute(db);
  const counts = new Map(result.rows.map((row) => [row.outcome, Number(row.versions)]));
  return QUOTE_OUTCOMES.map((outcome) => ({ outcome, versions: counts.get(outcome) ?? 0 }));
}
