import { escapeHtml } from '../../lib/html.ts';
import { getT, type Locale } from '../../lib/i18n/index.ts';
import { typography } from '../../lib/i18n/typography.ts';
import { mailButton, mailDocument, mailParagraph } from '../../lib/mail/layout.ts';
import type { MailMessage } from '../../lib/mail/mail.server.ts';
import { SITE } from '../../lib/site.ts';

/** The account e-mails, in the recipient's language, with absolute links. */
export type AccountMailKind =
  | 'confirm_email'
  | 'reset_password'
  | 'welcome'
  | 'change_email'
  | 'password_changed'
  | 'email_change_notice';

const KEYS: Record<
  AccountMailKind,
  'confirm' | 'reset' | 'welcome' | 'changeEmail' | 'passwordChanged' | 'emailChangeNotice'
> = {
  confirm_email: 'confirm',
  reset_password: 'reset',
  welcome: 'welcome',
  change_email: 'changeEmail',
  password_changed: 'passwordChanged',
  email_change_notice: 'emailChangeNotice',
};

/** Notices tell the owner what happened to their account; they carry no expiring link. */
const NOTICES: readonly AccountMailKind[] = ['password_changed', 'email_change_notice'];

export interface AccountMailInput {
  kind: AccountMailKind;
  to: string;
  locale: Locale;
  firstName: string;
  /** Absolute URL of the button. */
  link: string;
  /** Welcome only: the new customer connected a trade account. */
  trade?: boolean;
  /** Reset only: the account is signed in somewhere right now. */
  signedIn?: boolean;
  /** E-mail change notice only: the address asked for. */
  newEmail?: string;
}

export function accountMail(input: AccountMailInput): MailMessage {
  const t = getT(input.locale, 'accounts');
  const key = KEYS[input.kind];
  const paragraphs = [t(`mail.${key}.body`, { newEmail: input.newEmail })];
  if (input.kind === 'welcome' && input.trade) paragraphs.push(t('mail.welcome.trade'));
  if (input.kind === 'reset_password' && input.signedIn) paragraphs.push(t('mail.reset.signedIn'));
  const notice = NOTICES.includes(input.kind);
  if (notice) paragraphs.push(t(`mail.${key}.notYou`));
  const expiry = input.kind === 'welcome' || notice ? null : t(`mail.${key}.expiry`);
  const ignore = input.kind === 'welcome' || notice ? null : t('mail.ignore');
  const greeting = t('mail.greeting', { name: input.firstName });
  const action = t(`mail.${key}.action`);
  const signature = t('mail.signature');
  const footer = t('mail.footer', { phone: SITE.supportPhone });
  const appName = getT(input.locale)('appName');

  const text = [
    greeting,
    '',
    ...paragraphs.flatMap((p) => [p, '']),
    // The colon is added here, not in the message: French takes a no-break space before it.
    typography(`${action}:`, input.locale),
    input.link,
    '',
    ...(expiry ? [expiry] : []),
    ...(ignore ? [ignore] : []),
    '',
    signature,
    '',
    '--',
    footer,
    '',
  ].join('\n');

  const html = mailDocument({
    locale: input.locale,
    title: appName,
    width: 560,
    footer,
    body: `${mailParagraph(greeting)}
${paragraphs.map(mailParagraph).join('\n')}
<p style="margin:24px 0">${mailButton(input.link, action)}</p>
<p style="margin:0 0 16px;font-size:13px;color:#535b4c;word-break:break-all">${escapeHtml(input.link)}</p>
${expiry ? mailParagraph(expiry) : ''}
${ignore ? mailParagraph(ignore) : ''}
${mailParagraph(signature)}`,
  });

  return { to: input.to, subject: t(`mail.${key}.subject`), text, html, kind: input.kind, locale: input.locale };
}
