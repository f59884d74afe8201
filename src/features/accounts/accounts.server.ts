import type { Kysely } from 'kysely';
import { isUniqueViolation } from '../../lib/db/errors.ts';
import type { Database } from '../../lib/db/schema.ts';
import { sameSitePath } from '../../lib/http/redirect.ts';
import type { Locale } from '../../lib/i18n/index.ts';
import {
  accountAddressBucket,
  accountBucket,
  addressBucket,
  ceilingDelayMs,
  consume,
  countAttempt,
  LIMITS,
} from '../../lib/rate-limit.server.ts';
import { type MailOutboxKick, queueAccountMail } from './account-mail.server.ts';
import type { RegisterData } from './accounts.ts';
import { confirmationAlreadyUsed, consumeEmailToken, findEmailToken } from './email-tokens.server.ts';
import { hashPassword, verifyPassword } from './password.server.ts';
import { type PasswordWeakness, passwordWeakness } from './password-policy.server.ts';
import {
  createSession,
  type IssuedSession,
  pruneExpired,
  revokeUserSessions,
  SESSION_USER_COLUMNS,
  toSessionUser,
} from './session.server.ts';
import type { SessionUser } from './session.ts';

// E-mail tokens live beside this file; importers keep this one.
export {
  consumeEmailToken,
  EMAIL_TOKEN_TTL_MS,
  emailTokenIsValid,
  issueEmailToken,
} from './email-tokens.server.ts';

/**
 * Sign-in, sign-up, confirmation and password reset. Functions take what they touch (the
 * database, the mail outbox, the time) so tests run them against a real database. An e-mail
 * is an outbox row written with the change that causes it; the worker composes and sends it
 * after the answer (account-mail.server.ts, docs/decisions/043-every-email-through-the-outbox.md).
 */
export interface AccountDeps {
  db: Kysely<Database>;
  /** Told after a commit that wrote outbox rows, so the e-mails go out at once. */
  mailOutbox: MailOutboxKick;
  now?: Date;
  /** Sign-ups per address per hour in place of the store's (the e2e suite's server only). */
  signUpsPerHour?: number;
}

// Unknown addresses are checked against this hash, so they take as long as known ones.
let dummyHash: Promise<string> | undefined;
function hashForUnknownAccount(): Promise<string> {
  dummyHash ??= hashPassword('no account has this password');
  return dummyHash;
}

// ---------------------------------------------------------------------------------------
// Sign-in
// ---------------------------------------------------------------------------------------

export type SignInResult =
  | { kind: 'signed_in'; user: SessionUser; issued: IssuedSession }
  | { kind: 'invalid' }
  | { kind: 'unverified' };

/**
 * Checks the password and opens a new session. Unknown address and wrong password give the
 * same answer after the same work. The attempt is counted before the password is checked
 * (parallel guesses cannot all slip under the limit) and given back when it succeeds; see
 * `signInAttempt`. The unconfirmed state is only revealed to someone who knows the password.
 */
export async function signIn(
  deps: AccountDeps,
  input: { email: string; password: string },
  clientAddress: string,
): Promise<SignInResult> {
  const now = deps.now ?? new Date();
  const attempt = await signInAttempt(deps.db, input.email, clientAddress, now);
  const user = await deps.db
    .selectFrom('users')
    .innerJoin('customer_types', 'customer_types.id', 'users.customer_type_id')
    .select([...SESSION_USER_COLUMNS, 'users.password_hash', 'users.email_verified_at'])
    .where('users.email', '=', input.email)
    .executeTakeFirst();
  const matches = await verifyPassword(user?.password_hash ?? (await hashForUnknownAccount()), input.password);
  if (!user || !matches) return { kind: 'invalid' };
  await attempt.release();
  if (user.email_verified_at === null) return { kind: 'unverified' };
  await pruneExpired(deps.db, user.id, now);
  const issued = await createSession(deps.db, user.id, now);
  // Active users on the admin dashboard are those signed in within 30 days.
  await deps.db.updateTable('users').set({ last_sign_in_at: now }).where('id', '=', user.id).execute();
  return { kind: 'signed_in', user: toSessionUser(user), issued };
}

