import { sql } from 'kysely';
import type { Fulfilment, PaymentPreference, QuoteStatus } from '../../../lib/db/schema.ts';
import { taxRegistrations } from '../../quotes/taxes/taxes.server.ts';
import { sumTaxes, taxLinesFor, taxProvince } from '../../quotes/taxes/taxes.ts';
import { nurseryDate } from '../../quotes/versions/versions.ts';
import { SEED_FILES } from './data.ts';
import { loadSeedFile } from './files.ts';
import { type SentQuote, seedQuoteDeskVersions } from './quote-desk-versions.server.ts';
import { Random } from './random.ts';
import {
  businessHour,
  type Db,
  daysBefore,
  HOUR_MS,
  hoursBefore,
  QUOTE_DESK_PRNG_SEED,
  QUOTE_VERSIONS_PRNG_SEED,
  quotableVariants,
  quoteCustomerColumns,
  quoteItemRow,
  updateFromValues,
} from './util.server.ts';

/** Synthetic customers and quote requests for benchmarks (npm run seed:scale). */

const YEAR_DAYS = 365;

export const MAX_SCALE_QUOTE_REQUESTS = 100_000;
export const MAX_SCALE_USERS = 50_000;

/**
 * Adds synthetic customers until there are `users` users, and synthetic quote requests (1 to
 * 8 lines, over the past year, every status) until there are `quoteRequests`. The quoted and
 * approved ones are priced at their asked prices and have the version the desk sent (and an
 * approved one the customer's acceptance), as in the demo seed; their status histories are
 * left out. Needs the demo seed first. Returns how many of each were added.
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
  const locations = await db.selectFrom('locations').select(['id', 'province']).orderBy('id').execute();
  const yards = locations.map((row) => row.id);
  const provinceOf = new Map(locations.map((row) => [row.id, row.province]));
  // The versions draw from a generator of their own, so the requests stay as they were.
  const versionRandom = new Random(QUOTE_VERSIONS_PRNG_SEED + 1);
  const staffIds = (
    await db.selectFrom('users').select('id').where('role', 'in', ['admin', 'super_admin']).orderBy('email').execute()
  ).map((row) => row.id);
  const registrations = taxRegistrations();
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
    const rows = drafts.map((draft) => ({
      idempotency_key: random.uuid(),
      ...quoteCustomerColumns(draft.user),
      status: random.pick(statuses),
      fulfilment: draft.fulfilment,
      payment_preference: random.pick<PaymentPreference>(['cash', 'charge_account', 'credit_card']),
      price_kind: draft.user.in_house_account_id === null ? ('list' as const) : ('trade' as const),
      subtotal_cents: draft.lines.reduce((sum, line) => sum + line.quantity * line.variant.list_price_cents, 0),
      submitted_at: draft.submittedAt,
      updated_at: draft.submittedAt,
    }));
    const inserted = await db.insertInto('quote_requests').values(rows).returning('id').execute();
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
    const sent = drafts.flatMap((draft, index): SentQuote[] => {
      const status = rows[index]?.status;
      const quoteId = inserted[index]?.id;
      if ((status !== 'quoted' && status !== 'approved') || quoteId === undefined) return [];
      // Priced a few hours to three days after the request, answered within the week it is valid.
      const submitted = draft.submittedAt.getTime();
      const sentAt = new Date(
        Math.max(
          submitted + HOUR_MS,
          Math.min(submitted + versionRandom.int(2, 72) * HOUR_MS, now.getTime() - 2 * HOUR_MS),
        ),
      );
      const answeredAt = new Date(
        Math.max(
          sentAt.getTime() + HOUR_MS,
          Math.min(sentAt.getTime() + versionRandom.int(1, 5 * 24) * HOUR_MS, now.getTime() - HOUR_MS),
        ),
      );
      // Taxed where the sale takes place (taxProvince): the delivery address (Milton), else the pickup yard.
      const province = taxProvince(
        draft.fulfilment === 'pickup'
          ? {
              delivery: null,
              pickup: { province: provinceOf.get(draft.user.default_location_id ?? yards[0] ?? 1) ?? '' },
            }
          : { delivery: { province: 'ON' }, pickup: null },
      );
      if (province === null) throw new Error(`Quote request ${quoteId} has no province to be taxed in`);
      const itemsCents = draft.lines.reduce((sum, line) => sum + line.quantity * line.variant.list_price_cents, 0);
      const taxLines = taxLinesFor(itemsCents, province, nurseryDate(sentAt), registrations);
      return [
        {
          quoteId,
          customerId: draft.user.id,
          fromDesk: true,
          staffId: versionRandom.pick(staffIds),
          sentAt,
          feesCents: 0,
          province,
          exemptReason: null,
          taxLines,
          lines: draft.lines.map(({ variant, quantity }, lineIndex) => ({
            line: lineIndex + 1,
            quantity,
            unit_price_cents: variant.list_price_cents,
            variant_id: variant.id,
            sku: variant.sku,
            product_name_en: variant.name_en,
            product_name_fr: variant.name_fr,
            size_label: variant.size_label,
            size_kind: variant.size_kind,
            size_values: variant.size_values,
            size_root_ball: variant.size_root_ball,
          })),
          answer: status === 'approved' ? { decision: 'approved', at: answeredAt } : null,
        },
      ];
    });
    await priceScaleQuotes(db, sent, versionRandom, now);
    addedQuotes += size;
  }
  if (addedQuotes > 0) log(`Added ${addedQuotes} quote requests`);
  return { users: addedUsers, quoteRequests: addedQuotes };
}

/** The pricing, quoted prices, versions and acceptances of the scale seed's priced requests. */
async function priceScaleQuotes(db: Db, sent: readonly SentQuote[], random: Random, now: Date): Promise<void> {
  if (sent.length === 0) return;
  await db
    .insertInto('quote_request_pricing')
    .values(
      sent.map((quote) => {
        const items = quote.lines.reduce((sum, line) => sum + line.quantity * line.unit_price_cents, 0);
        const taxes = sumTaxes(quote.taxLines);
        return {
          quote_request_id: quote.quoteId,
          items_cents: items,
          fees_cents: quote.feesCents,
          taxes_cents: taxes,
          total_cents: items + quote.feesCents + taxes,
          priced_by: quote.staffId,
          priced_at: quote.sentAt,
        };
      }),
    )
    .execute();
  await updateFromValues(
    db,
    sql`update quote_request_items as i set quoted_unit_price_cents = i.unit_price_cents from`,
    sent.map((quote) => sql`(${quote.quoteId}::int)`),
    sql`as v(id) where i.quote_request_id = v.id`,
  );
  const approved = sent.flatMap((quote) => (quote.answer ? [{ quote, answer: quote.answer }] : []));
  if (approved.length > 0) {
    await db
      .insertInto('quote_request_decisions')
      .values(
        approved.map(({ quote, answer }) => ({
          quote_request_id: quote.quoteId,
          decision: answer.decision,
          decided_by: quote.customerId,
          decided_at: answer.at,
          ip_address: '203.0.113.10',
          user_agent: 'seed-scale',
        })),
      )
      .execute();
  }
  await seedQuoteDeskVersions(db, random, sent, { now, counts: {} });
}
