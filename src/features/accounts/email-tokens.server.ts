import type { Kysely } from 'kysely';
import type { Database, EmailTokenPurpose } from '../../lib/db/schema.ts';
import { issueToken, parseToken, secretMatches } from './tokens.server.ts';

/**
 * E-mail tokens (confirmation, password reset, change of address): single use, expiring,
 * stored hashed. Used by accounts.server.ts, which exports them again for its importers.
 */

const HOUR = 3_600_000;
export const EMAIL_TOKEN_TTL_MS: Record<EmailTokenPurpose, number> = {
  confirm_email: 48 * HOUR,
  reset_password: 1 * HOUR,
  change_email: 24 * HOUR,
};

/** A new token for the user and purpose; earlier unused ones of that purpose stop working. */
export async function issueEmailToken(
  db: Kysely<Database>,
  userId: string,
  purpose: EmailTokenPurpose,
  now = new Date(),
  newEmail: string | null = null,
): Promise<string> {
  await db
    .deleteFrom('email_tokens')
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .execute();
  const token = issueToken();
  await db
    .insertInto('email_tokens')
    .values({
      id: token.id,
      secret_hash: token.secretHash,
      user_id: userId,
      purpose,
      new_email: newEmail,
      created_at: now,
      expires_at: new Date(now.getTime() + EMAIL_TOKEN_TTL_MS[purpose]),
    })
    .execute();
  return token.token;
}

/** The token's row if it is valid for one of `purposes` now (not used, not expired). */
export async function findEmailToken(db: Kysely<Database>, token: string, purposes: EmailTokenPurpose[], now: Date) {
  const parsed = parseToken(token);
  if (!parsed) return undefined;
  const row = await db
    .selectFrom('email_tokens')
    .select(['id', 'secret_hash', 'user_id', 'purpose', 'new_email', 'expires_at', 'used_at'])
    .where('id', '=', parsed.id)
    .executeTakeFirst();
  if (!row || !secretMatches(parsed.secret, row.secret_hash)) return undefined;
  if (!purposes.includes(row.purpose) || row.used_at !== null || row.expires_at.getTime() <= now.getTime()) {
    return undefined;
  }
  return row;
}

/** Whether a token would be accepted, without using it (the reset page shows the form or not). */
export async function emailTokenIsValid(
  db: Kysely<Database>,
  token: string,
  purpose: EmailTokenPurpose,
  now = new Date(),
): Promise<boolean> {
  return (await findEmailToken(db, token, [purpose], now)) !== undefined;
}

/**
 * Whether `token` is a confirmation link already followed by the account it confirmed: its
 * secret matches, it was used, and the account is confirmed. A second visit to the link (from
 * the e-mail again, or another device) is told the address is confirmed, not that it failed.
 */
export async function confirmationAlreadyUsed(db: Kysely<Database>, token: string): Promise<boolean> {
  const parsed = parseToken(token);
  if (!parsed) return false;
  const row = await db
    .selectFrom('email_tokens')
    .innerJoin('users', 'users.id', 'email_tokens.user_id')
    .select(['email_tokens.secret_hash', 'email_tokens.used_at', 'users.email_verified_at'])
    .where('email_tokens.id', '=', parsed.id)
    .where('email_tokens.purpose', '=', 'confirm_email')
    .executeTakeFirst();
  if (!row || !secretMatches(parsed.secret, row.secret_hash)) return false;
  return row.used_at !== null && row.email_verified_at !== null;
}

/** Uses a token once: of two requests presenting it together, only one gets the row. */
export async function consumeEmailToken(
  db: Kysely<Database>,
  token: string,
  purposes: EmailTokenPurpose[],
  now = new Date(),
) {
  const row = await findEmailToken(db, token, purposes, now);
  if (!row) return undefined;
  const used = await db
    .updateTable('email_tokens')
    .set({ used_at: now })
    .where('id', '=', row.id)
    .where('used_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return used ? row : undefined;
}
