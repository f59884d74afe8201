import type { Kysely } from 'kysely';
import { hashPassword } from '../../src/features/accounts/password.server.ts';
import type { Database, Locale } from '../../src/lib/db/schema.ts';
import type { Mailer, MailMessage } from '../../src/lib/mail/mail.server.ts';

/**
 * What account tests need and nothing else: the two customer types, one sales yard, one
 * in-house account, and users made on demand. scrypt is slow on purpose, so every user
 * made here shares one hash of PASSWORD.
 */
export const PASSWORD = 'correct horse battery staple';
let passwordHash: Promise<string> | undefined;
export function sharedPasswordHash(): Promise<string> {
  passwordHash ??= hashPassword(PASSWORD);
  return passwordHash;
}

export interface AccountFixtures {
  locationId: number;
  inHouseAccount: { id: number; accountNumber: string; accountPhone: string; companyName: string };
}

export async function seedAccountReference(db: Kysely<Database>): Promise<AccountFixtures> {
  // Customer and location types come from the reference-data migration.
  const location = await db
    .insertInto('locations')
    .values({
      code: 'milton',
      location_type_id: 1,
      name_en: 'Milton Sales Yard',
      name_fr: 'Centre de Milton',
      street_address: '1 Main St',
      city: 'Milton',
      province: 'ON',
      postal_code: 'L9T 1A1',
      phone: '905-555-0100',
      hours_en: '8–6',
      hours_fr: '8 h à 18 h',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const account = await db
    .insertInto('in_house_accounts')
    .values({
      account_number: 'TA-100300',
      account_phone: '905-555-0199',
      company_name: 'Rideau Landscape Design Inc.',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return {
    locationId: location.id,
    inHouseAccount: {
      id: account.id,
      accountNumber: 'TA-100300',
      accountPhone: '905-555-0199',
      companyName: 'Rideau Landscape Design Inc.',
    },
  };
}

let sequence = 0;
export function uniqueEmail(prefix = 'user'): string {
  sequence += 1;
  return `${prefix}.${process.pid}.${sequence}.${Math.random().toString(36).slice(2, 7)}@example.com`;
}

export async function createUser(
  db: Kysely<Database>,
  overrides: Partial<{
    email: string;
    verified: boolean;
    locale: Locale;
    role: 'customer' | 'admin';
    inHouseAccountId: number | null;
  }> = {},
) {
  return db
    .insertInto('users')
    .values({
      email: overrides.email ?? uniqueEmail(),
      first_name: 'Ada',
      last_name: 'Lovelace',
      customer_type_id: 1,
      password_hash: await sharedPasswordHash(),
      email_verified_at: overrides.verified === false ? null : new Date(),
      locale: overrides.locale ?? 'en',
      role: overrides.role ?? 'customer',
      in_house_account_id: overrides.inHouseAccountId ?? null,
    })
    .returning(['id', 'email'])
    .executeTakeFirstOrThrow();
}

/** A mailer that keeps what it is given (or fails, to test what failure looks like). */
export function memoryMailer(options: { fail?: boolean } = {}): Mailer & { sent: MailMessage[] } {
  const sent: MailMessage[] = [];
  return {
    sent,
    async send(message) {
      if (options.fail) throw new Error('SMTP server unreachable');
      sent.push(message);
      return { messageId: `<${sent.length}@test>` };
    },
  };
}

/** The token at the end of the link in a message. */
export function tokenFromMail(message: MailMessage, path: 'confirm' | 'reset-password'): string {
  const match = new RegExp(`/auth/${path}/([A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+)`).exec(message.text);
  if (!match?.[1]) throw new Error(`No ${path} link in: ${message.text}`);
  return match[1];
}
