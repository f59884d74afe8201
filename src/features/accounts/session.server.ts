import { randomBytes } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import { placeholder, preparedStatement } from '../../lib/db/prepared.ts';
import type { Database, UsersTable } from '../../lib/db/schema.ts';
import type { SessionUser } from './session.ts';
import { issueToken, parseToken, secretMatches } from './tokens.server.ts';

/**
 * Sessions after Lucia's reference design, with the spec's access/refresh pair on top
 * (docs/decisions/015-accounts-and-sessions.md):
 * - the access session lives 30 minutes and is never extended;
 * - the refresh token lives 30 days and is rotated on every use; all tokens descended from
 *   one sign-in share a family, and a token presented again after its grace period revokes
 *   the whole family (someone else holds a copy);
 * - a family ends 90 days after its sign-in whatever its refreshes (SESSION_MAX_AGE_MS).
 */
export const ACCESS_TTL_MS = 30 * 60 * 1000;
export const REFRESH_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** Absolute lifetime from sign-in (ASVS 7.3.2): refreshing never carries a session past it. */
export const SESSION_MAX_AGE_MS = 90 * 24 * 60 * 60 * 1000;
/** Two tabs refreshing at once present the same token; within this window that is not theft. */
export const REFRESH_REUSE_GRACE_MS = 10_000;

type Db = Kysely<Database>;

export interface IssuedSession {
  sessionId: string;
  accessToken: string;
  accessExpiresAt: Date;
  refreshToken: string;
  refreshExpiresAt: Date;
  familyId: string;
}

export interface ValidSession {
  user: SessionUser;
  session: { id: string; expiresAt: Date; refreshTokenId: string | null };
}

export type RefreshOutcome =
  | { kind: 'rotated'; issued: IssuedSession; userId: string }
  | { kind: 'invalid' }
  | { kind: 'reused'; familyId: string };

export function toSessionUser(row: SessionUserRow): SessionUser {
  return {
    id: row.id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    role: row.role,
    customerTypeId: row.customer_type_id,
    customerTypeName: { en: row.customer_type_name_en, fr: row.customer_type_name_fr },
    isLandscapeProfessional: row.is_landscape_professional,
    inHouseAccountId: row.in_house_account_id,
    defaultLocationId: row.default_location_id,
    locale: row.locale,
  };
}

/** What `toSessionUser` reads: the user's columns and their customer type's names (`SESSION_USER_COLUMNS`). */
type SessionUserRow = Pick<
  Selectable<UsersTable>,
  | 'id'
  | 'email'
  | 'first_name'
  | 'last_name'
  | 'role'
  | 'customer_type_id'
  | 'is_landscape_professional'
  | 'in_house_account_id'
  | 'default_location_id'
  | 'locale'
> & { customer_type_name_en: string; customer_type_name_fr: string };

/**
 * The columns `toSessionUser` reads, from `users` joined to `customer_types` on the user's
 * type: the session lookup and the sign-in read the same.
 */
export const SESSION_USER_COLUMNS = [
  'users.id',
  'users.email',
  'users.first_name',
  'users.last_name',
  'users.role',
  'users.customer_type_id',
  'customer_types.name_en as customer_type_name_en',
  'customer_types.name_fr as customer_type_name_fr',
  'users.is_landscape_professional',
  'users.in_house_account_id',
  'users.default_location_id',
  'users.locale',
] as const;

/** A new access session and a refresh token; a new family unless one is continued. */
export async function createSession(
  db: Db,
  userId: string,
  now = new Date(),
  familyId: string = randomBytes(12).toString('base64url'),
  familyStartedAt: Date = now,
): Promise<IssuedSession> {
  const refresh = issueToken();
  const access = issueToken();
  const end = familyStartedAt.getTime() + SESSION_MAX_AGE_MS;
  const refreshExpiresAt = new Date(Math.min(now.getTime() + REFRESH_TTL_MS, end));
  const accessExpiresAt = new Date(Math.min(now.getTime() + ACCESS_TTL_MS, end));
  await db
    .insertInto('refresh_tokens')
    .values({
      id: refresh.id,
      secret_hash: refresh.secretHash,
      user_id: userId,
      family_id: familyId,
      family_started_at: familyStartedAt,
      created_at: now,
      expires_at: refreshExpiresAt,
    })
    .execute();
  await db
    .insertInto('sessions')
    .values({
      id: access.id,
      secret_hash: access.secretHash,
      user_id: userId,
      refresh_token_id: refresh.id,
      created_at: now,
      expires_at: accessExpiresAt,
    })
    .execute();
  return {
    sessionId: access.id,
    accessToken: access.token,
    accessExpiresAt,
    refreshToken: refresh.token,
    refreshExpiresAt,
    familyId,
  };
}

/** The session and its user (with the customer type's names): read on every signed-in request, so compiled and prepared once. */
const sessionStatement = preparedStatement((db) =>
  db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .innerJoin('customer_types', 'customer_types.id', 'users.customer_type_id')
    .select([
      'sessions.id as session_id',
      'sessions.secret_hash',
      'sessions.expires_at',
      'sessions.refresh_token_id',
      ...SESSION_USER_COLUMNS,
    ])
    .where('sessions.id', '=', placeholder<string>('id')),
);

/** The user behind an access token, or null: one indexed query and one constant-time compare. */
export async function validateSessionToken(db: Db, token: string | null | undefined, now = new Date()) {
  const parsed = parseToken(token);
  if (!parsed) return null;
  const [row] = (await sessionStatement(db, { id: parsed.id })).rows;
  if (!row || !secretMatches(parsed.secret, row.secret_hash)) return null;
  if (row.expires_at.getTime() <= now.getTime()) {
    await db.deleteFrom('sessions').where('id', '=', row.session_id).execute();
    return null;
  }
  return {
    user: toSessionUser(row),
    session: { id: row.session_id, expiresAt: row.expires_at, refreshTokenId: row.refresh_token_id },
  } satisfies ValidSession;
}