/**
 * Counts a sign-in attempt (docs/decisions/022-attempt-limits.md): refused past the limit
 * per account from this address and per address; across all addresses, past the ceiling,
 * it waits a little longer each time but is never refused, so guessing from elsewhere
 * cannot lock the owner out.
 */
async function signInAttempt(db: Kysely<Database>, email: string, clientAddress: string, now: Date) {
  const attempt = await countAttempt(
    db,
    [
      accountAddressBucket('sign-in', email, clientAddress, LIMITS.signInAccountAddress),
      addressBucket('sign-in', clientAddress, LIMITS.signInAddress),
      { ...accountBucket('sign-in', email, LIMITS.signInAccountCeiling), refuse: false },
    ],
    now,
  );
  const wait = ceilingDelayMs(attempt.counts[2] ?? 0, LIMITS.signInAccountCeiling);
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  return attempt;
}

// ---------------------------------------------------------------------------------------
// Sign-up and confirmation
// ---------------------------------------------------------------------------------------

export type RegisterResult =
  | { kind: 'created'; userId: string }
  | { kind: 'email_taken' }
  | { kind: 'trade_not_found' }
  | { kind: 'trade_taken' }
  | { kind: 'location_invalid' };

/** The in-house account with this number and account phone, if there is one. */
export async function findInHouseAccount(db: Kysely<Database>, input: { accountNumber: string; accountPhone: string }) {
  return db
    .selectFrom('in_house_accounts')
    .leftJoin('users', 'users.in_house_account_id', 'in_house_accounts.id')
    .select([
      'in_house_accounts.id',
      'in_house_accounts.account_number',
      'in_house_accounts.company_name',
      'users.id as linked_user_id',
    ])
    .where('in_house_accounts.account_number', '=', input.accountNumber)
    .where('in_house_accounts.account_phone', '=', input.accountPhone)
    .executeTakeFirst();
}

/** Checks trade account details for someone signing up: limited per client address. */
export async function verifyTradeAccountForSignUp(
  deps: AccountDeps,
  input: { accountNumber: string; accountPhone: string },
  clientAddress: string,
) {
  await consume(deps.db, [addressBucket('link', clientAddress, LIMITS.linkAddress)], deps.now ?? new Date());
  return findInHouseAccount(deps.db, input);
}

export async function customerTypeFor(db: Kysely<Database>, professional: boolean): Promise<number> {
  if (professional) {
    const type = await db
      .selectFrom('customer_types')
      .select('id')
      .where('code', '=', 'landscape_professional')
      .executeTakeFirst();
    if (type) return type.id;
  }
  const setting = await db
    .selectFrom('app_settings')
    .select('value')
    .where('key', '=', 'default_customer_type_id')
    .executeTakeFirst();
  if (typeof setting?.value === 'number') return setting.value;
  const first = await db.selectFrom('customer_types').select('id').orderBy('id').executeTakeFirstOrThrow();
  return first.id;
}

/**
 * Whether an address is already an account's, asked by the sign-up's first step so that the
 * shopper hears it there rather than after four more steps. It tells no more than the sign-up
 * itself does (spec: 'This email has already signed up…'), and is counted per address as the
 * sign-up is.
 */
export async function emailTakenForSignUp(deps: AccountDeps, email: string, clientAddress: string): Promise<boolean> {
  const limit = deps.signUpsPerHour
    ? { ...LIMITS.registerCheckAddress, max: deps.signUpsPerHour * 2 }
    : LIMITS.registerCheckAddress;
  await consume(deps.db, [addressBucket('register-check', clientAddress, limit)], deps.now ?? new Date());
  const taken = await deps.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
  return taken !== undefined;
}

