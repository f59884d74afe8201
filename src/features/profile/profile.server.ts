import { type Kysely, sql } from 'kysely';
import { isUniqueViolation } from '../../lib/db/errors.ts';
import type { Database, Locale } from '../../lib/db/schema.ts';
import {
  accountAddressBucket,
  accountBucket,
  addressBucket,
  countAttempt,
  LIMITS,
} from '../../lib/rate-limit.server.ts';
import { queueAccountMail } from '../accounts/account-mail.server.ts';
import { type AccountDeps, customerTypeFor, findInHouseAccount } from '../accounts/accounts.server.ts';
import { hashPassword, verifyPassword } from '../accounts/password.server.ts';
import { type PasswordWeakness, passwordWeakness } from '../accounts/password-policy.server.ts';
import { revokeUserSessions } from '../accounts/session.server.ts';

/** The profile page's data and the changes a customer makes to their own account. */

type Db = Kysely<Database>;

export interface ProfileView {
  email: string;
  firstName: string;
  lastName: string;
  phone: string | null;
  isLandscapeProfessional: boolean;
  createdAt: Date;
  locale: Locale;
  defaultLocationId: number | null;
  inHouseAccount: { accountNumber: string; companyName: string } | null;
}

export async function loadProfile(db: Db, userId: string): Promise<ProfileView | undefined> {
  const row = await db
    .selectFrom('users')
    .leftJoin('in_house_accounts', 'in_house_accounts.id', 'users.in_house_account_id')
    .select([
      'users.email',
      'users.first_name',
      'users.last_name',
      'users.phone',
      'users.is_landscape_professional',
      'users.created_at',
      'users.locale',
      'users.default_location_id',
      'in_house_accounts.account_number',
      'in_house_accounts.company_name',
    ])
    .where('users.id', '=', userId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    phone: row.phone,
    isLandscapeProfessional: row.is_landscape_professional,
    createdAt: row.created_at,
    locale: row.locale,
    defaultLocationId: row.default_location_id,
    inHouseAccount:
      row.account_number && row.company_name
        ? { accountNumber: row.account_number, companyName: row.company_name }
        : null,
  };
}

export interface ListSummary {
  id: number;
  name: string;
  isDefault: boolean;
  itemCount: number;
}

export async function listSummaries(db: Db, userId: string): Promise<ListSummary[]> {
  const rows = await db
    .selectFrom('wishlists')
    .leftJoin('wishlist_items', 'wishlist_items.wishlist_id', 'wishlists.id')
    .select(['wishlists.id', 'wishlists.name', 'wishlists.is_default'])
    .select((eb) => eb.fn.count<number>('wishlist_items.variant_id').as('item_count'))
    .where('wishlists.user_id', '=', userId)
    .groupBy(['wishlists.id', 'wishlists.name', 'wishlists.is_default'])
    .orderBy('wishlists.is_default', 'desc')
    .orderBy('wishlists.name')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    isDefault: row.is_default,
    itemCount: Number(row.item_count),
  }));
}

export interface Purchase {
  invoiceNumber: string;
  purchasedAt: Date;
  yard: string | null;
  totalCents: number;
  lines: { sku: string; description: string; quantity: number; unitPriceCents: number }[];
}

/** The latest invoices of a linked in-house account, with their lines. */
export async function recentPurchases(
  db: Db,
  inHouseAccountId: number,
  locale: Locale,
  limit = 10,
): Promise<Purchase[]> {
  const purchases = await db
    .selectFrom('in_house_purchases')
    .leftJoin('locations', 'locations.id', 'in_house_purchases.location_id')
    .select([
      'in_house_purchases.id',
      'in_house_purchases.invoice_number',
      'in_house_purchases.purchased_at',
      'in_house_purchases.total_cents',
      'locations.name_en',
      'locations.name_fr',
    ])
    .where('in_house_purchases.in_house_account_id', '=', inHouseAccountId)
    .orderBy('in_house_purchases.purchased_at', 'desc')
    .limit(limit)
    .execute();
  if (purchases.length === 0) return [];
  const lines = await db
    .selectFrom('in_house_purchase_lines')
    .select(['purchase_id', 'line', 'sku', 'description_en', 'description_fr', 'quantity', 'unit_price_cents'])
    .where(
      'purchase_id',
      'in',
      purchases.map((purchase) => purchase.id),
    )
    .orderBy('purchase_id')
    .orderBy('line')
    .execute();
  return purchases.map((purchase) => ({
    invoiceNumber: purchase.invoice_number,
    purchasedAt: purchase.purchased_at,
    yard: (locale === 'fr' ? purchase.name_fr : purchase.name_en) ?? null,
    totalCents: purchase.total_cents,
    lines: lines
      .filter((line) => line.purchase_id === purchase.id)
      .map((line) => ({
        sku: line.sku,
        description: locale === 'fr' ? line.description_fr : line.description_en,
        quantity: line.quantity,
        unitPriceCents: line.unit_price_cents,
      })),
  }));
}

