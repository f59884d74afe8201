import { formatDate, formatMoney, formatNumber } from '../../../lib/format.ts';
import { escapeHtml } from '../../../lib/html.ts';
import { getT, type Locale } from '../../../lib/i18n/index.ts';
import { mailButton, mailDocument, mailParagraph } from '../../../lib/mail/layout.ts';
import type { MailMessage } from '../../../lib/mail/mail.server.ts';
import { SITE } from '../../../lib/site.ts';
import { PRICED_QUOTE_MAIL } from './kinds.ts';

/** The priced-quote e-mail, in the customer's language, with its approve and decline links. */

export interface PricedQuoteMailInput {
  to: string;
  locale: Locale;
  firstName: string;
  reference: string;
  lines: {
    sku: string;
    name: string;
    size: string;
    quantity: number;
    unitCents: number;
    /** Already written in the customer's language (decision 049). */
    alternatives?: string[];
  }[];
  itemsCents: number;
  feesCents: number;
  taxesCents: number;
  /** Computed taxes (decision 051): one row per tax with its number, or the exemption; else `taxesCents` alone. */
  taxLines?: { label: string; cents: number }[];
  totalCents: number;
  note: string;
  expiresAt: Date;
  approveLink: string;
  declineLink: string;
  /** The request's lines the version leaves out, in the customer's words (« Ligne 3 : 15 × … »). */
  notOffered?: string[];
  /**
   * A version (decision 049): its number, what changed since the previous one (`intro` set) or,
   * for the first, in the lines it offers from the request (`intro` null), and its answer page.
   */
  version?: { number: number; intro: string | null; changes: string[]; validUntil: string; answerLink: string };
}

export function pricedQuoteMail(input: PricedQuoteMailInput): MailMessage {
  const t = getT(input.locale, 'quoteDesk');
  const money = (cents: number) => formatMoney(cents, input.locale);
  // French puts a non-breaking space before a colon.
  const colon = input.locale === 'fr' ? '\u00a0:' : ':';
  const appName = getT(input.locale)('appName');
  const greeting = t('mail.greeting', { name: input.firstName });
  const intro = t('mail.intro', { reference: input.reference });
  const n = getT(input.locale, 'negotiation');
  const version = input.version;
  const expiry = version
    ? n('mail.validUntil', { date: formatDate(`${version.validUntil}T12:00:00Z`, input.locale) })
    : t('mail.expiry', { date: formatDate(input.expiresAt, input.locale) });
  // A later version says it replaces the previous one; a first names what it changed from the request.
  const changesHeading = version?.intro ? n('mail.changes') : n('mail.requestChanges');
  const changesShown = version !== undefined && (version.intro !== null || version.changes.length > 0);
  const changesText = changesShown
    ? [...(version.intro ? [version.intro] : []), changesHeading, ...version.changes.map((c) => `- ${c}`), '']
    : [];
  const notOffered = input.notOffered ?? [];
  const notOfferedHeading = n('notOffered.heading');
  const lineText = (line: PricedQuoteMailInput['lines'][number]) =>
    `${line.sku} · ${line.name} · ${line.size} · ${formatNumber(line.quantity, input.locale)} × ${money(line.unitCents)} = ${money(line.quantity * line.unitCents)}`;
  const totals: [string, number][] = [
    [t('mail.items'), input.itemsCents],
    [t('mail.fees'), input.feesCents],
    ...(input.taxLines?.map((row): [string, number] => [row.label, row.cents]) ?? [
      [t('mail.taxes'), input.taxesCents] as [string, number],
    ]),
    [t('mail.total'), input.totalCents],
  ];

  const text = [
    greeting,
    '',
    intro,
    '',
    ...changesText,
    ...input.lines.flatMap((line) => [lineText(line), ...(line.alternatives ?? []).map((alt) => `    ${alt}`)]),
    '',
    ...(notOffered.length > 0 ? [`${notOfferedHeading}${colon}`, ...notOffered.map((line) => `- ${line}`), ''] : []),
    ...totals.map(([label, cents]) => `${label}${colon} ${money(cents)}`),
    '',
    ...(input.note ? [t('mail.note'), input.note, ''] : []),
    ...(version ? [n('mail.answerLines'), version.answerLink, ''] : []),
    `${t('mail.approve')}${colon}`,
    input.approveLink,
    '',
    `${t('mail.decline')}${colon}`,
    input.declineLink,
    '',
    expiry,
    '',
    t('mail.signature'),
    '',
    '--',
    t('mail.footer', { phone: SITE.supportPhone }),
    '',
  ].join('\n');

  const cell = 'padding:6px 8px;border-bottom:1px solid #e6e3d9;text-align:left';
  const button = (href: string, label: string, colour: string) => mailButton(href, label, { colour, beside: true });
  const html = mailDocument({
    locale: input.locale,
    title: appName,
    width: 640,
    footer: t('mail.footer', { phone: SITE.supportPhone }),
    body: `${mailParagraph(greeting)}
${mailParagraph(intro)}
${changesShown ? `${version.intro ? mailParagraph(version.intro) : ''}${mailParagraph(changesHeading)}<ul>${version.changes.map((c) => `<li>${escapeHtml(c)}</li>`).join('')}</ul>` : ''}
<table style="border-collapse:collapse;width:100%;font-size:14px;margin:0 0 16px">
${input.lines
  .map(
    (line) =>
      `<tr><td style="${cell}">${escapeHtml(line.sku)}</td><td style="${cell}">${escapeHtml(line.name)}<br><small>${escapeHtml(line.size)}</small>${(line.alternatives ?? []).map((alt) => `<br><small>${escapeHtml(alt)}</small>`).join('')}</td><td style="${cell};text-align:right">${escapeHtml(formatNumber(line.quantity, input.locale))} × ${escapeHtml(money(line.unitCents))}</td><td style="${cell};text-align:right">${escapeHtml(money(line.quantity * line.unitCents))}</td></tr>`,
  )
  .join('\n')}
${totals
  .map(
    ([label, cents], index) =>
      `<tr><td colspan="3" style="padding:6px 8px;text-align:right${index === totals.length - 1 ? ';font-weight:700' : ''}">${escapeHtml(label)}</td><td style="padding:6px 8px;text-align:right${index === totals.length - 1 ? ';font-weight:700' : ''}">${escapeHtml(money(cents))}</td></tr>`,
  )
  .join('\n')}
</table>
${notOffered.length > 0 ? `${mailParagraph(`${notOfferedHeading}${colon}`)}<ul>${notOffered.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>` : ''}
${input.note ? `${mailParagraph(t('mail.note'))}${mailParagraph(input.note)}` : ''}
${version ? `<p style="margin:24px 0 0">${button(version.answerLink, n('mail.answerButton'), '#2c431d')}</p>` : ''}
<p style="margin:24px 0">${button(input.approveLink, t('mail.approve'), '#2f5420')}${button(input.declineLink, t('mail.decline'), '#6b3a2a')}</p>
${mailParagraph(expiry)}
${mailParagraph(t('mail.signature'))}`,
  });

  return {
    to: input.to,
    subject: t('mail.subject', { reference: input.reference }),
    text,
    html,
    kind: PRICED_QUOTE_MAIL,
    locale: input.locale,
  };
}
