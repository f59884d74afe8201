import type { Kysely } from 'kysely';
import type { Database } from '../../lib/db/schema.ts';
import { type Locale, localizePath } from '../../lib/i18n/index.ts';
import type { MailComposer } from '../../lib/mail/outbox.server.ts';
import { ACCOUNT_MAIL_PAYLOADS } from './account-mail.server.ts';
import { issueEmailToken } from './accounts.server.ts';
import { type AccountMailKind, accountMail } from './emails.ts';

type Db = Kysely<Database>;

/**
 * The mail-outbox worker's composers of the account e-mails (account-mail.server.ts). Each
 * reads the account as it is when the e-mail goes out, and answers undefined when there is
 * nothing to send any more (an address confirmed meanwhile, an account that does not exist:
 * the resend and the forgotten password queue a row for any address typed, so their answer
 * says nothing about it). A link is issued here, valid from now for its full time; issuing
 * it voids the earlier unused links of its purpose, as before.
 */
export function accountMailComposers({ siteUrl }: { siteUrl: string }): Record<AccountMailKind, MailComposer> {
  const link = (locale: Locale, path: string) => new URL(localizePath(path, locale), siteUrl).href;
  const userById = (db: Db, userId: string) =>
    db
      .selectFrom('users')
      .select(['id', 'email', 'first_name', 'locale', 'in_house_account_id'])
      .where('id', '=', userId)
      .executeTakeFirst();

  return {
    async confirm_email(db, raw) {
      const { email, redirect } = ACCOUNT_MAIL_PAYLOADS.confirm_email.parse(raw);
      const user = await db
        .selectFrom('users')
        .select(['id', 'email', 'first_name', 'locale'])
        .where('email', '=', email)
        .where('email_verified_at', 'is', null)
        .executeTakeFirst();
      if (!user) return undefined;
      const token = await issueEmailToken(db, user.id, 'confirm_email');
      return accountMail({
        kind: 'confirm_email',
        to: user.email,
        locale: user.locale,
        firstName: user.first_name,
        link: `${link(user.locale, `/auth/confirm/${token}`)}${redirect ? `?redirect=${encodeURIComponent(redirect)}` : ''}`,
      });
    },

    async reset_password(db, raw) {
      const { email } = ACCOUNT_MAIL_PAYLOADS.reset_password.parse(raw);
      const user = await db
        .selectFrom('users')
        .select(['id', 'email', 'first_name', 'locale'])
        .where('email', '=', email)
        .executeTakeFirst();
      if (!user) return undefined;
      const now = new Date();
      const token = await issueEmailToken(db, user.id, 'reset_password', now);
      // Someone may be asking for a reset of an account that is signed in right now: say so.
      const live = await db
        .selectFrom('refresh_tokens')
        .select('id')
        .where('user_id', '=', user.id)
        .where('expires_at', '>', now)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      return accountMail({
        kind: 'reset_password',
        to: user.email,
        locale: user.locale,
        firstName: user.first_name,
        link: link(user.locale, `/auth/reset-password/${token}`),
        signedIn: live !== undefined,
      });
    },

    async welcome(db, raw) {
      const { userId } = ACCOUNT_MAIL_PAYLOADS.welcome.parse(raw);
      const user = await userById(db, userId);
      if (!user) return undefined;
      return accountMail({
        kind: 'welcome',
        to: user.email,
        locale: user.locale,
        firstName: user.first_name,
        link: link(user.locale, '/'),
        trade: user.in_house_account_id !== null,
      });
    },

    async password_changed(db, raw) {
      const { userId } = ACCOUNT_MAIL_PAYLOADS.password_changed.parse(raw);
      const user = await userById(db, userId);
      if (!user) return undefined;
      return accountMail({
        kind: 'password_changed',
        to: user.email,
        locale: user.locale,
        firstName: user.first_name,
        link: link(user.locale, '/auth/forgot-password'),
      });
    },

    async change_email(db, raw) {
      const { userId, newEmail } = ACCOUNT_MAIL_PAYLOADS.change_email.parse(raw);
      const user = await userById(db, userId);
      // Already changed to it (an earlier link of the same change was followed).
      if (!user || user.email === newEmail) return undefined;
      const token = await issueEmailToken(db, user.id, 'change_email', new Date(), newEmail);
      return accountMail({
        kind: 'change_email',
        to: newEmail,
        locale: user.locale,
        firstName: user.first_name,
        link: link(user.locale, `/auth/confirm/${token}`),
      });
    },

    async email_change_notice(db, raw) {
      const { userId, to, newEmail } = ACCOUNT_MAIL_PAYLOADS.email_change_notice.parse(raw);
      const user = await userById(db, userId);
      if (!user) return undefined;
      return accountMail({
        kind: 'email_change_notice',
        to,
        locale: user.locale,
        firstName: user.first_name,
        link: link(user.locale, '/auth/forgot-password'),
        newEmail,
      });
    },
  };
}
