import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, ENGINES, type TestDatabase } from '../../../tests/support/databases.ts';
import type { DatabaseHandle } from '../../lib/db/connect.server.ts';
import { verifyPassword } from '../accounts/password.server.ts';
import { loadPlantFiles, PLANT_CATEGORIES, type PlantFile } from './plants.ts';
import { SUPER_ADMIN, seedScaleQuoteDesk } from './quote-desk-seed.server.ts';
import { seedDigest } from './seed/digest.server.ts';
import { DEMO_ACCOUNTS, type SeedCounts, seedDemoData, seedScaleProducts } from './seed.server.ts';

const TIMEOUT = 60_000;
/** A fixed moment, so that two seeds place their histories alike. */
const NOW = new Date('2026-11-20T15:00:00Z');

// PGlite is WebAssembly and each demo password takes scrypt ~0.3 s: generous per-test timeouts.
describe('seedDemoData', { timeout: TIMEOUT }, () => {
  let database: TestDatabase;
  let handle: DatabaseHandle;
  let plantFiles: PlantFile[];
  let counts: SeedCounts;
  let digest: Awaited<ReturnType<typeof seedDigest>>;

  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    handle = database.handle;
    plantFiles = await loadPlantFiles();
    counts = await seedDemoData(handle, { now: NOW });
    digest = await seedDigest(handle);
  }, 300_000);

  afterAll(async () => {
    await database?.drop();
  });

  it('turns every plant of the ten category files into a product', async () => {
    expect(plantFiles.map((file) => file.category)).toEqual([...PLANT_CATEGORIES]);
    const plants = plantFiles.reduce((sum, file) => sum + file.plants.length, 0);
    expect(counts.products).toBeGreaterThanOrEqual(Math.max(300, plants));

    const perCategory = await handle.db
      .selectFrom('products')
      .innerJoin('categories as sub', 'sub.id', 'products.category_id')
      .innerJoin('categories as top', 'top.id', 'sub.parent_id')
      .select((eb) => ['top.slug_en', eb.fn.countAll<number>().as('products')])
      .groupBy('top.slug_en')
      .execute();
    expect(perCategory.map((row) => row.slug_en).sort()).toEqual([...PLANT_CATEGORIES].sort());
    for (const row of perCategory) expect(Number(row.products)).toBeGreaterThan(0);
  });

  it('gives every product a variant and every variant stock at the four sales yards', async () => {
    const yards = await handle.db.selectFrom('locations').select('id').where('location_type_id', '=', 1).execute();
    expect(yards).toHaveLength(4);
    const { rows } = await sql<{ without_variants: number; wrong_stock: number }>`
      select
        (select count(*) from products p where not exists (select 1 from variants v where v.product_id = p.id))
          as without_variants,
        (select count(*) from variants v
          where (select count(*) from stock_levels s where s.variant_id = v.id) <> 4) as wrong_stock
    `.execute(handle.db);
    expect(rows[0]).toEqual({ without_variants: 0, wrong_stock: 0 });
  });

  it('prices trade at 75–80 % of list, in 5-cent steps, never above list', async () => {
    const variants = await handle.db
      .selectFrom('variants')
      .select(['sku', 'list_price_cents', 'trade_price_cents'])
      .execute();
    for (const variant of variants) {
      expect(variant.trade_price_cents, variant.sku).toBeLessThanOrEqual(variant.list_price_cents);
      expect(variant.trade_price_cents % 5, variant.sku).toBe(0);
      expect(variant.trade_price_cents, variant.sku).toBeGreaterThanOrEqual(
        Math.floor(variant.list_price_cents * 0.74),
      );
    }
  });

  it('creates the three demo accounts with their roles and passwords', async () => {
    const users = await handle.db
      .selectFrom('users')
      .leftJoin('in_house_accounts', 'in_house_accounts.id', 'users.in_house_account_id')
      .select([
        'users.email',
        'users.role',
        'users.customer_type_id',
        'users.is_landscape_professional',
        'users.email_verified_at',
        'users.password_hash',
        'in_house_accounts.account_number',
      ])
      .where(
        'users.email',
        'in',
        Object.values(DEMO_ACCOUNTS).map((account) => account.email),
      )
      .execute();
    const byEmail = new Map(users.map((user) => [user.email, user]));

    expect(byEmail.get(DEMO_ACCOUNTS.admin.email)).toMatchObject({ role: 'admin' });
    expect(byEmail.get(DEMO_ACCOUNTS.customer.email)).toMatchObject({ role: 'customer', customer_type_id: 1 });
    expect(byEmail.get(DEMO_ACCOUNTS.trade.email)).toMatchObject({
      role: 'customer',
      customer_type_id: 2,
      is_landscape_professional: true,
      account_number: 'TA-100200',
    });
    for (const account of Object.values(DEMO_ACCOUNTS)) {
      const user = byEmail.get(account.email);
      expect(user?.email_verified_at, account.email).toBeInstanceOf(Date);
      expect(await verifyPassword(user?.password_hash ?? '', account.password), account.email).toBe(true);
    }
  });

  it('gives every user a default sales yard', async () => {
    const missing = await handle.db
      .selectFrom('users')
      .select('email')
      .where('default_location_id', 'is', null)
      .execute();
    expect(missing).toEqual([]);
  });

  it('leaves TA-100300 unlinked, with account phone 905-555-0199', async () => {
    const account = await handle.db
      .selectFrom('in_house_accounts')
      .leftJoin('users', 'users.in_house_account_id', 'in_house_accounts.id')
      .select(['in_house_accounts.account_phone', 'users.id as user_id'])
      .where('in_house_accounts.account_number', '=', 'TA-100300')
      .executeTakeFirst();
    expect(account).toEqual({ account_phone: '905-555-0199', user_id: null });
  });

  it('keeps in-house purchase totals equal to their lines', async () => {
    const { rows } = await sql<{ invoice_number: string }>`
      select p.invoice_number from in_house_purchases p
      where p.total_cents <> (select coalesce(sum(l.quantity * l.unit_price_cents), 0)
                                from in_house_purchase_lines l where l.purchase_id = p.id)
    `.execute(handle.db);
    expect(rows).toEqual([]);
    expect(counts.in_house_purchases).toBeGreaterThanOrEqual(10);
  });

  it('gives each user who has lists exactly one default list', async () => {
    const { rows } = await sql<{ email: string; lists: number; defaults: number }>`
      select u.email, count(*) as lists, count(*) filter (where w.is_default) as defaults
      from wishlists w join users u on u.id = w.user_id
      group by u.email order by u.email
    `.execute(handle.db);
    expect(rows.map((row) => row.email)).toEqual([DEMO_ACCOUNTS.customer.email, DEMO_ACCOUNTS.trade.email]);
    for (const row of rows) expect(Number(row.defaults), row.email).toBe(1);
  });

  it('keeps quote subtotals equal to the sum of their items', async () => {
    const { rows } = await sql<{ reference: string; subtotal_cents: number; items_cents: number }>`
      select q.reference, q.subtotal_cents,
             (select coalesce(sum(i.quantity * i.unit_price_cents), 0)
                from quote_request_items i where i.quote_request_id = q.id) as items_cents
      from quote_requests q order by q.reference
    `.execute(handle.db);
    expect(rows.length).toBeGreaterThanOrEqual(30);
    for (const row of rows) expect(Number(row.items_cents), row.reference).toBe(row.subtotal_cents);
  });

  it('adds a super admin and a year of quote requests over every status for the quote desk', async () => {
    const owner = await handle.db
      .selectFrom('users')
      .select(['role', 'password_hash'])
      .where('email', '=', SUPER_ADMIN.email)
      .executeTakeFirstOrThrow();
    expect(owner.role).toBe('super_admin');
    expect(await verifyPassword(owner.password_hash, SUPER_ADMIN.password)).toBe(true);
    const { rows } = await sql<{ status: string; n: number; days: number }>`
      select status, count(*)::int as n,
             (extract(epoch from max(submitted_at) - min(submitted_at)) / 86400)::int as days
      from quote_requests group by status order by status`.execute(handle.db);
    expect(rows.map((row) => row.status)).toEqual(['approved', 'cancelled', 'in_review', 'quoted', 'submitted']);
    expect(rows.reduce((sum, row) => sum + row.n, 0)).toBeGreaterThanOrEqual(300);
    expect(Math.max(...rows.map((row) => row.days))).toBeGreaterThan(300);
    const linked = await handle.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('in_house_account_id', 'is not', null)
      .executeTakeFirstOrThrow();
    expect(Number(linked.n)).toBeGreaterThanOrEqual(5);
  });

  it("keeps the demo customers' requests and the next reference after the seeded ones", async () => {
    // The store's seed makes the first 40; the quote desk's adds none for the demo accounts.
    const added = await handle.db
      .selectFrom('quote_requests')
      .innerJoin('users', 'users.id', 'quote_requests.user_id')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('users.email', 'in', [DEMO_ACCOUNTS.customer.email, DEMO_ACCOUNTS.trade.email])
      .where('quote_requests.id', '>', 40)
      .executeTakeFirstOrThrow();
    expect(Number(added.n)).toBe(0);
    const { rows } = await sql<{ highest: string; next: string }>`
      select max(reference) as highest,
             'Q-' || lpad((select last_value + 1 from quote_reference_seq)::text, 6, '0') as next
      from quote_requests`.execute(handle.db);
    expect(rows[0]?.next).toBeDefined();
    expect((rows[0]?.next ?? '') > (rows[0]?.highest ?? '')).toBe(true);
  });

  it('records how every request reached its status, with prices and answers where they belong', async () => {
    const { rows } = await sql<{
      reference: string;
      status: string;
      last_to: string | null;
      priced: boolean;
      decided: string | null;
    }>`
      select q.reference, q.status,
             (select h.to_status from quote_request_status_history h where h.quote_request_id = q.id
              order by h.changed_at desc, h.id desc limit 1) as last_to,
             exists (select 1 from quote_request_pricing p where p.quote_request_id = q.id) as priced,
             (select d.decision from quote_request_decisions d where d.quote_request_id = q.id) as decided
      from quote_requests q`.execute(handle.db);
    for (const row of rows) {
      expect(row.last_to ?? 'submitted', row.reference).toBe(row.status);
      if (row.status === 'quoted' || row.status === 'approved') expect(row.priced, row.reference).toBe(true);
      if (row.status === 'approved') expect(row.decided, row.reference).toBe('approved');
    }
    const { rows: totals } = await sql<{ wrong: number }>`
      select count(*)::int as wrong from quote_request_pricing p
      where p.items_cents <> (select sum(i.quantity * i.quoted_unit_price_cents) from quote_request_items i
                              where i.quote_request_id = p.quote_request_id)`.execute(handle.db);
    expect(totals[0]?.wrong).toBe(0);
  });

  it('writes each priced quote as the version the desk sent, with its taxes and the answer', async () => {
    // As sending a priced quote writes it (quotes/pricing): the pricing is the version's figures.
    const { rows } = await sql<{
      reference: string;
      status: string;
      decided: string | null;
      priced: boolean;
      versions: number;
      number: number | null;
      same_figures: boolean;
      lines_match: boolean;
      taxes_match: boolean;
      valid_days: number | null;
      outcome: string | null;
      accepted_ok: boolean;
    }>`
      select q.reference, q.status,
             (select d.decision from quote_request_decisions d where d.quote_request_id = q.id) as decided,
             p.quote_request_id is not null as priced,
             (select count(*)::int from quote_versions x where x.quote_request_id = q.id) as versions,
             v.number,
             (v.items_cents, v.fees_cents, v.taxes_cents, v.total_cents, v.created_at, v.created_by)
               is not distinct from (p.items_cents, p.fees_cents, p.taxes_cents, p.total_cents, p.priced_at, p.priced_by)
               as same_figures,
             not exists (
               select 1 from (select * from quote_request_items where quote_request_id = q.id) i
               full join (select * from quote_version_lines where version_id = v.id) l on l.line = i.line
               group by ()
               having bool_or(i.quoted_unit_price_cents is distinct from l.unit_price_cents
                              or i.quantity is distinct from l.quantity or i.sku is distinct from l.sku)
                   or sum(l.quantity * l.unit_price_cents) <> v.items_cents)
               as lines_match,
             v.taxes_cents = (select coalesce(sum(t.cents), 0) from quote_version_taxes t where t.version_id = v.id)
               and (v.tax_province is not null or v.tax_exempt_reason is not null) as taxes_match,
             v.valid_until - (v.created_at at time zone 'America/Toronto')::date as valid_days,
             v.outcome,
             v.outcome is null
               or v.accepted_total_cents = v.accepted_items_cents + v.accepted_taxes_cents
                 + case when v.outcome = 'declined' then 0 else v.fees_cents end as accepted_ok
      from quote_requests q
      left join quote_request_pricing p on p.quote_request_id = q.id
      left join quote_versions v on v.quote_request_id = q.id
      order by q.reference`.execute(handle.db);
    for (const row of rows) {
      expect(row.versions, row.reference).toBe(row.priced ? 1 : 0);
      if (!row.priced) continue;
      expect(row, row.reference).toMatchObject({
        number: 1,
        same_figures: true,
        lines_match: true,
        taxes_match: true,
        valid_days: 7,
        accepted_ok: true,
      });
      const expected = { approved: ['accepted', 'partial'], declined: ['declined'] }[row.decided ?? ''] ?? [null];
      expect(expected, row.reference).toContain(row.outcome);
    }
    expect(new Set(rows.map((row) => row.outcome))).toEqual(new Set(['accepted', 'partial', 'declined', null]));

    // Each ended version held its lines at its yard, released as it ended; what is still held fits the yard.
    const { rows: holds } = await sql<{ open_holds: number; unheld_lines: number; over_held: number }>`
      select
        (select count(*)::int from stock_holds h join quote_versions v on v.id = h.version_id
           where h.released_at is null and (v.answered_at is not null or v.superseded_at is not null)) as open_holds,
        (select count(*)::int from quote_version_lines l join quote_versions v on v.id = l.version_id
           where l.variant_id is not null and v.answered_at is not null
             and not exists (select 1 from stock_holds h where h.version_id = l.version_id and h.line = l.line))
          as unheld_lines,
        (select count(*)::int from (
           select h.variant_id, h.location_id from stock_holds h
           join stock_levels s on s.variant_id = h.variant_id and s.location_id = h.location_id
           where h.released_at is null
           group by h.variant_id, h.location_id, s.quantity having sum(h.quantity) > s.quantity) over) as over_held`.execute(
      handle.db,
    );
    expect(holds[0]).toEqual({ open_holds: 0, unheld_lines: 0, over_held: 0 });
  });

  it('logs the counts npm start reports', () => {
    expect(counts).toMatchObject({ customer_types: 2, location_types: 2, locations: 4, redirects: 9 });
    expect(Object.values(counts).every((count) => Number.isInteger(count) && count > 0)).toBe(true);
  });

  // The second seed runs on PostgreSQL when a server answers: the same ids and slugs on both engines.
  it(`gives the same ids, slugs, prices and history when seeded again (${ENGINES.at(-1)})`, async () => {
    const again = await createTestDatabase(ENGINES.at(-1) ?? 'pglite');
    try {
      const secondCounts = await seedDemoData(again.handle, { now: NOW });
      expect(secondCounts).toEqual(counts);
      const second = await seedDigest(again.handle);
      expect(second.tables).toEqual(digest.tables);
      expect(second.digest).toBe(digest.digest);
    } finally {
      await again.drop();
    }
  }, 300_000);

  it('refuses to seed a database that already has categories', async () => {
    await expect(seedDemoData(handle)).rejects.toThrow(/already has categories/);
  });

  it('grows the catalog with scale products that have variants and stock', async () => {
    const target = counts.products + 25;
    expect(await seedScaleProducts(handle, target)).toBe(25);
    expect(await seedScaleProducts(handle, target)).toBe(0);

    const { rows } = await sql<{ clones: number; clone_variants: number; clone_stock: number }>`
      select count(distinct p.id) as clones, count(distinct v.id) as clone_variants, count(s.*) as clone_stock
      from products p
      join variants v on v.product_id = p.id
      join stock_levels s on s.variant_id = v.id
      where p.code ~ '^[A-Z]{3}-[0-9]{6}$'
    `.execute(handle.db);
    const clone = rows[0];
    expect(clone?.clones).toBe(25);
    expect(clone?.clone_stock).toBe((clone?.clone_variants ?? 0) * 4);
  });

  it('prices the scale seed’s quoted and approved requests with the version the desk sent', async () => {
    const before = counts.quote_requests ?? 0;
    const added = await seedScaleQuoteDesk(handle.db, { quoteRequests: before + 120 }, { now: NOW });
    expect(added.quoteRequests).toBe(120);
    const { rows } = await sql<{ status: string; n: number; priced: number; versions: number; consistent: number }>`
      select q.status, count(*)::int as n, count(p.quote_request_id)::int as priced, count(v.id)::int as versions,
             count(*) filter (where v.total_cents = p.total_cents and v.taxes_cents = p.taxes_cents
               and v.items_cents = (select sum(i.quantity * i.quoted_unit_price_cents) from quote_request_items i
                                    where i.quote_request_id = q.id)
               and (q.status = 'quoted') = (v.outcome is null))::int as consistent
      from quote_requests q
      left join quote_request_pricing p on p.quote_request_id = q.id
      left join quote_versions v on v.quote_request_id = q.id
      where q.id > (select max(id) from quote_requests) - 120
      group by q.status order by q.status`.execute(handle.db);
    for (const row of rows) {
      const priced = row.status === 'quoted' || row.status === 'approved' ? row.n : 0;
      expect(row, row.status).toMatchObject({ priced, versions: priced, consistent: priced });
    }
    expect(rows.filter((row) => row.versions > 0).map((row) => row.status)).toEqual(['approved', 'quoted']);
  });
});
