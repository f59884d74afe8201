import { beforeAll, describe, expect, it } from 'vitest';
import { type AccountFixtures, createUser, seedAccountReference } from '../../../../tests/factories/accounts.ts';
import { createQuoteRequest } from '../../../../tests/factories/quotes.ts';
import { ENGINES } from '../../../../tests/support/databases.ts';
import { useTestDatabase } from '../../../../tests/support/suite-database.ts';
import { loadQuoteDetail } from '../model/quote.server.ts';
import { changeQuoteStatus, QuoteTransitionError } from './workflow.server.ts';

describe.each(ENGINES)('the quote workflow on %s', (engine) => {
  const db = useTestDatabase(engine);
  let fixtures: AccountFixtures;
  let staff: { id: string; email: string };
  beforeAll(async () => {
    fixtures = await seedAccountReference(db());
    staff = await createUser(db(), { role: 'admin' });
  });

  it('refuses a move the rules do not allow, and records every allowed one with its author', async () => {
    const customer = await createUser(db());
    const quote = await createQuoteRequest(db(), { user: customer, locationId: fixtures.locationId });
    await expect(
      changeQuoteStatus(db(), { quoteId: quote.id, to: 'approved', staffId: staff.id }),
    ).rejects.toBeInstanceOf(QuoteTransitionError);
    await changeQuoteStatus(db(), { quoteId: quote.id, to: 'in_review', staffId: staff.id, note: 'Checking stock' });
    await changeQuoteStatus(db(), { quoteId: quote.id, to: 'cancelled', staffId: staff.id });
    await expect(
      changeQuoteStatus(db(), { quoteId: quote.id, to: 'in_review', staffId: staff.id }),
    ).rejects.toMatchObject({ code: 'transition_not_allowed' });
    const detail = await loadQuoteDetail(db(), quote.id);
    expect(detail?.status).toBe('cancelled');
    expect(detail?.history.map((change) => [change.from, change.to, change.by?.email, change.note])).toEqual([
      ['submitted', 'in_review', staff.email, 'Checking stock'],
      ['in_review', 'cancelled', staff.email, ''],
    ]);
  });
});