export async function register(
  deps: AccountDeps,
  data: RegisterData,
  locale: Locale,
  clientAddress: string,
): Promise<RegisterResult> {
  const now = deps.now ?? new Date();
  const limit = deps.signUpsPerHour ? { ...LIMITS.registerAddress, max: deps.signUpsPerHour } : LIMITS.registerAddress;
  await consume(deps.db, [addressBucket('register', clientAddress, limit)], now);
  const taken = await deps.db.selectFrom('users').select('id').where('email', '=', data.email).executeTakeFirst();
  if (taken) return { kind: 'email_taken' };
  const location = await deps.db
    .selectFrom('locations')
    .select('id')
    .where('id', '=', data.locationId)
    .where('is_active', '=', true)
    .executeTakeFirst();
  if (!location) return { kind: 'location_invalid' };
  let inHouseAccountId: number | null = null;
  if (data.tradeAccount) {
    const account = await findInHouseAccount(deps.db, data.tradeAccount);
    if (!account) return { kind: 'trade_not_found' };
    if (account.linked_user_id) return { kind: 'trade_taken' };
    inHouseAccountId = account.id;
  }
  const passwordHash = await hashPassword(data.password);
  const customerTypeId = await customerTypeFor(deps.db, data.isLandscapeProfessional);
  let userId: string;
  try {
    // The account and its confirmation e-mail are committed together.
    userId = await deps.db.transaction().execute(async (trx) => {
      const user = await trx
        .insertInto('users')
        .values({
          email: data.email,
          first_name: data.firstName,
          last_name: data.lastName,
          phone: data.phone,
          customer_type_id: customerTypeId,
          is_landscape_professional: data.isLandscapeProfessional,
          password_hash: passwordHash,
          locale,
          default_location_id: data.locationId,
          in_house_account_id: inHouseAccountId,
          created_at: now,
          updated_at: now,
        })
        .returning(['id', 'email'])
        .executeTakeFirstOrThrow();
      const redirect = sameSitePath(data.redirect, '');
      await queueAccountMail(trx, {
        kind: 'confirm_email',
        payload: redirect ? { email: user.email, redirect } : { email: user.email },
      });
      return user.id;
    });
  } catch (error) {
    // Two sign-ups racing for one address or one trade account: the database decides.
    if (isUniqueViolation(error, 'users_email_key')) return { kind: 'email_taken' };
    if (isUniqueViolation(error, 'in_house_account_id')) return { kind: 'trade_taken' };
    throw error;
  }
  deps.mailOutbox.kick();
  return { kind: 'created', userId };
}

/**
 * Sends a new confirmation link to an unconfirmed account. Every address gets the same answer
 * after the same work: the outbox row is written whatever the address, and the worker finds
 * the unconfirmed account, if there is one (account-mail-composers.server.ts).
 */
/**
 * Queues a new confirmation link for an unconfirmed account's address (nothing is told of which
 * addresses have one). `redirect`, where the sign-up was going, is kept when it is a path of
 * this site, so the new link carries on to it as the first one did.
 */
export async function resendConfirmation(
  deps: AccountDeps,
  email: string,
  clientAddress: string,
  redirect?: string,
): Promise<void> {
  const now = deps.now ?? new Date();
  await consume(
    deps.db,
    [
      accountBucket('resend', email, LIMITS.resendAccount),
      addressBucket('resend', clientAddress, LIMITS.resendAddress),
    ],
    now,
  );
  const goingTo = sameSitePath(redirect, '');
  await queueAccountMail(deps.db, {
    kind: 'confirm_email',
    payload: goingTo ? { email, redirect: goingTo } : { email },
  });
  deps.mailOutbox.kick();
}

export type ConfirmResult =
  | { kind: 'confirmed'; userId: string }
  | { kind: 'email_changed'; userId: string; email: string }
  /** The link was followed before, and the account it confirmed is confirmed. */
  | { kind: 'already_confirmed' }
  | { kind: 'failed' };

