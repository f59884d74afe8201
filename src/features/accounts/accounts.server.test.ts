import { describe, expect, it, vi } from 'vitest';

/** Counts the password hash checks, the work the attempt limits protect. */
const hashChecks = vi.hoisted(() => ({ count: 0 }));
vi.mock('./password.server.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('./password.server.ts')>();
  return {
    ...original,
    verifyPassword: (...args: Parameters<typeof original.verifyPassword>) => {
      hashChecks.count += 1;
      return original.verifyPassword(...args);
    },
  };
});

import { createUser, memoryMailer, PASSWORD, tokenFromMail, uniqueEmail } from '../../../tests/factories/accounts.ts';
import { ENGINES } from '../../../tests/support/databases.ts';
import { drainOutbox, retryDelayMs } from '../../lib/mail/outbox.server.ts';
import {
  accountAddressBucket,
  accountBucket,
  addressBucket,
  LIMITS,
  RateLimitedError,
  recordHit,
} from '../../lib/rate-limit.server.ts';
import {
  confirmEmail,
  EMAIL_TOKEN_TTL_MS,
  emailTakenForSignUp,
  issueEmailToken,
  register,
  resendConfirmation,
  signIn,
} from './accounts.server.ts';
import { SITE, useAccountsSuite } from './accounts.test-support.ts';
import type { RegisterData } from './accounts.ts';
import { verifyPassword } from './password.server.ts';
import { validateSessionToken } from './session.server.ts';

