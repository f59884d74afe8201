import { type Kysely, sql } from 'kysely';
import type { Database, Fulfilment, Role } from '../../lib/db/schema.ts';
import {
  ACTIVE_USER_DAYS,
  type CustomerFigure,
  type DashboardData,
  type DashboardRange,
  TIME_ZONE,
  TOP_CUSTOMERS,
} from './dashboard.ts';
import { firstVersionDelay, quoteOutcomes } from './quote-figures.server.ts';

/**
 * Every figure of the admin dashboard, each one query over the date range. The range is
 * Toronto calendar days, both ends included: [from 00:00, to + 1 day 00:00).
 */

type Db = Kysely<Database>;

const ROLES: Role[] = ['customer', 'admin', 'super_admin'];
const FULFILMENTS: Fulfilment[] = ['pickup', 'delivery', 'pickup_and_delivery'];

function bounds(range: DashboardRange) {
  return {
    start: sql<Date>`((${range.from}::date)::timestamp at time zone ${TIME_ZONE})`,
    end: sql<Date>`((${range.to}::date + 1)::timestamp at time zone ${TIME_ZONE})`,
  };
}

/** The range's quote requests with their value: quoted items where priced, else the estimate. */
function requestsInRange(db: Db, range: DashboardRange) {
  const { start, end } = bounds(range);
  return db
    .selectFrom('quote_requests as q')
    .leftJoin('quote_request_pricing as p', 'p.quote_request_id', 'q.id')
    .where('q.submitted_at', '>=', start)
    .where('q.submitted_at', '<', end);
}

const volume = sql<string | number>`coalesce(sum(coalesce(p.items_cents, q.subtotal_cents)), 0)`;

export async function quoteTotals(db: Db, range: DashboardRange): Promise<{ requests: number; volumeCents: number }> {
  const row = await requestsInRange(db, range)
    .select((eb) => [eb.fn.countAll<string | number>().as('requests'), volume.as('volume')])
    .executeTakeFirstOrThrow();
  return { requests: Number(row.requests), volumeCents: Number(row.volume) };
}

export async function activeUsers(db: Db, range: DashboardRange): Promise<number> {
  const { end } = bounds(range);
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('last_sign_in_at', '>=', sql<Date>`${end} - make_interval(days => ${ACTIVE_USER_DAYS})`)
    .where('last_sign_in_at', '<', end)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function userGrowth(db: Db, range: DashboardRange): Promise<DashboardData['userGrowth']> {
  const { start, end } = bounds(range);
  const result = await sql<{ week: string; new_users: string | number; total_users: string | number }>`
    with weeks as (
      select generate_series(
        date_trunc('week', ${range.from}::date::timestamp),
        date_trunc('week', ${range.to}::date::timestamp),
        interval '1 week'
      ) as week
    ),
    joined as (
      select date_trunc('week', created_at at time zone ${TIME_ZONE}) as week, count(*) as n
      from users
      where created_at >= ${start} and created_at < ${end}
      group by 1
    ),
    before as (
      select count(*) as n from users where created_at < ${start}
    )
    select to_char(w.week, 'YYYY-MM-DD') as week,
           coalesce(j.n, 0) as new_users,
           (select n from before) + sum(coalesce(j.n, 0)) over (order by w.week) as total_users
    from weeks w left join joined j on j.week = w.week
    order by w.week`.execute(db);
  return result.rows.map((row) => ({
    week: row.week,
    newUsers: Number(row.new_users),
    totalUsers: Number(row.total_users),
  }));
}

export async function roleCounts(db: Db, range: DashboardRange): Promise<DashboardData['roles']> {
  const { end } = bounds(range);
  const rows = await db
    .selectFrom('users')
    .select(['role', (eb) => eb.fn.countAll<string | number>().as('n')])
    .where('created_at', '<', end)
    .groupBy('role')
    .execute();
  const counts = new Map(rows.map((row) => [row.role, Number(row.n)]));
  return ROLES.map((role) => ({ role, users: counts.get(role) ?? 0 }));
}

export async function fulfilmentBreakdown(db: Db, range: DashboardRange): Promise<DashboardData['fulfilment']> {
  const rows = await requestsInRange(db, range)
    .select(['q.fulfilment', (eb) => eb.fn.countAll<string | number>().as('n')])
    .groupBy('q.fulfilment')
    .execute();
  const counts = new Map(rows.map((row) => [row.fulfilment, Number(row.n)]));
  return FULFILMENTS.map((fulfilment) => ({ fulfilment, requests: counts.get(fulfilment) ?? 0 }));
}

export async function topCustomers(db: Db, range: DashboardRange, by: 'count' | 'volume'): Promise<CustomerFigure[]> {
  const rows = await requestsInRange(db, range)
    .innerJoin('users as u', 'u.id', 'q.user_id')
    .leftJoin('in_house_accounts as a', 'a.id', 'u.in_house_account_id')
    .select((eb) => [
      'u.id',
      'u.first_name',
      'u.last_name',
      'u.email',
      'a.company_name',
      eb.fn.countAll<string | number>().as('requests'),
      volume.as('volume'),
    ])
    .groupBy(['u.id', 'u.first_name', 'u.last_name', 'u.email', 'a.company_name'])
    .orderBy(by === 'count' ? sql`count(*)` : volume, 'desc')
    .orderBy(by === 'count' ? volume : sql`count(*)`, 'desc')
    .orderBy('u.email')
    .limit(TOP_CUSTOMERS)
    .execute();
  return rows.map((row) => ({
    userId: row.id,
    name: `${row.first_name} ${row.last_name}`,
    email: row.email,
    companyName: row.company_name,
    requests: Number(row.requests),
    volumeCents: Number(row.volume),
  }));
}

export async function inHouseComparison(db: Db, range: DashboardRange): Promise<DashboardData['inHouse']> {
  const rows = await requestsInRange(db, range)
    .select((eb) => [
      sql<boolean>`(q.in_house_account_id is not null)`.as('linked'),
      eb.fn.count<string | number>('q.user_id').distinct().as('customers'),
      eb.fn.countAll<string | number>().as('requests'),
      volume.as('volume'),
    ])
    .groupBy(sql`(q.in_house_account_id is not null)`)
    .execute();
  return [true, false].map((linked) => {
    const row = rows.find((candidate) => candidate.linked === linked);
    return {
      linked,
      customers: Number(row?.customers ?? 0),
      requests: Number(row?.requests ?? 0),
      volumeCents: Number(row?.volume ?? 0),
    };
  });
}

export async function loadDashboard(db: Db, range: DashboardRange): Promise<DashboardData> {
  // Independent queries: PostgreSQL runs them on the pool's connections at once; the embedded
  // PGlite, one connection, takes them in turn.
  const [totals, active, growth, roles, fulfilment, byCount, byVolume, inHouse, firstVersion, outcomes] =
    await Promise.all([
      quoteTotals(db, range),
      activeUsers(db, range),
      userGrowth(db, range),
      roleCounts(db, range),
      fulfilmentBreakdown(db, range),
      topCustomers(db, range, 'count'),
      topCustomers(db, range, 'volume'),
      inHouseComparison(db, range),
      firstVersionDelay(db, range),
      quoteOutcomes(db, range),
    ]);
  return {
    range,
    totalQuoteRequests: totals.requests,
    totalVolumeCents: totals.volumeCents,
    activeUsers: active,
    userGrowth: growth,
    roles,
    fulfilment,
    topCustomersByCount: byCount,
    topCustomersByVolume: byVolume,
    inHouse,
    firstVersion,
    outcomes,
  };
}
