import type { Insertable } from 'kysely';
import type { Database, Fulfilment, PaymentPreference, QuoteStatus } from '../../../lib/db/schema.ts';
import { requireSeededUser, type SeededUser } from './accounts.server.ts';
import type { VariantInfo } from './catalog.server.ts';
import type { AccountsFile, ActivityFile, YardCode } from './data.ts';
import type { Random } from './random.ts';
import {
  businessHour,
  DAY_MS,
  type Db,
  daysAfter,
  daysBefore,
  fictionalPhone,
  insertInChunks,
  isLargeStock,
  isoDate,
  requireId,
  type SeedCounts,
} from './util.server.ts';

/** What the demo accounts and the history customers did: wish lists and the first quote requests. */

type DemoEmails = Record<'admin' | 'customer' | 'trade', { email: string }>;

export async function seedWishlists(
  db: Db,
  random: Random,
  lists: ActivityFile['wishlists'],
  demo: DemoEmails,
  users: readonly SeededUser[],
  variants: readonly VariantInfo[],
  counts: SeedCounts,
): Promise<void> {
  const owners = {
    customer: requireSeededUser(users, demo.customer.email),
    trade: requireSeededUser(users, demo.trade.email),
  };
  const pool = (from: ActivityFile['wishlists'][number]['from']) =>
    from === 'featured'
      ? variants.filter((variant) => variant.featured)
      : variants.filter((variant) => from.includes(variant.categoryKey));

  const inserted = await db
    .insertInto('wishlists')
    .values(
      lists.map((list) => ({
        user_id: owners[list.owner].id,
        name: list.name,
        description: list.description,
        is_default: list.is_default,
      })),
    )
    .returning(['id', 'name'])
    .execute();
  const items = lists.flatMap((list) => {
    const wishlistId = inserted.find((row) => row.name === list.name)?.id;
    if (wishlistId === undefined) throw new Error(`Wish list "${list.name}" was not inserted`);
    return random.sample(distinctProducts(pool(list.from)), list.items).map((variant) => ({
      wishlist_id: wishlistId,
      variant_id: variant.id,
      quantity: random.int(list.quantity[0], list.quantity[1]),
    }));
  });
  if (items.length > 0) await db.insertInto('wishlist_items').values(items).execute();
  counts.wishlists = inserted.length;
  counts.wishlist_items = items.length;
}

/** The smallest size of each product, so that a list does not hold two sizes of one plant. */
function distinctProducts(variants: readonly VariantInfo[]): VariantInfo[] {
  const byProduct = new Map<string, VariantInfo>();
  for (const variant of variants) if (!byProduct.has(variant.productCode)) byProduct.set(variant.productCode, variant);
  return [...byProduct.values()];
}

