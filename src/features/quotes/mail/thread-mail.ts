import { getT, type Locale } from '../../../lib/i18n/index.ts';
import type { MailMessage } from '../../../lib/mail/mail.server.ts';
import { renderQuoteMail } from './request-mail.ts';

/**
 * The e-mail of a new message in a quote request's thread (decision 053): a staff message
 * goes to the customer, a customer's to the sales desk, in the request's language; internal
 * notes are never queued. The payload names the message only (decision 043): the text is
 * read when the e-mail is composed.
 */

export const THREAD_MESSAGE_MAIL = 'quote_thread_message';

export interface ThreadMessageMailPayload {
  messageId: number;
}

export function threadMessagePayload(payload: Record<string, unknown>): ThreadMessageMailPayload {
  const { messageId } = payload;
  if (typeof messageId !== 'number' || !Number.isInteger(messageId)) {
    throw new Error(`Not a quote thread e-mail payload: ${JSON.stringify(payload)}`);
  }
  return { messageId };
}

export interface ThreadMailInput {
  /** Who is written to: the customer (a staff message) or the sales desk (a customer's). */
  side: 'customer' | 'desk';
  to: string;
  locale: Locale;
  reference: string;
  /** The customer's first name (greeting) and full name (the desk's subject). */
  customerFirstName: string;
  customerName: string;
  body: string;
  /** "About: Sugar maple, 2 gal" when the message is about one line. */
  about: string | null;
  link: string;
}

export function threadMessageMail(input: ThreadMailInput): MailMessage {
  const t = getT(input.locale, 'thread');
  const { reference } = input;
  const message = [
    ...(input.about ? [t('about', { item: input.about })] : []),
    ...input.body.split(/\n\s*\n/).map((paragraph) => paragraph.trim()),
  ];
  const toCustomer = input.side === 'customer';
  const { text, html } = renderQuoteMail({
    locale: input.locale,
    paragraphs: toCustomer
      ? [
          t('mail.toCustomer.greeting', { name: input.customerFirstName }),
          t('mail.toCustomer.intro', { reference }),
          ...message,
        ]
      : [t('mail.toDesk.intro', { name: input.customerName, reference }), ...message],
    sections: [],
    action: { label: t(toCustomer ? 'mail.toCustomer.action' : 'mail.toDesk.action'), href: input.link },
    closing: toCustomer ? [t('mail.signature')] : [],
  });
  return {
    to: input.to,
    subject: toCustomer
      ? t('mail.toCustomer.subject', { reference })
      : t('mail.toDesk.subject', { name: input.customerName, reference }),
    text,
    html,
    kind: THREAD_MESSAGE_MAIL,
    locale: input.locale,
  };
}
