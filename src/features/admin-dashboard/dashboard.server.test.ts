import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { type AccountFixtures, createUser, seedAccountReference } from '../../../tests/factories/accounts.ts';
import { createQuoteRequest } from '../../../tests/factories/quotes.ts';
import { ENGINES } from '../../../tests/support/databases.ts';
import { useTestDatabase } from '../../../tests/support/suite-database.ts';
import { loadDashboard } from './dashboard.server.ts';
import { defaultRange, parseRange } from './dashboard.ts';

/**
 * A known seed, small enough to count by hand, in a database of its own: three customers (one
 * with an in-house account), one admin, one super admin, six quote requests of which one is
 * priced and one falls outside the range.
 */
const RANGE = { from: '2026-03-02', to: '2026-03-15' };
const at = (iso: string) => new Date(iso);

describe.each(ENGINES)('admin dashboard on %s', (engine) => {
  const suiteDb = useTestDatabase(engine);
  const db = suiteDb;
  let fixtures: AccountFixtures;
  const users: Record<string, { id: string; email: string }> = {};
  beforeAll(async () => {
    const db = suiteDb();
    fixtures = await seedAccountReference(db);
    const people = [
      // name, created, last sign-in, role, in-house
      ['old', '2026-01-10T15:00:00Z', '2026-03-14T15:00:00Z', 'customer', false],
      ['trade', '2026-03-03T15:00:00Z', '2026-02-01T15:00:00Z', 'customer', true],
      ['new', '2026-03-10T15:00:00Z', null, 'customer', false],
      ['admin', '2025-12-01T15:00:00Z', '2026-03-15T20:00:00Z', 'admin', false],
      ['super', '2025-12-01T15:00:00Z', '2026-02-20T15:00:00Z', 'super_admin', false],
      // Joins after the range: counted nowhere.
      ['late', '2026-03-20T15:00:00Z', '2026-03-20T15:00:00Z', 'customer', false],
    ] as const;
    for (const [name, created, signedIn, role, inHouse] of people) {
      const user = await createUser(db, {
        email: `${name}.${engine}@example.com`,
        role: role === 'super_admin' ? 'admin' : role,
        inHouseAccountId: inHouse ? fixtures.inHouseAccount.id : null,
      });
      // created_at is never updated by the store; the test backdates it directly.
      await sql`update users set created_at = ${created}::timestamptz, last_sign_in_at = ${signedIn}::timestamptz,
                 role = ${role} where id = ${user.id}::uuid`.execute(db);
      users[name] = user;
    }
    const old = { ...users.old, first_name: 'Olive', last_name: 'Oldham' } as { id: string; email: string };
    const trade = { ...users.trade, first_name: 'Tom', last_name: 'Trader' } as { id: string; email: string };
    const fresh = { ...users.new, first_name: 'Nina', last_name: 'New' } as { id: string; email: string };
    const pickup = { locationId: fixtures.locationId };
    // old: two pickups, 100.00 and 50.00
    await createQuoteRequest(db, {
      user: old,
      ...pickup,
      submittedAt: at('2026-03-02T05:30:00Z'),
      lines: [{ quantity: 4, unitPriceCents: 2500 }],
    });
    await createQuoteRequest(db, {
      user: old,
      ...pickup,
      submittedAt: at('2026-03-09T15:00:00Z'),
      lines: [{ quantity: 1, unitPriceCents: 5000 }],
    });
    // trade (in-house): a delivery of 400.00 priced at 350.00 of items, and a pickup and delivery of 200.00
    const priced = await createQuoteRequest(db, {
      user: trade,
      fulfilment: 'delivery',
      inHouseAccountId: fixtures.inHouseAccount.id,
      submittedAt: at('2026-03-10T15:00:00Z'),
      lines: [{ quantity: 8, unitPriceCents: 5000 }],
    });
    await db
      .insertInto('quote_request_pricing')
      .values({
        quote_request_id: priced.id,
        items_cents: 35000,
        fees_cents: 5000,
        taxes_cents: 5200,
        total_cents: 45200,
      })
      .execute();
    await createQuoteRequest(db, {
      user: trade,
      fulfilment: 'pickup_and_delivery',
      ...pickup,
      inHouseAccountId: fixtures.inHouseAccount.id,
      submittedAt: at('2026-03-16T03:59:00Z'),
      lines: [{ quantity: 2, unitPriceCents: 10000 }],
    });
    // new: one delivery of 30.00
    await createQuoteRequest(db, {
      user: fresh,
      fulfilment: 'delivery',
      submittedAt: at('2026-03-12T15:00:00Z'),
      lines: [{ quantity: 3, unitPriceCents: 1000 }],
    });
    // Outside the range (00:00 on 16 March in Toronto is 04:00 UTC, 00:00 on 2 March is 05:00 UTC).
    await createQuoteRequest(db, {
      user: old,
      ...pickup,
      submittedAt: at('2026-03-16T04:00:00Z'),
      lines: [{ quantity: 1, unitPriceCents: 99900 }],
    });
    await createQuoteRequest(db, {
      user: old,
      ...pickup,
      submittedAt: at('2026-03-02T04:59:00Z'),
      lines: [{ quantity: 1, unitPriceCents: 99900 }],
    });
  });

  it('computes every figure of the range from the seed', async () => {
    const data = await loadDashboard(db(), RANGE);
    // 2026-03-16T03:59Z is still 15 March in Toronto (EDT, UTC−4, from 8 March).
    expect(data.totalQuoteRequests).toBe(5);
    expect(data.totalVolumeCents).toBe(10000 + 5000 + 35000 + 20000 + 3000);
    // Signed in within the 30 days before 16 March 00:00: old, admin, super (trade on 1 Feb is older, late is after).
    expect(data.activeUsers).toBe(3);
    expect(data.userGrowth).toEqual([
      { week: '2026-03-02', newUsers: 1, totalUsers: 4 },
      { week: '2026-03-09', newUsers: 1, totalUsers: 5 },
    ]);
    expect(data.roles).toEqual([
      { role: 'customer', users: 3 },
      { role: 'admin', users: 1 },
      { role: 'super_admin', users: 1 },
    ]);
    expect(data.fulfilment).toEqual([
      { fulfilment: 'pickup', requests: 2 },
      { fulfilment: 'delivery', requests: 2 },
      { fulfilment: 'pickup_and_delivery', requests: 1 },
    ]);
    expect(data.topCustomersByCount.map((c) => [c.email, c.requests, c.volumeCents])).toEqual([
      [users.trade?.email, 2, 55000],
      [users.old?.email, 2, 15000],
      [users.new?.email, 1, 3000],
    ]);
    expect(data.topCustomersByVolume.map((c) => c.email)).toEqual([
      users.trade?.email,
      users.old?.email,
      users.new?.email,
    ]);
    expect(data.topCustomersByCount[0]?.companyName).toBe(fixtures.inHouseAccount.companyName);
    expect(data.inHouse).toEqual([
      { linked: true, customers: 1, requests: 2, volumeCents: 55000 },
      { linked: false, customers: 2, requests: 3, volumeCents: 18000 },
    ]);
  });

  it('follows the range: a range with nothing in it has zeros, not gaps', async () => {
    const data = await loadDashboard(db(), { from: '2024-01-01', to: '2024-01-07' });
    expect(data.totalQuoteRequests).toBe(0);
    expect(data.totalVolumeCents).toBe(0);
    expect(data.activeUsers).toBe(0);
    expect(data.userGrowth).toEqual([{ week: '2024-01-01', newUsers: 0, totalUsers: 0 }]);
    expect(data.fulfilment.every((row) => row.requests === 0)).toBe(true);
    expect(data.topCustomersByCount).toEqual([]);
    expect(data.inHouse.every((row) => row.requests === 0)).toBe(true);
  });
});

describe('dashboard range', () => {
  it('defaults to the last 90 days, today included, in Toronto', () => {
    expect(defaultRange(new Date('2026-03-31T03:00:00Z'))).toEqual({ from: '2025-12-31', to: '2026-03-30' });
  });

  it('takes a valid range from the query string and refuses a reversed one', () => {
    const now = new Date('2026-03-31T15:00:00Z');
    expect(parseRange(new URLSearchParams('from=2026-01-01&to=2026-01-31'), now)).toEqual({
      range: { from: '2026-01-01', to: '2026-01-31' },
      refused: false,
    });
    expect(parseRange(new URLSearchParams('from=2026-02-01&to=2026-01-31'), now)).toEqual({
      range: defaultRange(now),
      refused: true,
    });
    expect(parseRange(new URLSearchParams('from=nope'), now).refused).toBe(true);
  });
});
