import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, seedAccountReference } from '../../../tests/factories/accounts.ts';
import { ENGINES } from '../../../tests/support/databases.ts';
import { useTestDatabase } from '../../../tests/support/suite-database.ts';
import {
  ACCESS_TTL_MS,
  createSession,
  REFRESH_REUSE_GRACE_MS,
  REFRESH_TTL_MS,
  revokeTokens,
  revokeUserSessions,
  rotateRefreshToken,
  SESSION_MAX_AGE_MS,
  validateSessionToken,
} from './session.server.ts';
import { sessionData } from './session-data.server.ts';
import { hashSecret, issueToken, parseToken, secretMatches } from './tokens.server.ts';

describe('tokens', () => {
  it('are <id>.<secret> from the CSPRNG, and only the hash of the secret is kept', () => {
    const a = issueToken();
    const b = issueToken();
    expect(a.token).toMatch(/^[A-Za-z0-9_-]{20}\.[A-Za-z0-9_-]{43}$/);
    expect(a.token).not.toBe(b.token);
    const parsed = parseToken(a.token);
    expect(parsed?.id).toBe(a.id);
    expect(Buffer.from(a.secretHash).toString('hex')).not.toContain(Buffer.from(parsed?.secret ?? '').toString('hex'));
    expect(secretMatches(parsed?.secret ?? '', a.secretHash)).toBe(true);
    expect(secretMatches(`${parsed?.secret}x`, a.secretHash)).toBe(false);
  });

  it('rejects anything not shaped like a token before any lookup', () => {
    for (const bad of [
      '',
      'abc',
      'a.b',
      `${'a'.repeat(20)}.`,
      `.${'a'.repeat(43)}`,
      `${'a'.repeat(20)}.${'b'.repeat(43)}.c`,
    ]) {
      expect(parseToken(bad)).toBeNull();
    }
    expect(parseToken(`${'a'.repeat(20)}.${'b'.repeat(43)}`)).not.toBeNull();
  });

  it('compares secrets in constant time (timingSafeEqual over equal-length hashes)', () => {
    // A hash of the wrong length is refused outright rather than compared.
    expect(secretMatches('x'.repeat(43), new Uint8Array(16))).toBe(false);
    expect(hashSecret('same')).toEqual(hashSecret('same'));
  });
});

