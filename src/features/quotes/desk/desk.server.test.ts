import { beforeAll, describe, expect, it } from 'vitest';
import { type AccountFixtures, createUser, seedAccountReference } from '../../../../tests/factories/accounts.ts';
import { createQuoteRequest } from '../../../../tests/factories/quotes.ts';
import { ENGINES } from '../../../../tests/support/databases.ts';
import { useTestDatabase } from '../../../../tests/support/suite-database.ts';
import { exportQuoteRequests } from '../export/export.server.ts';
import { countQuoteRequests, listQuoteRequests } from './desk.server.ts';
import { parseQuoteListQuery } from './desk.ts';

describe.each(ENGINES)('the quote desk list on %s', (engine) => {
  const db = useTestDatabase(engine);
  let fixtures: AccountFixtures;
  beforeAll(async () => {
    fixtures = await seedAccountReference(db());
  });

  it('searches, filters, sorts, pages and exports the same rows', async () => {
    const buyer = await createUser(db(), { email: 'zelda.quince@example.com' });
    const named = { ...buyer, first_name: 'Zelda', last_name: 'Quince' };
    const day = (iso: string) => new Date(`${iso}T15:00:00.000Z`);
    const made = [
      await createQuoteRequest(db(), { user: named, locationId: fixtures.locationId, submittedAt: day('2025-01-10') }),
      await createQuoteRequest(db(), {
        user: named,
        fulfilment: 'delivery',
        submittedAt: day('2025-01-12'),
        inHouseAccountId: fixtures.inHouseAccount.id,
      }),
      await createQuoteRequest(db(), {
        user: named,
        fulfilment: 'pickup_and_delivery',
        locationId: fixtures.locationId,
        submittedAt: day('2025-01-14'),
        lines: [{ quantity: 10, unitPriceCents: 100_000 }],
      }),
    ];
    const query = (search: string) => parseQuoteListQuery(new URLSearchParams(search));
    const all = await listQuoteRequests(db(), query('q=quince'));
    expect(all.total).toBe(3);
    expect(all.rows.map((row) => row.reference)).toEqual([...made].reverse().map((quote) => quote.reference));
    expect((await listQuoteRequests(db(), query(`q=${made[1]?.reference}`))).rows.map((r) => r.id)).toEqual([
      made[1]?.id,
    ]);
    expect((await listQuoteRequests(db(), query('q=Zelda Quince'))).total).toBe(3);
    expect((await listQuoteRequests(db(), query('q=rideau landscape'))).rows.map((r) => r.id)).toEqual([made[1]?.id]);
    expect((await listQuoteRequests(db(), query('q=TA-100300&customer=in_house'))).total).toBe(1);
    expect((await listQuoteRequests(db(), query('q=quince&customer=retail'))).total).toBe(2);
    expect((await listQuoteRequests(db(), query('q=quince&fulfilment=delivery'))).total).toBe(1);
    expect((await listQuoteRequests(db(), query('q=quince&from=2025-01-12&to=2025-01-12'))).total).toBe(1);
    expect((await listQuoteRequests(db(), query('q=quince&status=quoted'))).total).toBe(0);
    expect((await listQuoteRequests(db(), query('q=quince&sort=total_desc'))).rows[0]?.id).toBe(made[2]?.id);
    const paged = await listQuoteRequests(db(), query('q=quince&size=5&page=9'));
    expect(paged.page).toBe(1);
    expect((await listQuoteRequests(db(), query('q=100%'))).total).toBe(0);

    const filters = query('q=quince');
    let exported = 0;
    for await (const batch of exportQuoteRequests(db(), filters, 'en', 2)) exported += batch.length;
    expect(exported).toBe(await countQuoteRequests(db(), filters));
  });
});