// ---------------------------------------------------------------------------------------
// Changes
// ---------------------------------------------------------------------------------------

export type DetailsResult = 'updated' | 'trade_linked';

export async function updateDetails(
  db: Db,
  userId: string,
  input: { firstName: string; lastName: string; phone: string | null; isLandscapeProfessional: boolean },
): Promise<DetailsResult> {
  const user = await db
    .selectFrom('users')
    .select('in_house_account_id')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  // A linked trade account is what makes someone a trade customer: unlink first.
  if (user.in_house_account_id !== null && !input.isLandscapeProfessional) return 'trade_linked';
  await db
    .updateTable('users')
    .set({
      first_name: input.firstName,
      last_name: input.lastName,
      phone: input.phone,
      is_landscape_professional: input.isLandscapeProfessional,
      customer_type_id: await customerTypeFor(db, input.isLandscapeProfessional),
    })
    .where('id', '=', userId)
    .execute();
  return 'updated';
}

/**
 * Re-authentication for sensitive changes, counted before the password is checked like a
 * sign-in (per account and address, and per account) and given back when it is right.
 */
async function checkCurrentPassword(
  db: Db,
  userId: string,
  password: string,
  now: Date,
  clientAddress: string,
): Promise<boolean> {
  const attempt = await countAttempt(
    db,
    [
      accountAddressBucket('reauth', userId, clientAddress, LIMITS.reauthAccountAddress),
      accountBucket('reauth', userId, LIMITS.reauthAccount),
    ],
    now,
  );
  const row = await db.selectFrom('users').select('password_hash').where('id', '=', userId).executeTakeFirstOrThrow();
  const ok = await verifyPassword(row.password_hash, password);
  if (ok) await attempt.release();
  return ok;
}

export type EmailChangeResult = 'sent' | 'wrong_password' | 'same' | 'taken';

/**
 * Mails a confirmation link to the new address (the address changes when it is followed), and
 * tells the address in use, so a stolen session cannot take the account quietly. Both e-mails
 * are one outbox statement; the worker issues the link when it composes it.
 */
export async function requestEmailChange(
  deps: AccountDeps,
  userId: string,
  input: { newEmail: string; currentPassword: string },
  clientAddress: string,
): Promise<EmailChangeResult> {
  const now = deps.now ?? new Date();
  if (!(await checkCurrentPassword(deps.db, userId, input.currentPassword, now, clientAddress)))
    return 'wrong_password';
  const user = await deps.db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirstOrThrow();
  if (user.email === input.newEmail) return 'same';
  const taken = await deps.db.selectFrom('users').select('id').where('email', '=', input.newEmail).executeTakeFirst();
  if (taken) return 'taken';
  await queueAccountMail(
    deps.db,
    { kind: 'change_email', payload: { userId, newEmail: input.newEmail } },
    { kind: 'email_change_notice', payload: { userId, to: user.email, newEmail: input.newEmail } },
  );
  deps.mailOutbox.kick();
  return 'sent';
}

