import type { Insertable } from 'kysely';
import type { Database, Fulfilment, PaymentPreference } from '../../../lib/db/schema.ts';
import type { QuoteDeskFile } from './data.ts';
import type { QuoteDeskPeople, YardPicker } from './quote-desk-people.server.ts';
import type { Random } from './random.ts';
import {
  businessHour,
  DAY_MS,
  type Db,
  daysBefore,
  isoDate,
  quoteCustomerColumns,
  quoteItemRow,
  type SeedCounts,
} from './util.server.ts';

/** The quote desk's year of new quote requests (all submitted; the history moves them on). */

const YEAR_DAYS = 365;
/** New quote requests spread over the past year. */
const NEW_REQUESTS = 300;

export async function seedQuoteDeskRequests(
  db: Db,
  random: Random,
  yardFor: YardPicker,
  people: QuoteDeskPeople,
  options: { now: Date; data: QuoteDeskFile; counts: SeedCounts },
): Promise<{ id: number }[]> {
  const { now, counts } = options;
  const { users, variants } = people;
  const ADDRESSES = options.data.addresses;
  // A year of quote requests from every customer but the demo accounts (their histories are
  // what the customer pages show, and stay as they were).
  const askers = users.filter(
    (user) =>
      user.role === 'customer' &&
      !['customer@example.com', 'trade@example.com'].includes(user.email) &&
      user.default_location_id !== null,
  );
  const drafts = Array.from({ length: NEW_REQUESTS }, () => {
    const user = random.pick(askers);
    // Spring is the busy season: draw twice and keep the day nearer to April–June.
    const first = random.int(0, YEAR_DAYS - 1);
    const second = random.int(0, YEAR_DAYS - 1);
    const springness = (day: number) => Math.abs(((daysBefore(now, day).getUTCMonth() + 12 - 4) % 12) - 1);
    const day = springness(first) <= springness(second) ? first : second;
    const earliest = Math.max(0, Math.floor((now.getTime() - user.created_at.getTime()) / DAY_MS));
    const submittedAt = businessHour(random, daysBefore(now, Math.min(day, earliest)));
    if (submittedAt.getTime() > now.getTime()) submittedAt.setTime(now.getTime() - random.int(10, 300) * 60_000);
    return { user, submittedAt, key: random.uuid() };
  }).sort((a, b) => a.submittedAt.getTime() - b.submittedAt.getTime());

  const quoteRows: Insertable<Database['quote_requests']>[] = [];
  const lineDrafts: { key: string; variant: (typeof variants)[number]; quantity: number; unit: number }[][] = [];
  for (const draft of drafts) {
    const trade = draft.user.customer_type_id === 2;
    const tradePrices = draft.user.in_house_account_id !== null;
    const lines = random.sample(variants, trade ? random.int(2, 10) : random.int(1, 5)).map((variant) => ({
      key: draft.key,
      variant,
      quantity: trade
        ? ['caliper', 'balled_burlapped'].includes(variant.size_kind)
          ? random.int(1, 8)
          : random.int(3, 40)
        : random.int(1, 4),
      unit: tradePrices ? variant.trade_price_cents : variant.list_price_cents,
    }));
    lineDrafts.push(lines);
    const draw = random.next();
    const fulfilment: Fulfilment = draw < 0.45 ? 'pickup' : draw < 0.8 ? 'delivery' : 'pickup_and_delivery';
    const payment: PaymentPreference = tradePrices
      ? random.chance(0.8)
        ? 'charge_account'
        : 'credit_card'
      : random.chance(0.65)
        ? 'credit_card'
        : 'cash';
    quoteRows.push({
      idempotency_key: draft.key,
      ...quoteCustomerColumns(draft.user),
      status: 'submitted',
      fulfilment,
      preferred_date: random.chance(0.7) ? isoDate(daysBefore(draft.submittedAt, -random.int(5, 30))) : null,
      payment_preference: payment,
      comments: '',
      price_kind: tradePrices ? 'trade' : 'list',
      subtotal_cents: lines.reduce((sum, line) => sum + line.quantity * line.unit, 0),
      submitted_at: draft.submittedAt,
      updated_at: draft.submittedAt,
    });
  }
  const inserted = [];
  for (let start = 0; start < quoteRows.length; start += 100) {
    inserted.push(
      ...(await db
        .insertInto('quote_requests')
        .values(quoteRows.slice(start, start + 100))
        .returning(['id', 'idempotency_key'])
        .execute()),
    );
  }
  const ids = new Map(inserted.map((row) => [row.idempotency_key, row.id]));
  const items: Insertable<Database['quote_request_items']>[] = [];
  const pickups: Insertable<Database['quote_request_pickups']>[] = [];
  const deliveries: Insertable<Database['quote_request_deliveries']>[] = [];
  drafts.forEach((draft, index) => {
    const id = ids.get(draft.key);
    const row = quoteRows[index];
    if (id === undefined || !row) throw new Error(`Quote request ${draft.key} was not inserted`);
    (lineDrafts[index] ?? []).forEach((line, lineIndex) => {
      items.push(quoteItemRow(id, lineIndex + 1, line.variant, line.quantity, line.unit));
    });
    const province = draft.user.locale === 'fr' ? 'QC' : 'ON';
    if (row.fulfilment !== 'delivery') {
      pickups.push({ quote_request_id: id, location_id: draft.user.default_location_id ?? yardFor(province) });
    }
    if (row.fulfilment !== 'pickup') {
      const address = random.pick(ADDRESSES[province]);
      deliveries.push({
        quote_request_id: id,
        job_name: draft.user.customer_type_id === 2 ? `${draft.user.last_name} – ${address.city}` : '',
        po_number: draft.user.in_house_account_id !== null ? `PO-${random.int(1000, 9999)}` : '',
        street_address: address.street,
        city: address.city,
        province,
        postal_code: address.postal_code,
        site_contact_first_name: draft.user.first_name,
        site_contact_last_name: draft.user.last_name,
        phone: draft.user.phone ?? `${province === 'QC' ? '450' : '905'}-555-0300`,
      });
    }
  });
  for (let start = 0; start < items.length; start += 1000) {
    await db
      .insertInto('quote_request_items')
      .values(items.slice(start, start + 1000))
      .execute();
  }
  if (pickups.length > 0) await db.insertInto('quote_request_pickups').values(pickups).execute();
  if (deliveries.length > 0) await db.insertInto('quote_request_deliveries').values(deliveries).execute();
  counts.quote_requests = (counts.quote_requests ?? 0) + inserted.length;
  counts.quote_request_items = (counts.quote_request_items ?? 0) + items.length;
  return inserted;
}
