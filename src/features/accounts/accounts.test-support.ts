import { sql } from 'kysely';
import { beforeAll } from 'vitest';
import { type AccountFixtures, seedAccountReference } from '../../../tests/factories/accounts.ts';
import type { EngineName } from '../../../tests/support/databases.ts';
import { type TestOutbox, testOutbox } from '../../../tests/support/mail-outbox.ts';
import { useTestDatabase } from '../../../tests/support/suite-database.ts';
import { accountMailComposers } from './account-mail-composers.server.ts';
import type { AccountDeps } from './accounts.server.ts';

export const SITE = 'https://shop.example.ca';

/**
 * What the account suites share, inside their `describe.each(ENGINES)`: a database of the
 * suite's own with the reference rows (a location, an in-house account), the dependencies of
 * the account functions with an outbox that composes the real mails, the outbox rows of an
 * address, and a fresh client address per call (the limits count per address).
 */
export function useAccountsSuite(engine: EngineName) {
  const db = useTestDatabase(engine);
  let fixtures: AccountFixtures | undefined;
  beforeAll(async () => {
    fixtures = await seedAccountReference(db());
  });
  const composers = accountMailComposers({ siteUrl: SITE });
  let address = 0;
  return {
    db,
    composers,
    /** The reference rows, once the suite's `beforeAll` has run. */
    fixtures: (): AccountFixtures => {
      if (!fixtures) throw new Error('The account fixtures are seeded in beforeAll');
      return fixtures;
    },
    deps: (extra: Partial<AccountDeps> = {}): AccountDeps & { mailOutbox: TestOutbox } => ({
      db: db(),
      ...extra,
      mailOutbox: testOutbox(() => db(), composers),
    }),
    /** The outbox rows written for an address (a payload's `email`). */
    rowsFor: (email: string) =>
      db()
        .selectFrom('mail_outbox')
        .select(['id', 'kind', 'payload', 'attempts', 'sent_at', 'last_error'])
        .where(sql<string>`payload->>'email'`, '=', email)
        .orderBy('id')
        .execute(),
    nextAddress: () => `198.51.100.${++address}`,
  };
}
