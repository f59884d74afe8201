import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, ENGINES, type TestDatabase } from '../../../tests/support/databases.ts';
import { seedDemoData } from '../demo/seed.server.ts';
import { loadDashboard } from './dashboard.server.ts';
import { type DashboardData, defaultRange } from './dashboard.ts';

/**
 * What staff see on /admin in the demo store (npm start seeds it with the current time): the
 * desk's quoted and approved requests are versions the dashboard counts, not an empty panel.
 */
describe.each(ENGINES)('the dashboard of the demo store on %s', { timeout: 60_000 }, (engine) => {
  let database: TestDatabase;
  const now = new Date();
  const range = defaultRange(now);
  let data: DashboardData;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    await seedDemoData(database.handle, { now });
    data = await loadDashboard(database.handle.db, range);
  }, 300_000);

  afterAll(async () => {
    await database?.drop();
  });

  it('gives the default period a delay to the first version for every priced request of it', async () => {
    const { rows } = await sql<{ priced: number }>`
      select count(*)::int as priced from quote_requests q
      where exists (select 1 from quote_request_pricing p where p.quote_request_id = q.id)
        and q.submitted_at >= ((${range.from}::date)::timestamp at time zone 'America/Toronto')
        and q.submitted_at < ((${range.to}::date + 1)::timestamp at time zone 'America/Toronto')`.execute(
      database.handle.db,
    );
    expect(rows[0]?.priced).toBeGreaterThan(0);
    expect(data.firstVersion.requests).toBe(rows[0]?.priced);
    expect(data.firstVersion.medianMs).toBeGreaterThan(0);
  });

  it('gives the default period the outcomes of its quotes', () => {
    // How many of each depends on the day the store is seeded; accepted quotes are most of them.
    const accepted = data.outcomes.find((row) => row.outcome === 'accepted');
    expect(accepted?.versions).toBeGreaterThan(0);
  });
});
