import type { Insertable } from 'kysely';
import type { Database, Locale } from '../../../lib/db/schema.ts';
import { formatSize } from '../../../lib/size.ts';
import { slugify } from '../plants.ts';
import type { VariantInfo } from './catalog.server.ts';
import type { AccountsFile, YardCode } from './data.ts';
import type { Random } from './random.ts';
import {
  businessHour,
  type Db,
  daysBefore,
  fictionalPhone,
  insertInChunks,
  isLargeStock,
  requireId,
  type SeedCounts,
} from './util.server.ts';

/** In-house trade accounts with their purchase history, and the store's users. */

export interface SeededUser {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  phone: string | null;
  locale: Locale;
  customerTypeId: number;
  inHouseAccountId: number | null;
  yard: YardCode;
  trade: boolean;
}

export async function seedInHouseAccounts(
  db: Db,
  random: Random,
  now: Date,
  accounts: AccountsFile['in_house_accounts'],
  variants: readonly VariantInfo[],
  yards: ReadonlyMap<YardCode, number>,
  counts: SeedCounts,
): Promise<Map<string, number>> {
  const inserted = await db
    .insertInto('in_house_accounts')
    .values(
      accounts.map((account, index) => ({
        account_number: account.number,
        account_phone: account.phone,
        company_name: account.company,
        created_at: daysBefore(now, 2900 - index * 310).toISOString(),
      })),
    )
    .returning(['id', 'account_number'])
    .execute();
  const accountIds = new Map(inserted.map((row) => [row.account_number, row.id]));

  interface PurchaseDraft {
    invoiceNumber: string;
    accountId: number;
    locationId: number | null;
    purchasedAt: Date;
    lines: { variant: VariantInfo; quantity: number }[];
  }
  const drafts: PurchaseDraft[] = [];
  const yardIds = [...yards.values()];
  for (const account of accounts) {
    const accountId = requireId(accountIds, account.number);
    for (let invoice = 0; invoice < account.invoices; invoice++) {
      const lines = random.sample(variants, random.int(1, 6)).map((variant) => ({
        variant,
        quantity: isLargeStock(variant.sizeKind) ? random.int(1, 6) : random.int(2, 25),
      }));
      drafts.push({
        invoiceNumber: '',
        accountId,
        locationId: random.chance(0.75) ? requireId(yards, account.yard) : random.pick(yardIds),
        purchasedAt: businessHour(random, daysBefore(now, random.int(3, 545))),
        lines,
      });
    }
  }
  drafts.sort((a, b) => a.purchasedAt.getTime() - b.purchasedAt.getTime());
  // Invoice numbers rise with the date, with gaps for the nursery's other customers.
  let invoiceNumber = 204_310;
  for (const draft of drafts) {
    invoiceNumber += random.int(3, 60);
    draft.invoiceNumber = `NF-${invoiceNumber}`;
  }

  const purchaseRows = drafts.map((draft) => ({
    in_house_account_id: draft.accountId,
    invoice_number: draft.invoiceNumber,
    location_id: draft.locationId,
    purchased_at: draft.purchasedAt.toISOString(),
    total_cents: draft.lines.reduce((sum, line) => sum + line.quantity * line.variant.tradeCents, 0),
  }));
  const purchases = await insertInChunks(purchaseRows, (chunk) =>
    db.insertInto('in_house_purchases').values(chunk).returning(['id', 'invoice_number']).execute(),
  );
  const purchaseIds = new Map(purchases.map((row) => [row.invoice_number, row.id]));
  const lineRows: Insertable<Database['in_house_purchase_lines']>[] = drafts.flatMap((draft) => {
    const purchaseId = requireId(purchaseIds, draft.invoiceNumber);
    return draft.lines.map((line, lineIndex) => ({
      purchase_id: purchaseId,
      line: lineIndex + 1,
      sku: line.variant.sku,
      description_en: `${line.variant.nameEn}, ${formatSize(line.variant.size, 'en')}`,
      description_fr: `${line.variant.nameFr}, ${formatSize(line.variant.size, 'fr')}`,
      quantity: line.quantity,
      unit_price_cents: line.variant.tradeCents,
    }));
  });
  await insertInChunks(lineRows, (chunk) => db.insertInto('in_house_purchase_lines').values(chunk).execute());
  counts.in_house_accounts = inserted.length;
  counts.in_house_purchases = purchases.length;
  counts.in_house_purchase_lines = lineRows.length;
  return accountIds;
}

