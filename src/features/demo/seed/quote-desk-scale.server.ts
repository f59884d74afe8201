import type { Fulfilment, PaymentPreference, QuoteStatus } from '../../../lib/db/schema.ts';
import { SEED_FILES } from './data.ts';
import { loadSeedFile } from './files.ts';
import { Random } from './random.ts';
import {
  businessHour,
  type Db,
  daysBefore,
  hoursBefore,
  QUOTE_DESK_PRNG_SEED,
  quotableVariants,
  quoteCustomerColumns,
  quoteItemRow,
} from './util.server.ts';

/** Synthetic customers and quote requests for benchmarks (npm run seed:scale). */

const YEAR_DAYS = 365;

export const MAX_SCALE_QUOTE_REQUESTS = 100_000;
export const MAX_SCALE_USERS = 50_000;

/**
 * Adds synthetic customers until there are `users` users, and synthetic quote requests (1 to
 * 8 lines, over the past year, every status) until there are `quoteRequests`. Needs the demo
 * seed first. Returns how many of each were added.
 */
export async function seedScaleQuoteDesk(
  db: Db,
  target: { users?: number; quoteRequests?: number },
  options: { now?: Date; log?: (line: string) => void; dataDir?: string } = {},
): Promise<{ users: number; quoteRequests: number }> {
  const now = options.now ?? new Date();
  const log = options.log ?? (() => {});
  const random = new Random(QUOTE_DESK_PRNG_SEED + 1);
  const names = (await loadSeedFile(SEED_FILES.quoteDesk.name, SEED_FILES.quoteDesk.schema, options.dataDir)).customers;
  const count = async (table: 'users' | 'quote_requests') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const yards = (await db.selectFrom('locations').select('id').orderBy('id').execute()).map((row) => row.id);
  const hash = await db
    .selectFrom('users')
    .select('password_hash')
    .where('role', '=', 'customer')
    .where('email', 'not in', ['customer@example.com', 'trade@example.com'])
    .orderBy('email')
    .executeTakeFirstOrThrow();

  let addedUsers = 0;
  const wantedUsers = (target.users ?? 0) - (await count('users'));
  for (let start = 0; start < wantedUsers; start += 1000) {
    const size = Math.min(1000, wantedUsers - start);
    const offset = await count('users');
    await db
      .insertInto('users')
      .values(
        Array.from({ length: size }, (_, i) => {
          const n = offset + i;
          const createdAt = businessHour(random, daysBefore(now, random.int(1, 3 * YEAR_DAYS)));
          const signedIn = random.chance(0.3) ? hoursBefore(now, random.int(1, 60 * 24)) : null;
          return {
            email: `scale.customer.${n}@example.com`,
            first_name: random.pick(names).first,
            last_name: `${random.pick(names).last}-${n}`,
            role: 'customer' as const,
            customer_type_id: random.chance(0.2) ? 2 : 1,
            password_hash: hash.password_hash,
            email_verified_at: createdAt,
            locale: random.chance(0.3) ? ('fr' as const) : ('en' as const),
            default_location_id: random.pick(yards),
            created_at: createdAt,
            updated_at: createdAt,
            last_sign_in_at: signedIn && signedIn > createdAt ? signedIn : null,
          };
        }),
      )
      .execute();
    addedUsers += size;
  }
  if (addedUsers > 0) log(`Added ${addedUsers} users`);

  const customers = await db
    .selectFrom('users')
    .select(['id', 'email', 'first_name', 'last_name', 'phone', 'locale', 'customer_type_id', 'in_house_account_id'])
    .select('default_location_id')
    .where('role', '=', 'customer')
    .orderBy('email')
    .execute();
  const variants = await quotableVariants(db);
  let addedQuotes = 0;
  const wantedQuotes = (target.quoteRequests ?? 0) - (await count('quote_requests'));
  const statuses: QuoteStatus[] = ['submitted', 'in_review', 'quoted', 'approved', 'approved', 'cancelled'];
  const fulfilments: Fulfilment[] = ['pickup', 'delivery', 'pickup_and_delivery'];
  for (let start = 0; start < wantedQuotes; start += 500) {
    const size = Math.min(500, wantedQuotes - start);
    const drafts = Array.from({ length: size }, () => {
      const user = random.pick(customers);
      const lines = random
        .sample(variants, random.int(1, 8))
        .map((variant) => ({ variant, quantity: random.int(1, 20) }));
      return {
        user,
        lines,
        fulfilment: random.pick(fulfilments),
        submittedAt: businessHour(random, daysBefore(now, random.int(0, YEAR_DAYS))),
      };
    });
    const inserted = await db
      .insertInto('quote_requests')
      .values(
        drafts.map((draft) => ({
          idempotency_key: random.uuid(),
          ...quoteCustomerColumns(draft.user),
          status: random.pick(statuses),
          fulfilment: draft.fulfilment,
          payment_preference: random.pick<PaymentPreference>(['cash', 'charge_account', 'credit_card']),
          price_kind: draft.user.in_house_account_id === null ? ('list' as const) : ('trade' as const),
          subtotal_cents: draft.lines.reduce((sum, line) => sum + line.quantity * line.variant.list_price_cents, 0),
          submitted_at: draft.submittedAt,
          updated_at: draft.submittedAt,
        })),
      )
      .returning('id')
      .execute();
    const items = drafts.flatMap((draft, index) =>
      draft.lines.map((line, lineIndex) =>
        quoteItemRow(
          inserted[index]?.id ?? 0,
          lineIndex + 1,
          line.variant,
          line.quantity,
          line.variant.list_price_cents,
        ),
      ),
    );
    await db.insertInto('quote_request_items').values(items).execute();
    const pickups = drafts.flatMap((draft, index) =>
      draft.fulfilment === 'delivery'
        ? []
        : [
            {
              quote_request_id: inserted[index]?.id ?? 0,
              location_id: draft.user.default_location_id ?? yards[0] ?? 1,
            },
          ],
    );
    if (pickups.length > 0) await db.insertInto('quote_request_pickups').values(pickups).execute();
    const deliveries = drafts.flatMap((draft, index) =>
      draft.fulfilment === 'pickup'
        ? []
        : [
            {
              quote_request_id: inserted[index]?.id ?? 0,
              street_address: '1 Benchmark Road',
              city: 'Milton',
              province: 'ON',
              postal_code: 'L9T 2X3',
              site_contact_first_name: draft.user.first_name,
              site_contact_last_name: draft.user.last_name,
              phone: '905-555-0199',
            },
          ],
    );
    if (deliveries.length > 0) await db.insertInto('quote_request_deliveries').values(deliveries).execute();
    addedQuotes += size;
  }
  if (addedQuotes > 0) log(`Added ${addedQuotes} quote requests`);
  return { users: addedUsers, quoteRequests: addedQuotes };
}
