import { type Insertable, type Kysely, type RawBuilder, sql } from 'kysely';
import type {
  Database,
  Fulfilment,
  Locale,
  PaymentPreference,
  QuoteDecision,
  QuoteStatus,
} from '../../lib/db/schema.ts';
import { type Actor, canTransition, decisionTarget } from '../quote-desk/quote-desk.ts';
import { Random, type SeedCounts } from './seed.server.ts';

/**
 * The admin quote desk's demo data, added after the store's seed with a generator of its own
 * (so the catalog, accounts and the first 40 requests stay exactly as they were): a super
 * admin, a year of quote requests over every status from more customers — several of them
 * with an in-house trade account —, each request's status history with its authors, the
 * prices of the quoted ones and the customers' answers, and recent sign-ins for the
 * active-users figure.
 */

export const SUPER_ADMIN = {
  email: 'owner@example.com',
  password: 'Super-pass-2026',
  firstName: 'Robert',
  lastName: 'Northfield',
} as const;

const PRNG_SEED = 2026;
const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
const YEAR_DAYS = 365;
/** New quote requests spread over the past year. */
const NEW_REQUESTS = 300;

type Db = Kysely<Database>;

interface NewCustomer {
  first: string;
  last: string;
  locale: Locale;
  province: 'ON' | 'QC';
  /** An in-house trade account of their own: number, company, phone. */
  account?: { number: string; company: string; phone: string };
  professional: boolean;
}

const NEW_CUSTOMERS: readonly NewCustomer[] = [
  {
    first: 'Owen',
    last: 'Fitzgerald',
    locale: 'en',
    province: 'ON',
    professional: true,
    account: { number: 'TA-100810', company: 'Fitzgerald Outdoor Living Ltd.', phone: '905-555-0181' },
  },
  {
    first: 'Nathalie',
    last: 'Caron',
    locale: 'fr',
    province: 'QC',
    professional: true,
    account: { number: 'TA-100820', company: 'Paysages Caron et fils inc.', phone: '450-555-0182' },
  },
  {
    first: 'Graham',
    last: 'Whitaker',
    locale: 'en',
    province: 'ON',
    professional: true,
    account: { number: 'TA-100830', company: 'Whitaker Grounds & Gardens Inc.', phone: '613-555-0183' },
  },
  {
    first: 'Sophie',
    last: 'Desjardins',
    locale: 'fr',
    province: 'QC',
    professional: true,
    account: { number: 'TA-100840', company: 'Jardins Desjardins paysagistes inc.', phone: '514-555-0184' },
  },
  {
    first: 'Marcus',
    last: 'Leblanc',
    locale: 'en',
    province: 'ON',
    professional: true,
    account: { number: 'TA-100850', company: 'Huronia Landscape Contractors Ltd.', phone: '705-555-0185' },
  },
  {
    first: 'Élise',
    last: 'Thibault',
    locale: 'fr',
    province: 'QC',
    professional: true,
    account: { number: 'TA-100860', company: 'Aménagements Thibault inc.', phone: '450-555-0186' },
  },
  { first: 'Hugo', last: 'Marchand', locale: 'fr', province: 'QC', professional: true },
  { first: 'Brianna', last: 'Doyle', locale: 'en', province: 'ON', professional: true },
  { first: 'Oliver', last: 'Grant', locale: 'en', province: 'ON', professional: false },
  { first: 'Amelia', last: 'Hughes', locale: 'en', province: 'ON', professional: false },
  { first: 'Noah', last: 'Parker', locale: 'en', province: 'ON', professional: false },
  { first: 'Zoé', last: 'Gagné', locale: 'fr', province: 'QC', professional: false },
  { first: 'Gabriel', last: 'Lemieux', locale: 'fr', province: 'QC', professional: false },
  { first: 'Ava', last: 'Reid', locale: 'en', province: 'ON', professional: false },
  { first: 'Lucas', last: 'Nguyen', locale: 'en', province: 'ON', professional: false },
  { first: 'Charlotte', last: 'Boucher', locale: 'fr', province: 'QC', professional: false },
  { first: 'Ethan', last: 'Clarke', locale: 'en', province: 'ON', professional: false },
  { first: 'Léa', last: 'Paquette', locale: 'fr', province: 'QC', professional: false },
  { first: 'Mia', last: 'Robertson', locale: 'en', province: 'ON', professional: false },
  { first: 'William', last: 'Cloutier', locale: 'fr', province: 'QC', professional: false },
  { first: 'Grace', last: 'Sinclair', locale: 'en', province: 'ON', professional: false },
  { first: 'Benjamin', last: 'Ross', locale: 'en', province: 'ON', professional: false },
  { first: 'Florence', last: 'Dion', locale: 'fr', province: 'QC', professional: false },
  { first: 'Jack', last: 'Henderson', locale: 'en', province: 'ON', professional: false },
];