export interface DemoCredentials {
  admin: { email: string };
  customer: { email: string };
  trade: { email: string };
}

export async function seedUsers(
  db: Db,
  random: Random,
  now: Date,
  people: AccountsFile,
  credentials: DemoCredentials,
  hashes: { admin: string; customer: string; trade: string; nobody: string },
  accountIds: ReadonlyMap<string, number>,
  yards: ReadonlyMap<YardCode, number>,
  counts: SeedCounts,
): Promise<SeededUser[]> {
  interface UserDraft {
    user: Omit<SeededUser, 'id'>;
    role: 'customer' | 'admin';
    passwordHash: string;
    createdAt: Date;
  }
  const drafts: UserDraft[] = people.demo_users.map((person) => ({
    user: {
      email: credentials[person.account].email,
      firstName: person.first_name,
      lastName: person.last_name,
      phone: person.phone,
      locale: person.locale,
      customerTypeId: person.customer_type_id,
      inHouseAccountId: person.in_house_account === null ? null : requireId(accountIds, person.in_house_account),
      yard: person.yard,
      trade: person.trade,
    },
    role: person.role,
    passwordHash: hashes[person.account],
    createdAt: daysBefore(now, person.joined_days_ago),
  }));
  const emails = new Set(drafts.map((draft) => draft.user.email));
  for (const person of people.history_customers) {
    let email = `${slugify(person.first)}.${slugify(person.last).replace(/-/g, '')}@example.com`;
    if (emails.has(email)) email = email.replace('@', `${emails.size}@`);
    emails.add(email);
    drafts.push({
      user: {
        email,
        firstName: person.first,
        lastName: person.last,
        phone: random.chance(0.85) ? fictionalPhone(random, people.area_codes, person.yard) : null,
        locale: person.locale,
        customerTypeId: person.trade ? 2 : 1,
        inHouseAccountId: null,
        yard: person.yard,
        trade: person.trade,
      },
      role: 'customer',
      passwordHash: hashes.nobody,
      createdAt: businessHour(random, daysBefore(now, random.int(200, 900))),
    });
  }

  const rows: Insertable<Database['users']>[] = drafts.map(({ user, role, passwordHash, createdAt }) => ({
    email: user.email,
    first_name: user.firstName,
    last_name: user.lastName,
    phone: user.phone,
    role,
    customer_type_id: user.customerTypeId,
    is_landscape_professional: user.trade,
    password_hash: passwordHash,
    email_verified_at: new Date(createdAt.getTime() + random.int(2, 90) * 60_000).toISOString(),
    locale: user.locale,
    default_location_id: requireId(yards, user.yard),
    in_house_account_id: user.inHouseAccountId,
    created_at: createdAt.toISOString(),
    updated_at: createdAt.toISOString(),
  }));
  const inserted = await insertInChunks(rows, (chunk) =>
    db.insertInto('users').values(chunk).returning(['id', 'email']).execute(),
  );
  const ids = new Map(inserted.map((row) => [row.email, row.id]));
  counts.users = inserted.length;
  return drafts.map(({ user }) => {
    return { ...user, id: requireId(ids, user.email) };
  });
}

export function requireSeededUser(users: readonly SeededUser[], email: string): SeededUser {
  const user = users.find((candidate) => candidate.email === email);
  if (!user) throw new Error(`Demo user ${email} was not seeded`);
  return user;
}
