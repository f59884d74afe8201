import { formatDate, formatMoney } from '../../../lib/format.ts';
import { escapeHtml } from '../../../lib/html.ts';
import { getT, localizePath } from '../../../lib/i18n/index.ts';
import { mailButton, mailDocument, mailParagraph } from '../../../lib/mail/layout.ts';
import type { MailMessage } from '../../../lib/mail/mail.server.ts';
import { SITE } from '../../../lib/site.ts';
import { lineName, lineSize, pickupName, type QuoteDetail } from '../model/quote.ts';
import { DECISION_MAIL } from './kinds.ts';

/**
 * The two e-mails of a new quote request, in the customer's language (the language of the
 * checkout): a confirmation to the customer with every line, and a notice to the sales desk;
 * then the desk's notice of the customer's answer to the priced quote.
 */

/** French typography: a non-breaking space before the colon. */
const colonFor = (locale: 'en' | 'fr') => (locale === 'fr' ? '\u00a0:' : ':');

interface Section {
  heading: string;
  rows: string[];
}

function quoteSections(quote: QuoteDetail): Section[] {
  const locale = quote.locale;
  const t = getT(locale, 'checkout');
  const tq = getT(locale, 'quotes');
  const money = (cents: number) => formatMoney(cents, locale);
  const colon = colonFor(locale);
  const sections: Section[] = [
    {
      heading: t('mail.items'),
      rows: [
        ...quote.lines.map((line) =>
          t('mail.line', {
            quantity: line.quantity,
            name: lineName(line, locale),
            size: lineSize(line, locale),
            sku: line.sku,
            price: money(line.unitPriceCents),
            total: money(line.unitPriceCents * line.quantity),
          }),
        ),
        t('mail.estimatedTotal', { total: money(quote.subtotalCents) }),
        t('mail.totalNote'),
      ],
    },
    { heading: t('mail.fulfilment'), rows: [tq(`fulfilment.${quote.fulfilment}`)] },
  ];
  if (quote.pickup) {
    sections.push({
      heading: t('mail.pickup'),
      rows: [`${pickupName(quote.pickup, locale)}, ${quote.pickup.streetAddress}, ${quote.pickup.city}`],
    });
  }
  if (quote.delivery) {
    const d = quote.delivery;
    sections.push({
      heading: t('mail.delivery'),
      rows: [
        ...(d.jobName ? [`${t('mail.jobName')}${colon} ${d.jobName}`] : []),
        ...(d.poNumber ? [`${t('mail.poNumber')}${colon} ${d.poNumber}`] : []),
        `${d.streetAddress}, ${d.city} (${t(`provinces.${d.province}`)}) ${d.postalCode}`,
        `${t('mail.siteContact')}${colon} ${d.siteContactFirstName} ${d.siteContactLastName}, ${d.phone}`,
      ],
    });
  }
  sections.push(
    {
      heading: t('mail.preferredDate'),
      rows: [quote.preferredDate ? formatDate(`${quote.preferredDate}T12:00:00Z`, locale) : t('mail.noDate')],
    },
    { heading: t('mail.payment'), rows: [tq(`payment.${quote.paymentPreference}`)] },
  );
  if (quote.comments) sections.push({ heading: t('mail.comments'), rows: [quote.comments] });
  return sections;
}

/** A quote e-mail in the store's layout: paragraphs, sections of rows, one button, closing lines, the footer. */
export function renderQuoteMail(options: {
  locale: 'en' | 'fr';
  paragraphs: string[];
  sections: Section[];
  action: { label: string; href: string };
  closing: string[];
}): { text: string; html: string } {
  const { locale, paragraphs, sections, action, closing } = options;
  const footer = getT(locale, 'checkout')('mail.footer', { phone: SITE.supportPhone });
  const appName = getT(locale)('appName');
  const colon = colonFor(locale);
  const text = [
    ...paragraphs.flatMap((p) => [p, '']),
    ...sections.flatMap((section) => [`${section.heading}${colon}`, ...section.rows.map((row) => `  ${row}`), '']),
    `${action.label}${colon}`,
    action.href,
    '',
    ...closing.flatMap((p) => [p, '']),
    '--',
    footer,
    '',
  ].join('\n');
  const html = mailDocument({
    locale: locale,
    title: appName,
    width: 600,
    footer: footer,
    body: `${paragraphs.map(mailParagraph).join('\n')}
${sections
  .map(
    (section) =>
      `<h2 style="margin:20px 0 8px;font-size:16px">${escapeHtml(section.heading)}</h2>\n<ul style="margin:0 0 16px;padding-left:20px;line-height:1.5">${section.rows
        .map((row) => `<li>${escapeHtml(row)}</li>`)
        .join('')}</ul>`,
  )
  .join('\n')}
<p style="margin:24px 0">${mailButton(action.href, action.label)}</p>
${closing.map(mailParagraph).join('\n')}`,
  });
  return { text, html };
}