/**
 * Trades a refresh token for a new access session and a new refresh token of the same
 * family. The old access session ends with it.
 */
export async function rotateRefreshToken(db: Db, token: string | null | undefined, now = new Date()) {
  const parsed = parseToken(token);
  if (!parsed) return { kind: 'invalid' } satisfies RefreshOutcome;
  const row = await db
    .selectFrom('refresh_tokens')
    .select(['id', 'secret_hash', 'user_id', 'family_id', 'family_started_at', 'expires_at', 'used_at'])
    .where('id', '=', parsed.id)
    .executeTakeFirst();
  if (!row || !secretMatches(parsed.secret, row.secret_hash)) return { kind: 'invalid' } satisfies RefreshOutcome;
  const ended = row.family_started_at.getTime() + SESSION_MAX_AGE_MS <= now.getTime();
  if (row.expires_at.getTime() <= now.getTime() || ended) {
    await revokeFamily(db, row.family_id);
    return { kind: 'invalid' } satisfies RefreshOutcome;
  }
  let firstUse = row.used_at === null;
  if (firstUse) {
    // Only one of two concurrent requests marks it; the other takes the grace path.
    const marked = await db
      .updateTable('refresh_tokens')
      .set({ used_at: now })
      .where('id', '=', row.id)
      .where('used_at', 'is', null)
      .returning('id')
      .executeTakeFirst();
    firstUse = marked !== undefined;
  } else if (now.getTime() - (row.used_at?.getTime() ?? 0) > REFRESH_REUSE_GRACE_MS) {
    await revokeFamily(db, row.family_id);
    return { kind: 'reused', familyId: row.family_id } satisfies RefreshOutcome;
  }
  if (firstUse) await db.deleteFrom('sessions').where('refresh_token_id', '=', row.id).execute();
  const issued = await createSession(db, row.user_id, now, row.family_id, row.family_started_at);
  return { kind: 'rotated', issued, userId: row.user_id } satisfies RefreshOutcome;
}

/** Ends every session and refresh token descended from one sign-in. */
export async function revokeFamily(db: Db, familyId: string): Promise<void> {
  await db
    .deleteFrom('sessions')
    .where('refresh_token_id', 'in', db.selectFrom('refresh_tokens').select('id').where('family_id', '=', familyId))
    .execute();
  await db.deleteFrom('refresh_tokens').where('family_id', '=', familyId).execute();
}

/**
 * Sign-out: the access session and the refresh family of the presented tokens. A token is
 * only acted on when its secret matches, so knowing an id is not enough to end a session.
 */
export async function revokeTokens(
  db: Db,
  tokens: { accessToken?: string | null; refreshToken?: string | null },
): Promise<void> {
  const access = parseToken(tokens.accessToken);
  if (access) {
    const row = await db
      .selectFrom('sessions')
      .select(['id', 'secret_hash', 'refresh_token_id'])
      .where('id', '=', access.id)
      .executeTakeFirst();
    if (row && secretMatches(access.secret, row.secret_hash)) {
      await db.deleteFrom('sessions').where('id', '=', row.id).execute();
      if (row.refresh_token_id) {
        const family = await db
          .selectFrom('refresh_tokens')
          .select('family_id')
          .where('id', '=', row.refresh_token_id)
          .executeTakeFirst();
        if (family) await revokeFamily(db, family.family_id);
      }
    }
  }
  const refresh = parseToken(tokens.refreshToken);
  if (refresh) {
    const row = await db
      .selectFrom('refresh_tokens')
      .select(['secret_hash', 'family_id'])
      .where('id', '=', refresh.id)
      .executeTakeFirst();
    if (row && secretMatches(refresh.secret, row.secret_hash)) await revokeFamily(db, row.family_id);
  }
}

/** Every session of a user ends (password reset, account link change), or all but one family. */
export async function revokeUserSessions(db: Db, userId: string, keepFamilyId?: string): Promise<void> {
  let families = db.selectFrom('refresh_tokens').select('id').where('user_id', '=', userId);
  if (keepFamilyId) families = families.where('family_id', '<>', keepFamilyId);
  await db
    .deleteFrom('sessions')
    .where('user_id', '=', userId)
    .where((eb) =>
      keepFamilyId ? eb.or([eb('refresh_token_id', 'is', null), eb('refresh_token_id', 'in', families)]) : eb.lit(true),
    )
    .execute();
  let tokens = db.deleteFrom('refresh_tokens').where('user_id', '=', userId);
  if (keepFamilyId) tokens = tokens.where('family_id', '<>', keepFamilyId);
  await tokens.execute();
}

/** Housekeeping at sign-in: a user's expired sessions and refresh tokens. */
export async function pruneExpired(db: Db, userId: string, now = new Date()): Promise<void> {
  await db.deleteFrom('sessions').where('user_id', '=', userId).where('expires_at', '<=', now).execute();
  await db.deleteFrom('refresh_tokens').where('user_id', '=', userId).where('expires_at', '<=', now).execute();
}

/** The family of the refresh token an access session was issued with. */
export async function familyOfSession(db: Db, refreshTokenId: string | null): Promise<string | undefined> {
  if (!refreshTokenId) return undefined;
  const row = await db
    .selectFrom('refresh_tokens')
    .select('family_id')
    .where('id', '=', refreshTokenId)
    .executeTakeFirst();
  return row?.family_id;
}
