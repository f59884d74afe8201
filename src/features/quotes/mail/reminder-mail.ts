import { formatDate, formatMoney } from '../../../lib/format.ts';
import { getT, type Locale } from '../../../lib/i18n/index.ts';
import { mailButton, mailDocument, mailParagraph } from '../../../lib/mail/layout.ts';
import type { MailMessage } from '../../../lib/mail/mail.server.ts';
import { SITE } from '../../../lib/site.ts';
import { VERSION_REMINDER_MAIL } from './kinds.ts';

/** The reminder before a version's last day (decision 049), in the customer's language. */

export interface ReminderMailInput {
  to: string;
  locale: Locale;
  firstName: string;
  reference: string;
  versionNumber: number;
  validUntil: string;
  totalCents: number;
  answerLink: string;
}

export function versionReminderMail(input: ReminderMailInput): MailMessage {
  const t = getT(input.locale, 'quoteDesk');
  const n = getT(input.locale, 'negotiation');
  const date = formatDate(`${input.validUntil}T12:00:00Z`, input.locale);
  const appName = getT(input.locale)('appName');
  const colon = input.locale === 'fr' ? '\u00a0:' : ':';
  const paragraphs = [
    t('mail.greeting', { name: input.firstName }),
    n('reminder.intro', { number: input.versionNumber, reference: input.reference, date }),
    `${n('totals.total')}${colon} ${formatMoney(input.totalCents, input.locale)}`,
  ];
  const text = [
    ...paragraphs.flatMap((paragraph) => [paragraph, '']),
    n('reminder.action'),
    input.answerLink,
    '',
    t('mail.signature'),
    '',
    '--',
    t('mail.footer', { phone: SITE.supportPhone }),
    '',
  ].join('\n');
  const html = mailDocument({
    locale: input.locale,
    title: appName,
    width: 640,
    footer: t('mail.footer', { phone: SITE.supportPhone }),
    body: `${paragraphs.map(mailParagraph).join('\n')}
<p style="margin:24px 0">${mailButton(input.answerLink, n('mail.answerButton'))}</p>
${mailParagraph(t('mail.signature'))}`,
  });
  return {
    to: input.to,
    subject: n('reminder.subject', { reference: input.reference, date }),
    text,
    html,
    kind: VERSION_REMINDER_MAIL,
    locale: input.locale,
  };
}