describe.each(ENGINES)('accounts on %s', (engine) => {
  const { db, fixtures: reference, composers, deps, rowsFor, nextAddress } = useAccountsSuite(engine);

  describe('sign-in', () => {
    it('opens a new session for the right password', async () => {
      const user = await createUser(db());
      const result = await signIn(deps(), { email: user.email, password: PASSWORD }, nextAddress());
      expect(result.kind).toBe('signed_in');
      if (result.kind !== 'signed_in') return;
      expect((await validateSessionToken(db(), result.issued.accessToken))?.user.id).toBe(user.id);
      const again = await signIn(deps(), { email: user.email, password: PASSWORD }, nextAddress());
      if (again.kind !== 'signed_in') throw new Error('expected a second sign-in');
      expect(again.issued.sessionId).not.toBe(result.issued.sessionId);
    });

    it('records the time of each successful sign-in', async () => {
      const user = await createUser(db());
      const lastSignIn = () =>
        db().selectFrom('users').select('last_sign_in_at').where('id', '=', user.id).executeTakeFirstOrThrow();
      expect((await lastSignIn()).last_sign_in_at).toBeNull();
      const now = new Date('2026-03-02T15:04:05.000Z');
      await signIn(deps({ now }), { email: user.email, password: PASSWORD }, nextAddress());
      expect((await lastSignIn()).last_sign_in_at?.toISOString()).toBe(now.toISOString());
      await signIn(deps({ now }), { email: user.email, password: 'a wrong password' }, nextAddress());
      expect((await lastSignIn()).last_sign_in_at?.toISOString()).toBe(now.toISOString());
    });

    it('answers an unknown address and a wrong password the same way', async () => {
      const user = await createUser(db());
      expect(await signIn(deps(), { email: user.email, password: 'wrong password' }, nextAddress())).toEqual({
        kind: 'invalid',
      });
      expect(await signIn(deps(), { email: uniqueEmail('nobody'), password: PASSWORD }, nextAddress())).toEqual({
        kind: 'invalid',
      });
    });

    it('tells an unconfirmed account apart only after the right password', async () => {
      const user = await createUser(db(), { verified: false });
      expect((await signIn(deps(), { email: user.email, password: 'wrong' }, nextAddress())).kind).toBe('invalid');
      expect((await signIn(deps(), { email: user.email, password: PASSWORD }, nextAddress())).kind).toBe('unverified');
    });

    it('brute force from one address: refused past the limit there, while the owner signs in from another at once', async () => {
      const user = await createUser(db());
      const attacker = nextAddress();
      const now = new Date();
      // Nine failures already counted from the attacker's address, then the tenth tried.
      const bucket = accountAddressBucket('sign-in', user.email, attacker, LIMITS.signInAccountAddress);
      for (let i = 0; i < LIMITS.signInAccountAddress.max - 1; i++) await recordHit(db(), [bucket], now);
      expect((await signIn(deps({ now }), { email: user.email, password: 'wrong' }, attacker)).kind).toBe('invalid');
      await expect(signIn(deps({ now }), { email: user.email, password: PASSWORD }, attacker)).rejects.toBeInstanceOf(
        RateLimitedError,
      );
      expect((await signIn(deps({ now }), { email: user.email, password: PASSWORD }, nextAddress())).kind).toBe(
        'signed_in',
      );
    });

    it('race: 30 parallel wrong guesses cost at most the limit in hash checks; the rest are refused with a retry time', async () => {
      const user = await createUser(db());
      const attacker = nextAddress();
      hashChecks.count = 0;
      const results = await Promise.allSettled(
        Array.from({ length: 30 }, (_, i) => signIn(deps(), { email: user.email, password: `guess ${i}` }, attacker)),
      );
      const refused = results.filter(
        (result) => result.status === 'rejected' && result.reason instanceof RateLimitedError,
      ) as PromiseRejectedResult[];
      console.log(`[hash checks] 30 parallel wrong guesses on ${engine}: ${hashChecks.count} hash checks`);
      expect(hashChecks.count).toBeLessThanOrEqual(LIMITS.signInAccountAddress.max);
      expect(refused).toHaveLength(30 - LIMITS.signInAccountAddress.max);
      for (const result of refused) expect((result.reason as RateLimitedError).retryAfterSeconds).toBeGreaterThan(0);
    });

    it('a right password gives its attempt back: the owner is never counted against the limit', async () => {
      const user = await createUser(db());
      const client = nextAddress();
      for (let i = 0; i < LIMITS.signInAccountAddress.max + 2; i++) {
        expect((await signIn(deps(), { email: user.email, password: PASSWORD }, client)).kind).toBe('signed_in');
      }
    });

    it('guessing from many addresses passes the ceiling and slows down, yet the owner still signs in', async () => {
      const user = await createUser(db());
      const now = new Date();
      // Failures from many addresses, as a distributed guessing run would leave them.
      const ceiling = accountBucket('sign-in', user.email, LIMITS.signInAccountCeiling);
      for (let i = 0; i < LIMITS.signInAccountCeiling.max + 1; i++) await recordHit(db(), [ceiling], now);
      expect((await signIn(deps({ now }), { email: user.email, password: PASSWORD }, nextAddress())).kind).toBe(
        'signed_in',
      );
      // The right password gave its attempt back.
      const [count] = await recordHit(db(), [ceiling], now);
      expect(count).toBe(LIMITS.signInAccountCeiling.max + 2);
    });

    it('limits failed attempts per client address, across accounts', async () => {
      const client = nextAddress();
      const now = new Date();
      // A hundred failures from one address, as a credential-stuffing run would leave them.
      const bucket = addressBucket('sign-in', client, LIMITS.signInAddress);
      for (let i = 0; i < LIMITS.signInAddress.max - 1; i++) await recordHit(db(), [bucket], now);
      await signIn(deps({ now }), { email: uniqueEmail('spray'), password: 'wrong' }, client);
      const user = await createUser(db());
      await expect(signIn(deps({ now }), { email: user.email, password: PASSWORD }, client)).rejects.toBeInstanceOf(
        RateLimitedError,
      );
      // Another address is not affected.
      expect((await signIn(deps({ now }), { email: user.email, password: PASSWORD }, nextAddress())).kind).toBe(
        'signed_in',
      );
    });
  });

  describe('sign-up and confirmation', () => {
    const data = (overrides: Partial<RegisterData> = {}): RegisterData => ({
      firstName: 'Grace',
      lastName: 'Hopper',
      email: uniqueEmail('new'),
      phone: '905-555-0123',
      password: 'a long enough passphrase',
      confirmPassword: 'a long enough passphrase',
      isLandscapeProfessional: false,
      tradeAccount: null,
      locationId: reference().locationId,
      ...overrides,
    });

    it('creates an unconfirmed account and mails an absolute, localized confirmation link', async () => {
      const d = deps();
      const input = data();
      const result = await register(d, input, 'fr', nextAddress());
      expect(result).toMatchObject({ kind: 'created' });
      expect(d.mailOutbox.kicks).toBe(1);
      const user = await db()
        .selectFrom('users')
        .selectAll()
        .where('email', '=', input.email)
        .executeTakeFirstOrThrow();
      expect(user.email_verified_at).toBeNull();
      expect(user.locale).toBe('fr');
      expect(user.default_location_id).toBe(reference().locationId);
      expect(await verifyPassword(user.password_hash, input.password)).toBe(true);
      const [mail] = await d.mailOutbox.sentTo(input.email);
      expect(mail?.to).toBe(input.email);
      expect(mail?.locale).toBe('fr');
      expect(mail?.subject).toBe('Confirmez votre compte Pépinières Northfield');
      expect(mail?.text).toContain(`${SITE}/fr/auth/confirm/`);
      // Following the link confirms once; the welcome follows in the same language.
      const token = tokenFromMail(mail as NonNullable<typeof mail>, 'confirm');
      expect(await confirmEmail(d, token)).toMatchObject({ kind: 'confirmed' });
      expect(d.mailOutbox.kicks).toBe(2);
      const [, welcome] = await d.mailOutbox.sentTo(input.email);
      expect(welcome?.kind).toBe('welcome');
      expect(welcome?.subject).toBe('Bienvenue chez Pépinières Northfield');
      // Followed again: the address is confirmed already, and nothing more is sent.
      expect(await confirmEmail(d, token)).toEqual({ kind: 'already_confirmed' });
      expect(await d.mailOutbox.sentTo(input.email)).toHaveLength(2);
    });

    it('carries the way to checkout a sign-up began on into its confirmation link, and nothing off the site', async () => {
      const d = deps();
      const french = data({ redirect: '/fr/checkout' });
      expect(await register(d, french, 'fr', nextAddress())).toMatchObject({ kind: 'created' });
      const [mail] = await d.mailOutbox.sentTo(french.email);
      const token = tokenFromMail(mail as NonNullable<typeof mail>, 'confirm');
      expect(mail?.text).toContain(`${SITE}/fr/auth/confirm/${token}?redirect=%2Ffr%2Fcheckout`);

      const foreign = data({ redirect: 'https://evil.example/checkout' });
      await register(d, foreign, 'en', nextAddress());
      const [plain] = await d.mailOutbox.sentTo(foreign.email);
      expect(plain?.text).not.toContain('redirect=');
      expect(plain?.text).not.toContain('evil.example');
    });

    it('refuses an address already signed up', async () => {
      const existing = await createUser(db());
      expect(await register(deps(), data({ email: existing.email }), 'en', nextAddress())).toEqual({
        kind: 'email_taken',
      });
    });

    it('tells the first step whether an address is taken, counted per address', async () => {
      const existing = await createUser(db());
      const from = nextAddress();
      expect(await emailTakenForSignUp(deps(), existing.email, from)).toBe(true);
      expect(await emailTakenForSignUp(deps(), uniqueEmail('free'), from)).toBe(false);
      const counted = await db()
        .selectFrom('rate_limits')
        .select('hits')
        .where('bucket', '=', `register-check:address:${from}`)
        .executeTakeFirstOrThrow();
      expect(counted.hits).toBe(2);
    });

    it('links a trade account whose number and phone match, once', async () => {
      const professional = data({
        isLandscapeProfessional: true,
        tradeAccount: { accountNumber: 'TA-100300', accountPhone: '905-555-0000' },
      });
      expect(await register(deps(), professional, 'en', nextAddress())).toEqual({ kind: 'trade_not_found' });
      const matching = data({
        isLandscapeProfessional: true,
        tradeAccount: {
          accountNumber: reference().inHouseAccount.accountNumber,
          accountPhone: reference().inHouseAccount.accountPhone,
        },
      });
      const created = await register(deps(), matching, 'en', nextAddress());
      expect(created.kind).toBe('created');
      const user = await db()
        .selectFrom('users')
        .selectAll()
        .where('email', '=', matching.email)
        .executeTakeFirstOrThrow();
      expect(user.in_house_account_id).toBe(reference().inHouseAccount.id);
      expect(user.customer_type_id).toBe(2);
      const second = data({ isLandscapeProfessional: true, tradeAccount: matching.tradeAccount });
      expect(await register(deps(), second, 'en', nextAddress())).toEqual({ kind: 'trade_taken' });
      await db().updateTable('users').set({ in_house_account_id: null }).where('id', '=', user.id).execute();
    });

    it('keeps the account when the confirmation cannot be sent, and sends it on a later attempt', async () => {
      const input = data();
      const result = await register(deps(), input, 'en', nextAddress());
      expect(result).toMatchObject({ kind: 'created' });
      const down = memoryMailer({ fail: true });
      await drainOutbox(db(), down, composers);
      const [row] = await rowsFor(input.email);
      expect([row?.kind, row?.attempts, row?.sent_at, row?.last_error]).toEqual([
        'confirm_email',
        1,
        null,
        'SMTP server unreachable',
      ]);
      const up = memoryMailer();
      await drainOutbox(db(), up, composers, { now: () => new Date(Date.now() + retryDelayMs(1)) });
      expect(up.sent.filter((mail) => mail.to === input.email).map((mail) => mail.kind)).toEqual(['confirm_email']);
      expect((await rowsFor(input.email))[0]?.sent_at).not.toBeNull();
    });

    it('race: of two sign-ups with one address, one account and one confirmation e-mail are committed', async () => {
      const input = data();
      const results = await Promise.all([
        register(deps(), input, 'en', nextAddress()),
        register(deps(), input, 'en', nextAddress()),
      ]);
      expect(results.map((result) => result.kind).sort()).toEqual(['created', 'email_taken']);
      expect((await rowsFor(input.email)).map((row) => row.kind)).toEqual(['confirm_email']);
    });

    it('refuses a bad or expired confirmation link', async () => {
      const user = await createUser(db(), { verified: false });
      const now = new Date();
      const token = await issueEmailToken(db(), user.id, 'confirm_email', now);
      expect(await confirmEmail(deps(), `${token}x`)).toEqual({ kind: 'failed' });
      const late = new Date(now.getTime() + EMAIL_TOKEN_TTL_MS.confirm_email + 1);
      expect(await confirmEmail(deps({ now: late }), token)).toEqual({ kind: 'failed' });
      expect(await confirmEmail(deps(), token)).toMatchObject({ kind: 'confirmed' });
      // A used link with the wrong secret says nothing of the account.
      expect(await confirmEmail(deps(), `${token}x`)).toEqual({ kind: 'failed' });
      expect(await confirmEmail(deps(), token)).toEqual({ kind: 'already_confirmed' });
    });

    it('resends a link to an unconfirmed account only, after the same work for any address', async () => {
      const unconfirmed = await createUser(db(), { verified: false });
      const confirmed = await createUser(db());
      const ghost = uniqueEmail('ghost');
      const d = deps();
      for (const email of [confirmed.email, ghost, unconfirmed.email]) {
        await resendConfirmation(d, email, nextAddress());
        // One outbox row whatever the address: the answer's timing tells nothing.
        expect((await rowsFor(email)).map((row) => row.kind)).toEqual(['confirm_email']);
      }
      expect(await d.mailOutbox.sentTo(confirmed.email)).toHaveLength(0);
      expect(await d.mailOutbox.sentTo(ghost)).toHaveLength(0);
      const [first] = await d.mailOutbox.sentTo(unconfirmed.email);
      await resendConfirmation(d, unconfirmed.email, nextAddress());
      const [, second] = await d.mailOutbox.sentTo(unconfirmed.email);
      // The newest link replaced the one before it.
      expect(await confirmEmail(d, tokenFromMail(first as NonNullable<typeof first>, 'confirm'))).toEqual({
        kind: 'failed',
      });
      expect(await confirmEmail(d, tokenFromMail(second as NonNullable<typeof second>, 'confirm'))).toMatchObject({
        kind: 'confirmed',
      });
    });

    it('carries the way to checkout into a resent link too, and nothing off the site', async () => {
      const d = deps();
      const going = await createUser(db(), { verified: false });
      await resendConfirmation(d, going.email, nextAddress(), '/checkout');
      const [mail] = await d.mailOutbox.sentTo(going.email);
      const token = tokenFromMail(mail as NonNullable<typeof mail>, 'confirm');
      expect(mail?.text).toContain(`/auth/confirm/${token}?redirect=%2Fcheckout`);
      const lured = await createUser(db(), { verified: false });
      await resendConfirmation(d, lured.email, nextAddress(), '//evil.example/checkout');
      const [plain] = await d.mailOutbox.sentTo(lured.email);
      expect(plain?.text).not.toContain('redirect=');
      expect(plain?.text).not.toContain('evil.example');
    });

    it('limits resends per account', async () => {
      const unconfirmed = await createUser(db(), { verified: false });
      for (let i = 0; i < LIMITS.resendAccount.max; i++)
        await resendConfirmation(deps(), unconfirmed.email, nextAddress());
      await expect(resendConfirmation(deps(), unconfirmed.email, nextAddress())).rejects.toBeInstanceOf(
        RateLimitedError,
      );
    });
  });
});
