import { sql } from 'kysely';
import { sizeFromRow, sizeText } from '../../../lib/size.ts';
import type { QuoteDeskFile } from './data.ts';
import type { Random } from './random.ts';
import {
  businessHour,
  DAY_MS,
  type Db,
  daysBefore,
  hoursBefore,
  quotableVariants,
  type SeedCounts,
  updateFromValues,
} from './util.server.ts';

/** The quote desk's people: the super admin, a year of new customers (some with a trade account) and sign-ins. */

const YEAR_DAYS = 365;

export interface QuoteDeskPeopleOptions {
  now: Date;
  data: QuoteDeskFile;
  superAdmin: { email: string; passwordHash: string };
  nobodyHash: string;
  counts: SeedCounts;
}

/** A sales yard in the province, drawn from the generator. */
export type YardPicker = (province: 'ON' | 'QC') => number;

export async function seedQuoteDeskPeople(
  db: Db,
  random: Random,
  yardFor: YardPicker,
  options: QuoteDeskPeopleOptions,
) {
  const { now, data, counts } = options;
  const firstYard = await db.selectFrom('locations').select('id').orderBy('id').executeTakeFirst();

  // Staff: the super admin joins the admin already seeded.
  const joined = daysBefore(now, data.super_admin.joined_days_ago);
  await db
    .insertInto('users')
    .values({
      email: options.superAdmin.email,
      first_name: data.super_admin.first_name,
      last_name: data.super_admin.last_name,
      phone: data.super_admin.phone,
      role: 'super_admin',
      customer_type_id: 1,
      password_hash: options.superAdmin.passwordHash,
      email_verified_at: joined,
      locale: 'en',
      default_location_id: firstYard?.id ?? null,
      created_at: joined,
      updated_at: joined,
      last_sign_in_at: hoursBefore(now, 30),
    })
    .execute();
  const staff = await db.selectFrom('users').select('id').where('role', 'in', ['admin', 'super_admin']).execute();
  const staffIds = staff.map((row) => row.id);

  // New customers, some with an in-house trade account and its invoices.
  const variants = await quotableVariants(db);
  let accountsMade = 0;
  let purchasesMade = 0;
  for (const [index, person] of data.customers.entries()) {
    const createdAt = businessHour(
      random,
      daysBefore(now, Math.floor(((index + 1) * YEAR_DAYS) / (data.customers.length + 1))),
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
              description_en: `${line.name_en}, ${sizeText(sizeFromRow(line), line.size_label, 'en')}`,
              description_fr: `${line.name_fr}, ${sizeText(sizeFromRow(line), line.size_label, 'fr')}`,
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
        password_hash: options.nobodyHash,
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
  counts.users = (counts.users ?? 0) + 1 + data.customers.length;

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
  return { staffIds, users, variants };
}

export type QuoteDeskPeople = Awaited<ReturnType<typeof seedQuoteDeskPeople>>;

function ascii(value: string): string {
  return value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z]/g, '');
}