const ADDRESSES: Record<'ON' | 'QC', readonly { street: string; city: string; postalCode: string }[]> = {
  ON: [
    { street: '88 Cedar Hollow Road', city: 'Milton', postalCode: 'L9T 5J4' },
    { street: '402 Main Street East', city: 'Hamilton', postalCode: 'L8N 1J8' },
    { street: '15 Orchard Lane', city: 'Guelph', postalCode: 'N1H 3T2' },
    { street: '731 Bank Street', city: 'Ottawa', postalCode: 'K1S 3V3' },
    { street: '26 Bayview Drive', city: 'Barrie', postalCode: 'L4N 4Y8' },
  ],
  QC: [
    { street: '3050 boulevard Saint-Martin Ouest', city: 'Laval', postalCode: 'H7T 1A1' },
    { street: '118 rue du Domaine', city: 'Terrebonne', postalCode: 'J6W 2C4' },
    { street: '640 montée Gagnon', city: 'Blainville', postalCode: 'J7E 4H5' },
    { street: '27 rue des Cèdres', city: 'Saint-Jérôme', postalCode: 'J7Z 5T3' },
  ],
};

const STAFF_NOTES: Record<Locale, readonly string[]> = {
  en: [
    'Stock confirmed at the yard.',
    'Checked sizes with the grower.',
    'Delivery window confirmed with the customer.',
  ],
  fr: ['Stock confirmé au centre.', 'Formats vérifiés auprès du producteur.', 'Fenêtre de livraison confirmée.'],
};

const USER_AGENTS = [
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/141.0 Safari/537.36',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_6) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.3 Safari/605.1.15',
];

export interface QuoteDeskSeedOptions {
  now: Date;
  hashes: { superAdmin: string; nobody: string };
  counts: SeedCounts;
}

