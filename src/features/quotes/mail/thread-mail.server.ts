import { localizePath } from '../../../lib/i18n/index.ts';
import type { MailComposer } from '../../../lib/mail/outbox.server.ts';
import { loadQuoteDetail } from '../model/quote.server.ts';
import { anchorText } from '../thread/thread.ts';
import { THREAD_MESSAGE_MAIL, threadMessageMail, threadMessagePayload } from './thread-mail.ts';

/**
 * The composer of a thread message's e-mail, for the mail-outbox worker: reads the committed
 * message and its request, and writes to the other side, in the request's language, with a
 * link to the request's page on that side.
 */
export function threadMailComposers(deps: {
  siteUrl: string;
  salesDesk: string;
}): Record<typeof THREAD_MESSAGE_MAIL, MailComposer> {
  return {
    [THREAD_MESSAGE_MAIL]: async (db, raw) => {
      const { messageId } = threadMessagePayload(raw);
      const message = await db
        .selectFrom('quote_messages')
        .select(['quote_request_id', 'author_role', 'internal', 'line', 'body'])
        .where('id', '=', messageId)
        .executeTakeFirst();
      // An internal note is never queued; should one be, it still goes to nobody.
      if (!message || message.internal) return undefined;
      const quote = await loadQuoteDetail(db, message.quote_request_id);
      if (!quote) return undefined;
      const { locale, customer } = quote;
      const line = quote.lines.find((candidate) => candidate.line === message.line);
      const toCustomer = message.author_role === 'staff';
      const path = toCustomer ? `/profile/quote-requests/${quote.id}` : `/admin/quote-requests/${quote.id}`;
      return threadMessageMail({
        side: toCustomer ? 'customer' : 'desk',
        to: toCustomer ? customer.email : deps.salesDesk,
        locale,
        reference: quote.reference,
        customerFirstName: customer.firstName,
        customerName: `${customer.firstName} ${customer.lastName}`,
        body: message.body,
        about: line ? anchorText(line, locale) : null,
        link: new URL(localizePath(path, locale), deps.siteUrl).href,
      });
    },
  };
}