describe.each(ENGINES)('sessions on %s', (engine) => {
  const db = useTestDatabase(engine);
  let userId: string;
  beforeAll(async () => {
    await seedAccountReference(db());
    userId = (await createUser(db())).id;
  });

  it('creates a 30-minute access session and a 30-day refresh token, storing neither token', async () => {
    const now = new Date('2026-05-01T12:00:00Z');
    const issued = await createSession(db(), userId, now);
    expect(issued.accessExpiresAt.getTime() - now.getTime()).toBe(ACCESS_TTL_MS);
    expect(issued.refreshExpiresAt.getTime() - now.getTime()).toBe(REFRESH_TTL_MS);
    const row = await db()
      .selectFrom('sessions')
      .selectAll()
      .where('id', '=', issued.sessionId)
      .executeTakeFirstOrThrow();
    const secret = issued.accessToken.split('.')[1] ?? '';
    expect(Buffer.from(row.secret_hash).toString('base64url')).not.toBe(secret);
    const valid = await validateSessionToken(db(), issued.accessToken, new Date(now.getTime() + 60_000));
    expect(valid?.user.id).toBe(userId);
    expect(valid?.user.email).toMatch(/@example\.com$/);
  });

  it("reads the user's customer type with the session, so GET /api/session needs no other statement", async () => {
    const type = await db()
      .selectFrom('customer_types')
      .select(['name_en', 'name_fr'])
      .where('id', '=', 1)
      .executeTakeFirstOrThrow();
    const issued = await createSession(db(), userId);
    const valid = await validateSessionToken(db(), issued.accessToken);
    expect(valid?.user.customerTypeName).toEqual({ en: type.name_en, fr: type.name_fr });
    const user = valid?.user;
    if (!user) throw new Error('no session');
    expect(sessionData(user, 'fr').customer_type).toEqual({ id: 1, name: type.name_fr });
    expect(sessionData(user, 'en').customer_type).toEqual({ id: 1, name: type.name_en });
  });

  it('refuses a wrong secret, an unknown id and an expired session', async () => {
    const now = new Date();
    const issued = await createSession(db(), userId, now);
    const [id] = issued.accessToken.split('.');
    expect(await validateSessionToken(db(), `${id}.${'A'.repeat(43)}`, now)).toBeNull();
    expect(await validateSessionToken(db(), `${'B'.repeat(20)}.${'A'.repeat(43)}`, now)).toBeNull();
    expect(await validateSessionToken(db(), issued.accessToken, new Date(now.getTime() + ACCESS_TTL_MS))).toBeNull();
    // The expired row is gone.
    expect(
      await db().selectFrom('sessions').select('id').where('id', '=', issued.sessionId).executeTakeFirst(),
    ).toBeUndefined();
  });

  it('rotates the refresh token: a new pair, the old access session ends, the old token is spent', async () => {
    const now = new Date();
    const first = await createSession(db(), userId, now);
    const later = new Date(now.getTime() + 26 * 60_000);
    const outcome = await rotateRefreshToken(db(), first.refreshToken, later);
    expect(outcome.kind).toBe('rotated');
    if (outcome.kind !== 'rotated') return;
    expect(outcome.issued.familyId).toBe(first.familyId);
    expect(outcome.issued.refreshToken).not.toBe(first.refreshToken);
    expect(await validateSessionToken(db(), first.accessToken, later)).toBeNull();
    expect((await validateSessionToken(db(), outcome.issued.accessToken, later))?.user.id).toBe(userId);
  });

  it('session fixation over time: refreshing every 29 days never carries a sign-in past 90 days', async () => {
    const signedIn = new Date('2026-01-01T00:00:00Z');
    const end = signedIn.getTime() + SESSION_MAX_AGE_MS;
    let issued = await createSession(db(), userId, signedIn);
    for (const day of [29, 58, 87]) {
      const at = new Date(signedIn.getTime() + day * 24 * 3600_000);
      const outcome = await rotateRefreshToken(db(), issued.refreshToken, at);
      if (outcome.kind !== 'rotated') throw new Error(`expected a rotation on day ${day}`);
      issued = outcome.issued;
      expect(issued.refreshExpiresAt.getTime()).toBeLessThanOrEqual(end);
      expect(issued.accessExpiresAt.getTime()).toBeLessThanOrEqual(end);
    }
    expect(issued.refreshExpiresAt.getTime()).toBe(end);
    const after = await rotateRefreshToken(db(), issued.refreshToken, new Date(end + 1000));
    expect(after.kind).toBe('invalid');
    expect(await validateSessionToken(db(), issued.accessToken, new Date(end + 1000))).toBeNull();
  });

  it('lets two tabs refresh with one token at the same moment', async () => {
    const now = new Date();
    const first = await createSession(db(), userId, now);
    const a = await rotateRefreshToken(db(), first.refreshToken, new Date(now.getTime() + 1000));
    const b = await rotateRefreshToken(
      db(),
      first.refreshToken,
      new Date(now.getTime() + 1000 + REFRESH_REUSE_GRACE_MS / 2),
    );
    expect(a.kind).toBe('rotated');
    expect(b.kind).toBe('rotated');
  });

  it('revokes the whole family when a spent token comes back later (theft)', async () => {
    const now = new Date();
    const first = await createSession(db(), userId, now);
    const rotated = await rotateRefreshToken(db(), first.refreshToken, now);
    if (rotated.kind !== 'rotated') throw new Error('expected a rotation');
    const replay = await rotateRefreshToken(
      db(),
      first.refreshToken,
      new Date(now.getTime() + REFRESH_REUSE_GRACE_MS + 1000),
    );
    expect(replay).toEqual({ kind: 'reused', familyId: first.familyId });
    // The thief's replay also ends the legitimate holder's current pair.
    expect(await validateSessionToken(db(), rotated.issued.accessToken, now)).toBeNull();
    expect((await rotateRefreshToken(db(), rotated.issued.refreshToken, now)).kind).toBe('invalid');
  });

  it('refuses an expired or forged refresh token', async () => {
    const now = new Date();
    const first = await createSession(db(), userId, now);
    const [id] = first.refreshToken.split('.');
    expect((await rotateRefreshToken(db(), `${id}.${'Z'.repeat(43)}`, now)).kind).toBe('invalid');
    expect((await rotateRefreshToken(db(), first.refreshToken, new Date(now.getTime() + REFRESH_TTL_MS))).kind).toBe(
      'invalid',
    );
  });

  it('signs out: the access session and its refresh family end on the server', async () => {
    const now = new Date();
    const issued = await createSession(db(), userId, now);
    await revokeTokens(db(), { accessToken: issued.accessToken, refreshToken: issued.refreshToken });
    expect(await validateSessionToken(db(), issued.accessToken, now)).toBeNull();
    expect(
      await db().selectFrom('refresh_tokens').select('id').where('family_id', '=', issued.familyId).executeTakeFirst(),
    ).toBeUndefined();
  });

  it('does not end a session for someone who only knows its id', async () => {
    const now = new Date();
    const issued = await createSession(db(), userId, now);
    const [id] = issued.accessToken.split('.');
    await revokeTokens(db(), { accessToken: `${id}.${'Q'.repeat(43)}` });
    expect(await validateSessionToken(db(), issued.accessToken, now)).not.toBeNull();
  });

  it('ends every session of a user but the one kept', async () => {
    const other = (await createUser(db())).id;
    const now = new Date();
    const kept = await createSession(db(), other, now);
    const ended = await createSession(db(), other, now);
    await revokeUserSessions(db(), other, kept.familyId);
    expect(await validateSessionToken(db(), kept.accessToken, now)).not.toBeNull();
    expect(await validateSessionToken(db(), ended.accessToken, now)).toBeNull();
    await revokeUserSessions(db(), other);
    expect(await validateSessionToken(db(), kept.accessToken, now)).toBeNull();
  });
});