export async function seedQuoteRequests(
  db: Db,
  random: Random,
  now: Date,
  data: { activity: ActivityFile; accounts: AccountsFile; demo: DemoEmails },
  users: readonly SeededUser[],
  variants: readonly VariantInfo[],
  yards: ReadonlyMap<YardCode, number>,
  counts: SeedCounts,
): Promise<void> {
  const { activity, accounts, demo } = data;
  const customers = users.filter((user) => user.email !== demo.admin.email);
  const askers = [
    ...Array.from({ length: activity.quote_requests.customer }, () => requireSeededUser(users, demo.customer.email)),
    ...Array.from({ length: activity.quote_requests.trade }, () => requireSeededUser(users, demo.trade.email)),
    ...Array.from({ length: activity.quote_requests.others }, () => random.pick(customers)),
  ];

  interface QuoteDraft {
    key: string;
    user: SeededUser;
    submittedAt: Date;
    fulfilment: Fulfilment;
    lines: { variant: VariantInfo; quantity: number; unitCents: number }[];
  }
  const drafts: QuoteDraft[] = askers.map((user) => {
    const tradePrices = user.inHouseAccountId !== null;
    // Skewed towards recent weeks, as a store's open requests are.
    const submittedAt = businessHour(random, daysBefore(now, Math.floor(180 * random.next() ** 1.5)));
    if (submittedAt.getTime() > now.getTime()) submittedAt.setTime(now.getTime() - random.int(10, 300) * 60_000);
    const lines = random.sample(variants, user.trade ? random.int(2, 9) : random.int(1, 5)).map((variant) => ({
      variant,
      quantity: user.trade ? (isLargeStock(variant.sizeKind) ? random.int(1, 8) : random.int(3, 40)) : random.int(1, 4),
      unitCents: tradePrices ? variant.tradeCents : variant.listCents,
    }));
    const draw = random.next();
    const fulfilment: Fulfilment = draw < 0.45 ? 'pickup' : draw < 0.8 ? 'delivery' : 'pickup_and_delivery';
    return { key: random.uuid(), user, submittedAt, fulfilment, lines };
  });
  // Oldest first, so that the references the column default hands out follow the dates.
  drafts.sort((a, b) => a.submittedAt.getTime() - b.submittedAt.getTime());

  const quoteRows: Insertable<Database['quote_requests']>[] = drafts.map((draft) => {
    const ageDays = (now.getTime() - draft.submittedAt.getTime()) / DAY_MS;
    const status = quoteStatus(random, ageDays);
    const updatedAt =
      status === 'submitted'
        ? draft.submittedAt
        : new Date(Math.min(now.getTime(), draft.submittedAt.getTime() + random.int(2, 96) * 3_600_000));
    return {
      idempotency_key: draft.key,
      user_id: draft.user.id,
      status,
      locale: draft.user.locale,
      fulfilment: draft.fulfilment,
      preferred_date: random.chance(0.7) ? isoDate(daysAfter(draft.submittedAt, random.int(5, 30))) : null,
      payment_preference: paymentPreference(random, draft.user),
      comments: random.chance(0.3) ? random.pick(activity.comments[draft.user.locale]) : '',
      customer_first_name: draft.user.firstName,
      customer_last_name: draft.user.lastName,
      customer_email: draft.user.email,
      customer_phone: draft.user.phone,
      customer_type_id: draft.user.customerTypeId,
      in_house_account_id: draft.user.inHouseAccountId,
      price_kind: draft.user.inHouseAccountId !== null ? 'trade' : 'list',
      subtotal_cents: draft.lines.reduce((sum, line) => sum + line.quantity * line.unitCents, 0),
      submitted_at: draft.submittedAt.toISOString(),
      updated_at: updatedAt.toISOString(),
    };
  });
  const quotes = await insertInChunks(quoteRows, (chunk) =>
    db.insertInto('quote_requests').values(chunk).returning(['id', 'idempotency_key']).execute(),
  );
  const quoteIds = new Map(quotes.map((row) => [row.idempotency_key, row.id]));

  const itemRows: Insertable<Database['quote_request_items']>[] = [];
  const deliveryRows: Insertable<Database['quote_request_deliveries']>[] = [];
  const pickupRows: Insertable<Database['quote_request_pickups']>[] = [];
  for (const draft of drafts) {
    const quoteId = requireId(quoteIds, draft.key);
    draft.lines.forEach((line, index) => {
      itemRows.push({
        quote_request_id: quoteId,
        line: index + 1,
        variant_id: line.variant.id,
        product_code: line.variant.productCode,
        sku: line.variant.sku,
        product_name_en: line.variant.nameEn,
        product_name_fr: line.variant.nameFr,
        botanical_name: line.variant.botanical,
        size_label: line.variant.sizeLabel,
        size_kind: line.variant.size.kind,
        size_values: line.variant.size.values,
        size_root_ball: line.variant.size.rootBall,
        quantity: line.quantity,
        unit_price_cents: line.unitCents,
      });
    });
    if (draft.fulfilment !== 'delivery') {
      pickupRows.push({ quote_request_id: quoteId, location_id: requireId(yards, draft.user.yard) });
    }
    if (draft.fulfilment !== 'pickup') {
      const address = random.pick(activity.delivery_addresses[draft.user.yard]);
      const onSite = draft.user.trade ? random.pick(accounts.history_customers) : null;
      deliveryRows.push({
        quote_request_id: quoteId,
        job_name: draft.user.trade ? random.pick(activity.job_names[draft.user.locale]) : '',
        po_number: draft.user.trade && random.chance(0.7) ? `PO-${random.int(1000, 9999)}` : '',
        street_address: address.street,
        city: address.city,
        province: address.province,
        postal_code: address.postal_code,
        site_contact_first_name: onSite?.first ?? draft.user.firstName,
        site_contact_last_name: onSite?.last ?? draft.user.lastName,
        phone:
          onSite || !draft.user.phone ? fictionalPhone(random, accounts.area_codes, draft.user.yard) : draft.user.phone,
      });
    }
  }
  await insertInChunks(itemRows, (chunk) => db.insertInto('quote_request_items').values(chunk).execute());
  await insertInChunks(deliveryRows, (chunk) => db.insertInto('quote_request_deliveries').values(chunk).execute());
  await insertInChunks(pickupRows, (chunk) => db.insertInto('quote_request_pickups').values(chunk).execute());
  counts.quote_requests = quotes.length;
  counts.quote_request_items = itemRows.length;
  counts.quote_request_deliveries = deliveryRows.length;
  counts.quote_request_pickups = pickupRows.length;
}

/** Recent requests are still waiting; older ones have mostly been quoted or approved. */
function quoteStatus(random: Random, ageDays: number): QuoteStatus {
  const draw = random.next();
  if (ageDays < 10) return draw < 0.6 ? 'submitted' : 'in_review';
  if (ageDays < 45) return draw < 0.15 ? 'submitted' : draw < 0.45 ? 'in_review' : draw < 0.8 ? 'quoted' : 'approved';
  return draw < 0.4 ? 'quoted' : draw < 0.92 ? 'approved' : 'cancelled';
}

function paymentPreference(random: Random, user: SeededUser): PaymentPreference {
  if (user.inHouseAccountId !== null) return random.chance(0.8) ? 'charge_account' : 'credit_card';
  return random.chance(0.65) ? 'credit_card' : 'cash';
}
