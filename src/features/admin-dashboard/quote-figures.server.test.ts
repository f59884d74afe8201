import { beforeAll, describe, expect, it } from 'vitest';
import { type AccountFixtures, createUser, seedAccountReference } from '../../../tests/factories/accounts.ts';
import { createQuoteRequest } from '../../../tests/factories/quotes.ts';
import { ENGINES } from '../../../tests/support/databases.ts';
import { useTestDatabase } from '../../../tests/support/suite-database.ts';
import type { VersionOutcome } from '../../lib/db/schema.ts';
import { loadDashboard } from './dashboard.server.ts';

/** Requests and versions counted by hand, in a database of their own, over the first half of March 2026. */
const RANGE = { from: '2026-03-02', to: '2026-03-15' };
const HOUR = 3_600_000;
const at = (iso: string) => new Date(iso);

describe.each(ENGINES)('the desk’s dashboard figures on %s', (engine) => {
  const db = useTestDatabase(engine);
  let fixtures: AccountFixtures;
  beforeAll(async () => {
    fixtures = await seedAccountReference(db());
  });

  async function version(
    submittedAt: Date,
    spec: {
      after?: number;
      number?: number;
      validUntil?: string;
      answered?: [VersionOutcome, Date];
      supersededAt?: Date;
    } = {},
  ) {
    const user = await createUser(db());
    const quote = await createQuoteRequest(db(), { user, locationId: fixtures.locationId, submittedAt });
    await db()
      .insertInto('quote_versions')
      .values({
        quote_request_id: quote.id,
        number: spec.number ?? 1,
        valid_until: spec.validUntil ?? '2026-12-31',
        items_cents: 1000,
        fees_cents: 0,
        taxes_cents: 0,
        total_cents: 1000,
        created_at: new Date(submittedAt.getTime() + (spec.after ?? HOUR)),
        ...(spec.answered
          ? { outcome: spec.answered[0], answered_at: spec.answered[1], accepted_total_cents: 1000 }
          : {}),
        ...(spec.supersededAt ? { superseded_at: spec.supersededAt } : {}),
      })
      .execute();
  }

  it('gives the median delay to a first version and the share of each outcome', async () => {
    // First versions 2 h, 10 h and 30 h after requests of the range: the median is 10 h.
    await version(at('2026-03-03T15:00:00Z'), { after: 2 * HOUR, answered: ['accepted', at('2026-03-05T15:00:00Z')] });
    await version(at('2026-03-04T15:00:00Z'), { after: 10 * HOUR, answered: ['accepted', at('2026-03-06T15:00:00Z')] });
    await version(at('2026-03-05T15:00:00Z'), { after: 30 * HOUR, answered: ['partial', at('2026-03-08T15:00:00Z')] });
    // A request before the range, answered in it: counts for the outcomes, not for the delay.
    await version(at('2026-02-20T15:00:00Z'), {
      after: 500 * HOUR,
      answered: ['declined', at('2026-03-10T15:00:00Z')],
    });
    // Answered after the range: counted nowhere.
    await version(at('2026-02-21T15:00:00Z'), { answered: ['declined', at('2026-03-20T15:00:00Z')] });
    // Never answered, last day in the range: expired.
    await version(at('2026-02-22T15:00:00Z'), { validUntil: '2026-03-12' });
    // Replaced after its last day: it expired first.
    await version(at('2026-02-23T15:00:00Z'), { validUntil: '2026-03-13', supersededAt: at('2026-03-20T15:00:00Z') });
    // Replaced before its last day: it did not expire.
    await version(at('2026-02-24T15:00:00Z'), { validUntil: '2026-03-14', supersededAt: at('2026-03-10T15:00:00Z') });
    // A version 2 of a request of the range does not make a first version.
    await version(at('2026-03-06T15:00:00Z'), { number: 2, after: 100 * HOUR });

    const data = await loadDashboard(db(), RANGE);
    expect(data.firstVersion).toEqual({ requests: 3, medianMs: 10 * HOUR });
    expect(data.outcomes).toEqual([
      { outcome: 'accepted', versions: 2 },
      { outcome: 'partial', versions: 1 },
      { outcome: 'declined', versions: 1 },
      { outcome: 'expired', versions: 2 },
    ]);

    const empty = await loadDashboard(db(), { from: '2025-01-01', to: '2025-01-31' });
    expect(empty.firstVersion).toEqual({ requests: 0, medianMs: null });
    expect(empty.outcomes.every((row) => row.versions === 0)).toBe(true);
  });
});
