import { describe, expect, it } from 'vitest';
import { resources } from '../../lib/i18n/index.ts';
import { typographyIssues } from '../../lib/i18n/typography.ts';
import { type AccountMailKind, accountMail } from './emails.ts';

const KINDS: AccountMailKind[] = [
  'confirm_email',
  'reset_password',
  'welcome',
  'change_email',
  'password_changed',
  'email_change_notice',
];

const mail = (kind: AccountMailKind, locale: 'en' | 'fr') =>
  accountMail({
    kind,
    to: 'lea@example.com',
    locale,
    firstName: 'Léa',
    link: 'https://northfield.example/fr/auth/confirm/abc',
    trade: true,
    signedIn: true,
    newEmail: 'lea.roy@example.com',
  });

describe('account e-mails', () => {
  it('write the colon before the link with a no-break space in French', () => {
    expect(mail('confirm_email', 'fr').text).toContain('Confirmer mon adresse courriel\u00a0:\nhttps://');
    expect(mail('welcome', 'fr').text).toContain('Visiter la boutique\u00a0:\n');
    expect(mail('confirm_email', 'en').text).toContain('Confirm my email address:\n');
  });

  it('follow French typography in every French text', () => {
    for (const kind of KINDS) expect(typographyIssues(mail(kind, 'fr').text), kind).toEqual([]);
  });

  it('are signed like every other French e-mail', () => {
    const signature = "L'équipe des Pépinières Northfield";
    for (const kind of KINDS) expect(mail(kind, 'fr').text).toContain(`\n${signature}\n`);
    const fr = resources.fr;
    expect([fr.accounts.mail.signature, fr.checkout.mail.customer.signature, fr.thread.mail.signature]).toEqual([
      signature,
      signature,
      signature,
    ]);
  });
});