/** A new password; every other sign-in of the account ends, the current one stays. */
export async function changePassword(
  deps: AccountDeps,
  userId: string,
  input: { currentPassword: string; password: string },
  keepFamilyId: string | undefined,
  clientAddress: string,
): Promise<'changed' | 'wrong_password' | PasswordWeakness> {
  const now = deps.now ?? new Date();
  if (!(await checkCurrentPassword(deps.db, userId, input.currentPassword, now, clientAddress)))
    return 'wrong_password';
  const owner = await deps.db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirstOrThrow();
  const weakness = passwordWeakness(input.password, owner.email);
  if (weakness) return weakness;
  const passwordHash = await hashPassword(input.password);
  // The owner hears of it at their address: the notice is committed with the change.
  await deps.db.transaction().execute(async (trx) => {
    await trx.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', userId).execute();
    await queueAccountMail(trx, { kind: 'password_changed', payload: { userId } });
  });
  await revokeUserSessions(deps.db, userId, keepFamilyId);
  deps.mailOutbox.kick();
  return 'changed';
}

export type LinkCheck =
  | { kind: 'found'; accountNumber: string; companyName: string; id: number }
  | { kind: 'not_found' }
  | { kind: 'taken' };

/** Step one of linking: do these details name an account this user may connect? */
export async function verifyInHouseAccount(
  deps: AccountDeps,
  userId: string,
  input: { accountNumber: string; accountPhone: string },
  clientAddress: string,
): Promise<LinkCheck> {
  const attempt = await countAttempt(
    deps.db,
    [accountBucket('link', userId, LIMITS.linkAccount), addressBucket('link', clientAddress, LIMITS.linkAddress)],
    deps.now ?? new Date(),
  );
  const account = await findInHouseAccount(deps.db, input);
  if (!account) return { kind: 'not_found' };
  if (account.linked_user_id && account.linked_user_id !== userId) return { kind: 'taken' };
  // The right details give their attempt back, as a right password does: the limit is on
  // guessing, so a customer who found their account after a few slips can still link it.
  await attempt.release();
  return { kind: 'found', accountNumber: account.account_number, companyName: account.company_name, id: account.id };
}

/**
 * Step two: connect it. Prices and permissions change with it, so every session of the
 * account ends and the customer signs in again (spec §4).
 */
export async function linkInHouseAccount(
  deps: AccountDeps,
  userId: string,
  input: { accountNumber: string; accountPhone: string },
  clientAddress: string,
): Promise<LinkCheck> {
  const check = await verifyInHouseAccount(deps, userId, input, clientAddress);
  if (check.kind !== 'found') return check;
  try {
    await deps.db
      .updateTable('users')
      .set({
        in_house_account_id: check.id,
        is_landscape_professional: true,
        customer_type_id: await customerTypeFor(deps.db, true),
      })
      .where('id', '=', userId)
      .execute();
  } catch (error) {
    if (isUniqueViolation(error, 'in_house_account_id')) return { kind: 'taken' };
    throw error;
  }
  await revokeUserSessions(deps.db, userId);
  return check;
}

/** Disconnects the trade account; like linking, it signs the customer out everywhere. */
export async function unlinkInHouseAccount(db: Db, userId: string): Promise<boolean> {
  const updated = await db
    .updateTable('users')
    .set({ in_house_account_id: null })
    .where('id', '=', userId)
    .where('in_house_account_id', 'is not', null)
    .returning('id')
    .executeTakeFirst();
  if (updated) await revokeUserSessions(db, userId);
  return updated !== undefined;
}

/** My sales yard: an active location, or none. */
export async function setDefaultLocation(db: Db, userId: string, locationId: number | null): Promise<boolean> {
  if (locationId !== null) {
    const location = await db
      .selectFrom('locations')
      .select('id')
      .where('id', '=', locationId)
      .where('is_active', '=', true)
      .executeTakeFirst();
    if (!location) return false;
  }
  await db.updateTable('users').set({ default_location_id: locationId }).where('id', '=', userId).execute();
  return true;
}

export async function setLanguage(db: Db, userId: string, locale: Locale): Promise<void> {
  await db.updateTable('users').set({ locale }).where('id', '=', userId).execute();
}

/** For tests and the admin: a user's sessions still open. */
export async function openSessionCount(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('sessions')
    .select(sql<number>`count(*)`.as('count'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
