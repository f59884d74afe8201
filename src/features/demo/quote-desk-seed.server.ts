import type { QuoteDeskFile } from './seed/data.ts';
import { seedQuoteDeskHistory } from './seed/quote-desk-history.server.ts';
import { seedQuoteDeskPeople } from './seed/quote-desk-people.server.ts';
import { seedQuoteDeskRequests } from './seed/quote-desk-requests.server.ts';
import { Random } from './seed/random.ts';
import { type Db, QUOTE_DESK_PRNG_SEED, type SeedCounts } from './seed/util.server.ts';

/**
 * The admin quote desk's demo data, added after the store's seed with a generator of its own
 * (so the catalog, accounts and the first 40 requests stay exactly as they were): a super
 * admin, a year of quote requests over every status from more customers — several of them
 * with an in-house trade account —, each request's status history with its authors, the
 * prices of the quoted ones and the customers' answers, and recent sign-ins for the
 * active-users figure. The people, addresses and notes are in supabase/seed/quote-desk.json.
 */

export { MAX_SCALE_QUOTE_REQUESTS, MAX_SCALE_USERS, seedScaleQuoteDesk } from './seed/quote-desk-scale.server.ts';

export const SUPER_ADMIN = {
  email: 'owner@example.com',
  password: 'Super-pass-2026',
} as const;

export interface QuoteDeskSeedOptions {
  now: Date;
  data: QuoteDeskFile;
  hashes: { superAdmin: string; nobody: string };
  counts: SeedCounts;
}

export async function seedQuoteDesk(db: Db, options: QuoteDeskSeedOptions): Promise<void> {
  const { now, data, counts } = options;
  const random = new Random(QUOTE_DESK_PRNG_SEED);
  const yards = await db.selectFrom('locations').select(['id', 'province']).orderBy('id').execute();
  const yardFor = (province: 'ON' | 'QC') =>
    random.pick(yards.filter((yard) => yard.province === province).map((yard) => yard.id));

  const people = await seedQuoteDeskPeople(db, random, yardFor, {
    now,
    data,
    superAdmin: { email: SUPER_ADMIN.email, passwordHash: options.hashes.superAdmin },
    nobodyHash: options.hashes.nobody,
    counts,
  });
  const inserted = await seedQuoteDeskRequests(db, random, yardFor, people, { now, data, counts });
  await seedQuoteDeskHistory(db, random, inserted, people.staffIds, { now, data, counts });
}
