import { describe, expect, it } from 'vitest';
import { createUser, PASSWORD, tokenFromMail, uniqueEmail } from '../../../tests/factories/accounts.ts';
import { ENGINES } from '../../../tests/support/databases.ts';
import { LIMITS, RateLimitedError } from '../../lib/rate-limit.server.ts';
import {
  consumeEmailToken,
  EMAIL_TOKEN_TTL_MS,
  emailTokenIsValid,
  issueEmailToken,
  limitPasswordResetRequest,
  queuePasswordResetLink,
  resetPassword,
  signIn,
} from './accounts.server.ts';
import { SITE, useAccountsSuite } from './accounts.test-support.ts';
import { validateSessionToken } from './session.server.ts';

describe.each(ENGINES)('accounts on %s: password reset and e-mail tokens', (engine) => {
  const { db, deps, rowsFor, nextAddress } = useAccountsSuite(engine);

  describe('password reset', () => {
    it('mails a one-hour, single-use link; the new password works and every session ends', async () => {
      const user = await createUser(db(), { locale: 'fr' });
      const d = deps();
      const signedIn = await signIn(d, { email: user.email, password: PASSWORD }, nextAddress());
      await queuePasswordResetLink(d, user.email);
      expect(d.mailOutbox.kicks).toBe(1);
      const [mail] = await d.mailOutbox.sentTo(user.email);
      expect(mail?.text).toContain(`${SITE}/fr/auth/reset-password/`);
      const token = tokenFromMail(mail as NonNullable<typeof mail>, 'reset-password');
      expect(await emailTokenIsValid(db(), token, 'reset_password')).toBe(true);
      expect(await resetPassword(d, token, 'a brand new passphrase')).toBe('reset');
      expect(await resetPassword(d, token, 'another passphrase')).toBe('expired');
      if (signedIn.kind === 'signed_in') {
        expect(await validateSessionToken(db(), signedIn.issued.accessToken)).toBeNull();
      }
      expect((await signIn(d, { email: user.email, password: 'a brand new passphrase' }, nextAddress())).kind).toBe(
        'signed_in',
      );
    });

    it('says in the reset e-mail that the account is signed in, and mails the owner once the password changed', async () => {
      const user = await createUser(db(), { locale: 'fr' });
      const d = deps();
      await signIn(d, { email: user.email, password: PASSWORD }, nextAddress());
      await queuePasswordResetLink(d, user.email);
      const [reset] = await d.mailOutbox.sentTo(user.email);
      if (!reset) throw new Error('no reset e-mail');
      expect(reset.text).toContain('Votre compte est actuellement connecté sur au moins un appareil.');
      const token = tokenFromMail(reset, 'reset-password');
      // A common password or one holding the address is refused, and the link still works.
      expect(await resetPassword(d, token, 'password1')).toBe('common');
      expect(await resetPassword(d, token, `${user.email} again`)).toBe('email');
      expect(await resetPassword(d, token, 'a brand new passphrase')).toBe('reset');
      const [, notice] = await d.mailOutbox.sentTo(user.email);
      expect(notice?.to).toBe(user.email);
      expect(notice?.kind).toBe('password_changed');
      expect(notice?.subject).toBe('Votre mot de passe Pépinières Northfield a été changé');
    });

    it('does not mention a sign-in in the reset e-mail of an account signed in nowhere', async () => {
      const user = await createUser(db());
      const d = deps();
      await queuePasswordResetLink(d, user.email);
      const [mail] = await d.mailOutbox.sentTo(user.email);
      expect(mail?.kind).toBe('reset_password');
      expect(mail?.text).not.toContain('signed in on at least one device');
    });

    it('sends nothing for an unknown address, after the same work as for a known one', async () => {
      const d = deps();
      const ghost = uniqueEmail('ghost');
      await queuePasswordResetLink(d, ghost);
      expect((await rowsFor(ghost)).map((row) => row.kind)).toEqual(['reset_password']);
      expect(await d.mailOutbox.sentTo(ghost)).toHaveLength(0);
      // Done, not retried: there was nothing to send.
      expect((await rowsFor(ghost))[0]?.sent_at).not.toBeNull();
    });

    it('refuses an expired link', async () => {
      const user = await createUser(db());
      const now = new Date();
      const token = await issueEmailToken(db(), user.id, 'reset_password', now);
      const late = new Date(now.getTime() + EMAIL_TOKEN_TTL_MS.reset_password + 1);
      expect(await emailTokenIsValid(db(), token, 'reset_password', late)).toBe(false);
      expect(await resetPassword(deps({ now: late }), token, 'whatever passphrase')).toBe('expired');
    });

    it('does not accept a token for another purpose', async () => {
      const user = await createUser(db());
      const token = await issueEmailToken(db(), user.id, 'confirm_email');
      expect(await consumeEmailToken(db(), token, ['reset_password'])).toBeUndefined();
    });

    it('limits reset requests per address typed and per client', async () => {
      const email = uniqueEmail('forgot');
      for (let i = 0; i < LIMITS.forgotAccount.max; i++) await limitPasswordResetRequest(deps(), email, nextAddress());
      await expect(limitPasswordResetRequest(deps(), email, nextAddress())).rejects.toBeInstanceOf(RateLimitedError);
      const client = nextAddress();
      for (let i = 0; i < LIMITS.forgotAddress.max; i++)
        await limitPasswordResetRequest(deps(), uniqueEmail('f'), client);
      await expect(limitPasswordResetRequest(deps(), uniqueEmail('f'), client)).rejects.toBeInstanceOf(
        RateLimitedError,
      );
    });
  });
});