export async function seedQuoteDesk(db: Db, options: QuoteDeskSeedOptions): Promise<void> {
  const { now, counts } = options;
  const random = new Random(PRNG_SEED);
  const yards = await db.selectFrom('locations').select(['id', 'province']).orderBy('id').execute();
  const yardFor = (province: 'ON' | 'QC') =>
    random.pick(yards.filter((yard) => yard.province === province).map((yard) => yard.id));

  // Staff: the super admin joins the admin already seeded.
  await db
    .insertInto('users')
    .values({
      email: SUPER_ADMIN.email,
      first_name: SUPER_ADMIN.firstName,
      last_name: SUPER_ADMIN.lastName,
      phone: '905-555-0101',
      role: 'super_admin',
      customer_type_id: 1,
      password_hash: options.hashes.superAdmin,
      email_verified_at: daysBefore(now, 1500),
      locale: 'en',
      default_location_id: yards[0]?.id ?? null,
      created_at: daysBefore(now, 1500),
      updated_at: daysBefore(now, 1500),
      last_sign_in_at: hoursBefore(now, 30),
    })
    .execute();
  const staff = await db.selectFrom('users').select('id').where('role', 'in', ['admin', 'super_admin']).execute();
  const staffIds = staff.map((row) => row.id);

  // New customers, some with an in-house trade account and its invoices.
  const variants = await db
    .selectFrom('variants as v')
    .innerJoin('products as p', 'p.id', 'v.product_id')
    .select([
      'v.id',
      'v.sku',
      'v.size_label',
      'v.size_kind',
      'v.list_price_cents',
      'v.trade_price_cents',
      'p.code',
      'p.name_en',
      'p.name_fr',
      'p.botanical_name',
    ])
    .where('p.is_published', '=', true)
    .where('v.is_active', '=', true)
    .orderBy('v.id')
    .execute();
  let accountsMade = 0;
  let purchasesMade = 0;
  for (const [index, person] of NEW_CUSTOMERS.entries()) {
    const createdAt = businessHour(
      random,
      daysBefore(now, Math.floor(((index + 1) * YEAR_DAYS) / (NEW_CUSTOMERS.length + 1))),
    );
    let accountId: number | null = null;
    if (person.account) {
      const account = await db
        .insertInto('in_house_accounts')
        .values({
          account_number: person.account.number,
          account_phone: person.account.phone,
          company_name: person.account.company,
          created_at: daysBefore(createdAt, random.int(400, 2500)),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      accountId = account.id;
      accountsMade += 1;
      for (let invoice = 0; invoice < random.int(2, 5); invoice++) {
        const lines = random.sample(variants, random.int(1, 4));
        const quantities = lines.map(() => random.int(2, 20));
        const purchase = await db
          .insertInto('in_house_purchases')
          .values({
            in_house_account_id: accountId,
            invoice_number: `NF-${310_000 + index * 100 + invoice}`,
            location_id: yardFor(person.province),
            purchased_at: businessHour(random, daysBefore(now, random.int(5, 500))),
            total_cents: lines.reduce((sum, line, i) => sum + line.trade_price_cents * (quantities[i] ?? 1), 0),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await db
          .insertInto('in_house_purchase_lines')
          .values(
            lines.map((line, i) => ({
              purchase_id: purchase.id,
              line: i + 1,
              sku: line.sku,
              description_en: `${line.name_en}, ${line.size_label}`,
              description_fr: `${line.name_fr}, ${line.size_label}`,
              quantity: quantities[i] ?? 1,
              unit_price_cents: line.trade_price_cents,
            })),
          )
          .execute();
        purchasesMade += 1;
      }
    }
    await db
      .insertInto('users')
      .values({
        email: `${ascii(person.first)}.${ascii(person.last)}@example.com`,
        first_name: person.first,
        last_name: person.last,
        phone: `${person.province === 'QC' ? '450' : '905'}-555-0${String(200 + index).padStart(3, '0')}`,
        role: 'customer',
        customer_type_id: person.professional ? 2 : 1,
        is_landscape_professional: person.professional,
        password_hash: options.hashes.nobody,
        email_verified_at: new Date(createdAt.getTime() + random.int(2, 60) * 60_000),
        locale: person.locale,
        default_location_id: yardFor(person.province),
        in_house_account_id: accountId,
        created_at: createdAt,
        updated_at: createdAt,
      })
      .execute();
  }
  counts.in_house_accounts = (counts.in_house_accounts ?? 0) + accountsMade;
  counts.in_house_purchases = (counts.in_house_purchases ?? 0) + purchasesMade;
  counts.users = (counts.users ?? 0) + 1 + NEW_CUSTOMERS.length;

  // Recent sign-ins: staff every day or two, about half the customers within a month.
  const users = await db
    .selectFrom('users')
    .select(['id', 'email', 'role', 'created_at', 'first_name', 'last_name', 'phone', 'locale'])
    .select(['customer_type_id', 'in_house_account_id', 'default_location_id'])
    .orderBy('created_at')
    .orderBy('email')
    .execute();
  const signIns: { id: string; at: Date }[] = [];
  for (const user of users) {
    const ageDays = Math.floor((now.getTime() - user.created_at.getTime()) / DAY_MS);
    const isStaff = user.role !== 'customer';
    const daysAgo = isStaff ? random.int(0, 2) : random.chance(0.5) ? random.int(0, 29) : random.int(30, 300);
    if (!isStaff && daysAgo > ageDays) continue;
    signIns.push({ id: user.id, at: hoursBefore(now, daysAgo * 24 + random.int(1, 20)) });
  }
  await updateFromValues(
    db,
    sql`update users as u set last_sign_in_at = v.at from`,
    signIns.map((row) => sql`(${row.id}::uuid, ${row.at.toISOString()}::timestamptz)`),
    sql`as v(id, at) where u.id = v.id`,
  );

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
      user_id: draft.user.id,
      status: 'submitted',
      locale: draft.user.locale,
      fulfilment,
      preferred_date: random.chance(0.7) ? isoDate(daysBefore(draft.submittedAt, -random.int(5, 30))) : null,
      payment_preference: payment,
      comments: '',
      customer_first_name: draft.user.first_name,
      customer_last_name: draft.user.last_name,
      customer_email: draft.user.email,
      customer_phone: draft.user.phone,
      customer_type_id: draft.user.customer_type_id,
      in_house_account_id: draft.user.in_house_account_id,
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
      items.push({
        quote_request_id: id,
        line: lineIndex + 1,
        variant_id: line.variant.id,
        product_code: line.variant.code,
        sku: line.variant.sku,
        product_name_en: line.variant.name_en,
        product_name_fr: line.variant.name_fr,
        botanical_name: line.variant.botanical_name,
        size_label: line.variant.size_label,
        quantity: line.quantity,
        unit_price_cents: line.unit,
      });
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
        postal_code: address.postalCode,
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

  // New requests move through the desk by age; the first 40 keep the status they were seeded with.
  // Everything is computed first and written in a few statements: the seed runs at every new
  // embedded database, where each statement has a cost.
  const newIds = new Set(inserted.map((row) => row.id));
  const all = await db
    .selectFrom('quote_requests')
    .select(['id', 'status', 'submitted_at', 'user_id', 'locale'])
    .orderBy('id')
    .execute();
  const allItems = await db
    .selectFrom('quote_request_items')
    .select(['quote_request_id', 'line', 'quantity', 'unit_price_cents'])
    .orderBy('quote_request_id')
    .orderBy('line')
    .execute();
  const itemsOf = new Map<number, typeof allItems>();
  for (const item of allItems) {
    const list = itemsOf.get(item.quote_request_id) ?? [];
    list.push(item);
    itemsOf.set(item.quote_request_id, list);
  }
  const history: Insertable<Database['quote_request_status_history']>[] = [];
  const pricing: Insertable<Database['quote_request_pricing']>[] = [];
  const decisions: Insertable<Database['quote_request_decisions']>[] = [];
  const quotedPrices: { id: number; line: number; cents: number }[] = [];
  const finalStatus: { id: number; status: QuoteStatus; at: Date }[] = [];
  for (const quote of all) {
    const ageDays = (now.getTime() - quote.submitted_at.getTime()) / DAY_MS;
    const target = newIds.has(quote.id) ? statusForAge(random, ageDays) : quote.status;
    let at = quote.submitted_at;
    let from: QuoteStatus = 'submitted';
    for (const move of pathTo(target, random)) {
      if (!canTransition(from, move.to, move.actor)) throw new Error(`Seed path ${from} → ${move.to} breaks the rules`);
      // The desk works business hours: the next move a few hours to three days later, never
      // before the previous one, never in the future.
      const previous = at.getTime();
      let next = businessHour(random, new Date(previous + random.int(0, 3) * DAY_MS)).getTime();
      if (next <= previous) next = previous + random.int(1, 4) * HOUR_MS;
      at = new Date(Math.max(previous + 1000, Math.min(next, now.getTime() - 60_000)));
      const staffId = random.pick(staffIds);
      if (move.to === 'quoted') {
        const priced = priceLines(random, itemsOf.get(quote.id) ?? [], quote.locale);
        for (const line of priced.lines) quotedPrices.push({ id: quote.id, line: line.line, cents: line.cents });
        pricing.push({
          quote_request_id: quote.id,
          items_cents: priced.items,
          fees_cents: priced.fees,
          taxes_cents: priced.taxes,
          total_cents: priced.items + priced.fees + priced.taxes,
          priced_by: staffId,
          priced_at: at,
        });
      }
      if (move.actor === 'customer') {
        decisions.push({
          quote_request_id: quote.id,
          decision: move.decision ?? 'approved',
          decided_by: quote.user_id,
          decided_at: at,
          ip_address: `203.0.113.${random.int(2, 254)}`,
          user_agent: random.pick(USER_AGENTS),
        });
      }
      history.push({
        quote_request_id: quote.id,
        from_status: from,
        to_status: move.to,
        changed_by: move.actor === 'customer' ? quote.user_id : staffId,
        note:
          move.actor === 'staff' && move.to === 'in_review' && random.chance(0.3)
            ? random.pick(STAFF_NOTES[quote.locale])
            : '',
        changed_at: at,
      });
      from = move.to;
    }
    finalStatus.push({ id: quote.id, status: from, at });
  }
  for (let start = 0; start < history.length; start += 1000) {
    await db
      .insertInto('quote_request_status_history')
      .values(history.slice(start, start + 1000))
      .execute();
  }
  if (pricing.length > 0) await db.insertInto('quote_request_pricing').values(pricing).execute();
  if (decisions.length > 0) await db.insertInto('quote_request_decisions').values(decisions).execute();
  await updateFromValues(
    db,
    sql`update quote_request_items as i set quoted_unit_price_cents = v.cents from`,
    quotedPrices.map((row) => sql`(${row.id}::int, ${row.line}::int, ${row.cents}::int)`),
    sql`as v(id, line, cents) where i.quote_request_id = v.id and i.line = v.line`,
  );
  await updateFromValues(
    db,
    sql`update quote_requests as q set status = v.status, updated_at = v.at from`,
    finalStatus.map((row) => sql`(${row.id}::int, ${row.status}::text, ${row.at.toISOString()}::timestamptz)`),
    sql`as v(id, status, at) where q.id = v.id`,
  );
  counts.quote_request_status_history = history.length;
  counts.quote_request_pricing = pricing.length;
  counts.quote_request_decisions = decisions.length;
}

/** `update … from (values …) as v(…) where …`, a thousand rows per statement. */
async function updateFromValues(
  db: Db,
  head: RawBuilder<unknown>,
  rows: RawBuilder<unknown>[],
  tail: RawBuilder<unknown>,
) {
  for (let start = 0; start < rows.length; start += 1000) {
    await sql`${head} (values ${sql.join(rows.slice(start, start + 1000))}) ${tail}`.execute(db);
  }
}

interface Move {
  to: QuoteStatus;
  actor: Actor;
  decision?: QuoteDecision;
}

/** The moves that lead a new request to `target`, as the desk and the customer make them. */
function pathTo(target: QuoteStatus, random: Random): Move[] {
  const review: Move = { to: 'in_review', actor: 'staff' };
  const quoted: Move = { to: 'quoted', actor: 'staff' };
  switch (target) {
    case 'submitted':
      return [];
    case 'in_review':
      return [review];
    case 'quoted':
      return [review, quoted];
    case 'approved':
      return [review, quoted, { to: decisionTarget('approved'), actor: 'customer', decision: 'approved' }];
    case 'cancelled':
      // Declined by the customer, or cancelled by the desk before or after pricing.
      return random.pick([
        [review, quoted, { to: decisionTarget('declined'), actor: 'customer', decision: 'declined' }],
        [{ to: 'cancelled', actor: 'staff' }],
        [review, { to: 'cancelled', actor: 'staff' }],
      ] as Move[][]);
  }
}

function statusForAge(random: Random, ageDays: number): QuoteStatus {
  const draw = random.next();
  if (ageDays < 7) return draw < 0.6 ? 'submitted' : 'in_review';
  if (ageDays < 30) return draw < 0.1 ? 'submitted' : draw < 0.35 ? 'in_review' : draw < 0.7 ? 'quoted' : 'approved';
  return draw < 0.12 ? 'quoted' : draw < 0.8 ? 'approved' : 'cancelled';
}

/** Final prices a little under the asked ones (volume discounts), delivery fees, sales taxes. */
function priceLines(
  random: Random,
  items: readonly { line: number; quantity: number; unit_price_cents: number }[],
  locale: Locale,
): { lines: { line: number; cents: number }[]; items: number; fees: number; taxes: number } {
  const lines = items.map((item) => ({
    line: item.line,
    cents: Math.round((item.unit_price_cents * random.int(85, 100)) / 100 / 5) * 5,
  }));
  const itemsCents = lines.reduce((sum, line, index) => sum + line.cents * (items[index]?.quantity ?? 0), 0);
  const fees = random.chance(0.5) ? random.pick([0, 7500, 12500, 19500]) : 0;
  // HST in Ontario, GST + QST in Québec (the customer's language stands in for the province).
  const taxes = Math.round(((itemsCents + fees) * (locale === 'fr' ? 14975 : 13000)) / 100000);
  return { lines, items: itemsCents, fees, taxes };
}

function ascii(value: string): string {
  return value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z]/g, '');
}

function daysBefore(date: Date, days: number): Date {
  return new Date(date.getTime() - days * DAY_MS);
}

function hoursBefore(date: Date, hours: number): Date {
  return new Date(date.getTime() - hours * HOUR_MS);
}

function businessHour(random: Random, day: Date): Date {
  const result = new Date(day);
  result.setUTCHours(random.int(13, 22), random.int(0, 59), random.int(0, 59), 0);
  return result;
}

function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

// ---------------------------------------------------------------------------------------
// Scale data for benchmarks
// ---------------------------------------------------------------------------------------

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
  options: { now?: Date; log?: (line: string) => void } = {},
): Promise<{ users: number; quoteRequests: number }> {
  const now = options.now ?? new Date();
  const log = options.log ?? (() => {});
  const random = new Random(PRNG_SEED + 1);
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
            first_name: random.pick(NEW_CUSTOMERS).first,
            last_name: `${random.pick(NEW_CUSTOMERS).last}-${n}`,
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
  const variants = await db
    .selectFrom('variants as v')
    .innerJoin('products as p', 'p.id', 'v.product_id')
    .select([
      'v.id',
      'v.sku',
      'v.size_label',
      'v.list_price_cents',
      'p.code',
      'p.name_en',
      'p.name_fr',
      'p.botanical_name',
    ])
    .orderBy('v.id')
    .limit(2000)
    .execute();
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
          user_id: draft.user.id,
          status: random.pick(statuses),
          locale: draft.user.locale,
          fulfilment: draft.fulfilment,
          payment_preference: random.pick<PaymentPreference>(['cash', 'charge_account', 'credit_card']),
          customer_first_name: draft.user.first_name,
          customer_last_name: draft.user.last_name,
          customer_email: draft.user.email,
          customer_phone: draft.user.phone,
          customer_type_id: draft.user.customer_type_id,
          in_house_account_id: draft.user.in_house_account_id,
          price_kind: draft.user.in_house_account_id === null ? ('list' as const) : ('trade' as const),
          subtotal_cents: draft.lines.reduce((sum, line) => sum + line.quantity * line.variant.list_price_cents, 0),
          submitted_at: draft.submittedAt,
          updated_at: draft.submittedAt,
        })),
      )
      .returning('id')
      .execute();
    const items = drafts.flatMap((draft, index) =>
      draft.lines.map((line, lineIndex) => ({
        quote_request_id: inserted[index]?.id ?? 0,
        line: lineIndex + 1,
        variant_id: line.variant.id,
        product_code: line.variant.code,
        sku: line.variant.sku,
        product_name_en: line.variant.name_en,
        product_name_fr: line.variant.name_fr,
        botanical_name: line.variant.botanical_name,
        size_label: line.variant.size_label,
        quantity: line.quantity,
        unit_price_cents: line.variant.list_price_cents,
      })),
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