export function customerQuoteMail(quote: QuoteDetail, siteUrl: string): MailMessage {
  const locale = quote.locale;
  const t = getT(locale, 'checkout');
  const link = new URL(localizePath(`/profile/quote-requests/${quote.id}`, locale), siteUrl).href;
  const { text, html } = renderQuoteMail({
    locale,
    paragraphs: [
      t('mail.customer.greeting', { name: quote.customer.firstName }),
      t('mail.customer.intro', { reference: quote.reference }),
    ],
    sections: quoteSections(quote),
    action: { label: t('mail.customer.action'), href: link },
    closing: [t('mail.customer.next'), t('mail.customer.signature')],
  });
  return {
    to: quote.customer.email,
    subject: t('mail.customer.subject', { reference: quote.reference }),
    text,
    html,
    kind: 'quote_request_confirmation',
    locale,
  };
}

export function salesDeskQuoteMail(quote: QuoteDetail, siteUrl: string, salesDesk: string): MailMessage {
  const locale = quote.locale;
  const t = getT(locale, 'checkout');
  const name = `${quote.customer.firstName} ${quote.customer.lastName}`;
  const colon = colonFor(locale);
  const customer: Section = {
    heading: t('mail.desk.customer'),
    rows: [
      name,
      `${t('mail.desk.email')}${colon} ${quote.customer.email}`,
      ...(quote.customer.phone ? [`${t('mail.desk.phone')}${colon} ${quote.customer.phone}`] : []),
      quote.priceKind === 'trade' ? t('mail.desk.tradeAccount') : t('mail.desk.listPrices'),
      // « français » in a French sentence, as the desk's page names it.
      `${t('mail.desk.language')}${colon} ${getT(locale, 'quoteDesk')(`detail.languages.${locale}`)}`,
    ],
  };
  const { text, html } = renderQuoteMail({
    locale,
    paragraphs: [
      t('mail.desk.intro'),
      `${t('mail.reference')}${colon} ${quote.reference}`,
      `${t('mail.submitted')}${colon} ${formatDate(quote.submittedAt, locale)}`,
    ],
    sections: [customer, ...quoteSections(quote)],
    // The desk reads the e-mail in the request's language: its link opens the desk in that language too.
    action: {
      label: t('mail.desk.action'),
      href: new URL(localizePath(`/admin/quote-requests/${quote.id}`, locale), siteUrl).href,
    },
    closing: [],
  });
  return {
    to: salesDesk,
    subject: t('mail.desk.subject', { reference: quote.reference, name }),
    text,
    html,
    kind: 'quote_request_sales_desk',
    locale,
  };
}

/**
 * The sales desk's notice of the customer's answer (by a decision link or a version's answer
 * page), in the request's language like the notice of the request itself; undefined while the
 * request has no decision.
 */
export function salesDeskDecisionMail(quote: QuoteDetail, siteUrl: string, salesDesk: string): MailMessage | undefined {
  const { decision, locale } = quote;
  if (!decision) return undefined;
  const t = getT(locale, 'quoteDesk');
  const colon = colonFor(locale);
  const name = `${quote.customer.firstName} ${quote.customer.lastName}`;
  const answered = [...quote.versions].reverse().find((version) => version.answeredAt !== null);
  // A quote priced before versions is approved or declined whole.
  const outcome = answered?.outcome ?? (decision.decision === 'approved' ? 'accepted' : 'declined');
  const approvedCents =
    outcome === 'declined' ? null : (answered?.acceptedTotalCents ?? quote.pricing?.totalCents ?? null);
  const values = { name, reference: quote.reference };
  const { text, html } = renderQuoteMail({
    locale,
    paragraphs: [
      t(`answerMail.intro.${outcome}`, values),
      ...(approvedCents === null
        ? []
        : [`${t('answerMail.acceptedTotal')}${colon} ${formatMoney(approvedCents, locale)}`]),
      `${t('answerMail.answeredAt')}${colon} ${formatDate(decision.decidedAt, locale)}`,
    ],
    sections: [],
    action: {
      // The same button as the notice of the request.
      label: getT(locale, 'checkout')('mail.desk.action'),
      href: new URL(localizePath(`/admin/quote-requests/${quote.id}`, locale), siteUrl).href,
    },
    closing: outcome === 'declined' ? [] : [t('answerMail.next')],
  });
  return {
    to: salesDesk,
    subject: t(`answerMail.subject.${outcome}`, values),
    text,
    html,
    kind: DECISION_MAIL,
    locale,
  };
}