/** Follows a confirmation link: a new account's address, or a changed address. */
export async function confirmEmail(deps: AccountDeps, token: string): Promise<ConfirmResult> {
  const now = deps.now ?? new Date();
  const row = await consumeEmailToken(deps.db, token, ['confirm_email', 'change_email'], now);
  if (!row) return (await confirmationAlreadyUsed(deps.db, token)) ? { kind: 'already_confirmed' } : { kind: 'failed' };
  if (row.purpose === 'change_email' && row.new_email) {
    const newEmail = row.new_email;
    try {
      await deps.db
        .updateTable('users')
        .set((eb) => ({ email: newEmail, email_verified_at: eb.fn.coalesce('email_verified_at', eb.val(now)) }))
        .where('id', '=', row.user_id)
        .execute();
    } catch (error) {
      // Someone signed up with that address in the meantime.
      if (isUniqueViolation(error, 'users_email_key')) return { kind: 'failed' };
      throw error;
    }
    return { kind: 'email_changed', userId: row.user_id, email: newEmail };
  }
  const welcomed = await deps.db.transaction().execute(async (trx) => {
    const user = await trx
      .updateTable('users')
      .set({ email_verified_at: now })
      .where('id', '=', row.user_id)
      .where('email_verified_at', 'is', null)
      .returning('id')
      .executeTakeFirst();
    if (user) await queueAccountMail(trx, { kind: 'welcome', payload: { userId: user.id } });
    return user !== undefined;
  });
  if (welcomed) deps.mailOutbox.kick();
  return { kind: 'confirmed', userId: row.user_id };
}

// ---------------------------------------------------------------------------------------
// Forgotten password
// ---------------------------------------------------------------------------------------

/** Counts the request against the address typed and the client; throws when over the limit. */
export async function limitPasswordResetRequest(
  deps: AccountDeps,
  email: string,
  clientAddress: string,
): Promise<void> {
  await consume(
    deps.db,
    [
      accountBucket('forgot', email, LIMITS.forgotAccount),
      addressBucket('forgot', clientAddress, LIMITS.forgotAddress),
    ],
    deps.now ?? new Date(),
  );
}

/**
 * Mails a reset link when the address has an account, nothing otherwise; either way the work
 * here is the same (one outbox row), so the answer's timing tells nothing. The worker finds
 * the account and issues the link when it composes the e-mail.
 */
export async function queuePasswordResetLink(deps: AccountDeps, email: string): Promise<void> {
  await queueAccountMail(deps.db, { kind: 'reset_password', payload: { email } });
  deps.mailOutbox.kick();
}

/**
 * Sets a new password from a reset link. Every session of the account ends; following the
 * link also proves the address, so an unconfirmed account becomes confirmed.
 */
export async function resetPassword(
  deps: AccountDeps,
  token: string,
  password: string,
): Promise<'reset' | 'expired' | PasswordWeakness> {
  const now = deps.now ?? new Date();
  // The password is judged before the link is used up, so a refused one can be retried.
  const found = await findEmailToken(deps.db, token, ['reset_password'], now);
  if (!found) return 'expired';
  const owner = await deps.db.selectFrom('users').select('email').where('id', '=', found.user_id).executeTakeFirst();
  const weakness = owner && passwordWeakness(password, owner.email);
  if (weakness) return weakness;
  const row = await consumeEmailToken(deps.db, token, ['reset_password'], now);
  if (!row) return 'expired';
  const passwordHash = await hashPassword(password);
  // The owner hears of it (with a way back if it was not them): the notice is committed with the change.
  await deps.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('users')
      .set((eb) => ({
        password_hash: passwordHash,
        email_verified_at: eb.fn.coalesce('email_verified_at', eb.val(now)),
      }))
      .where('id', '=', row.user_id)
      .execute();
    await queueAccountMail(trx, { kind: 'password_changed', payload: { userId: row.user_id } });
  });
  await revokeUserSessions(deps.db, row.user_id);
  deps.mailOutbox.kick();
  return 'reset';
}
