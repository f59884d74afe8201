import { formatDate, formatMoney } from '../../../lib/format.ts';
import { getT, type Locale } from '../../../lib/i18n/index.ts';
import { intlLocale } from '../../../lib/i18n/locale.ts';
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

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char,
  );

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
  const p = (content: string) => `<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(content)}</p>`;
  const html = `<!doctype html>
<html lang="${intlLocale(input.locale)}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(appName)}</title></head>
<body style="margin:0;padding:24px;background:#fbfaf6;color:#1d2418;font-family:system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif">
<div style="max-width:640px;margin:0 auto;background:#ffffff;border:1px solid #d9d6cb;border-radius:10px;padding:28px">
<p style="margin:0 0 20px;font:700 20px Georgia,serif;color:#2c431d">${escapeHtml(appName)}</p>
${paragraphs.map(p).join('\n')}
<p style="margin:24px 0"><a href="${escapeHtml(input.answerLink)}" style="display:inline-block;background:#2f5420;color:#ffffff;text-decoration:none;font-weight:600;padding:12px 22px;border-radius:10px">${escapeHtml(n('mail.answerButton'))}</a></p>
${p(t('mail.signature'))}
<p style="margin:24px 0 0;font-size:12px;color:#535b4c">${escapeHtml(t('mail.footer', { phone: SITE.supportPhone }))}</p>
</div>
</body>
</html>`;
  return {
    to: input.to,
    subject: n('reminder.subject', { reference: input.reference, date }),
    text,
    html,
    kind: VERSION_REMINDER_MAIL,
    locale: input.locale,
  };
}
