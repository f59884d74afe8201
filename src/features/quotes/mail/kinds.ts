import type { Locale } from '../../../lib/db/schema.ts';

/**
 * The quote's e-mails as mail-outbox kinds and payloads (lib/mail/outbox.server.ts): the
 * transaction that makes the e-mail due writes the row; the worker composes it from the
 * committed request (mail.server.ts). Payloads of rows already queued must keep parsing.
 */

/** The two e-mails of a new quote request: the customer's confirmation and the sales desk's notice. */
export const REQUEST_MAIL_KINDS = ['quote_request_confirmation', 'quote_request_sales_desk'] as const;

/** The priced quote, with its approve and decline links. */
export const PRICED_QUOTE_MAIL = 'priced_quote';

/** The reminder before a version's last day (decision 049). */
export const VERSION_REMINDER_MAIL = 'quote_version_reminder';

/** The sales desk's notice of the customer's answer: approved (wholly or in part) or declined. */
export const DECISION_MAIL = 'quote_decision_sales_desk';

export interface DecisionMailPayload {
  quoteRequestId: number;
}

export interface VersionReminderPayload {
  quoteRequestId: number;
  versionId: number;
}

export interface RequestMailPayload {
  quoteRequestId: number;
  userId: string;
  locale: Locale;
}

export interface PricedQuoteMailPayload {
  quoteRequestId: number;
  /** Which pricing the e-mail is for: a later one (or a revision) makes it stale, and it is not sent. */
  pricedAt: string;
  note: string;
  /** The version the e-mail offers (decision 049); absent in rows queued before versions. */
  versionId?: number;
}

function fail(payload: Record<string, unknown>): never {
  throw new Error(`Not a quote e-mail payload: ${JSON.stringify(payload)}`);
}

export function requestMailPayload(payload: Record<string, unknown>): RequestMailPayload {
  const { quoteRequestId, userId, locale } = payload;
  if (typeof quoteRequestId !== 'number' || typeof userId !== 'string' || (locale !== 'en' && locale !== 'fr')) {
    fail(payload);
  }
  return { quoteRequestId, userId, locale };
}

export function pricedQuoteMailPayload(payload: Record<string, unknown>): PricedQuoteMailPayload {
  const { quoteRequestId, pricedAt, note, versionId } = payload;
  if (
    typeof quoteRequestId !== 'number' ||
    typeof pricedAt !== 'string' ||
    Number.isNaN(Date.parse(pricedAt)) ||
    typeof note !== 'string' ||
    (versionId !== undefined && typeof versionId !== 'number')
  ) {
    fail(payload);
  }
  return versionId === undefined ? { quoteRequestId, pricedAt, note } : { quoteRequestId, pricedAt, note, versionId };
}

export function versionReminderPayload(payload: Record<string, unknown>): VersionReminderPayload {
  const { quoteRequestId, versionId } = payload;
  if (typeof quoteRequestId !== 'number' || typeof versionId !== 'number') fail(payload);
  return { quoteRequestId, versionId };
}

export function decisionMailPayload(payload: Record<string, unknown>): DecisionMailPayload {
  const { quoteRequestId } = payload;
  if (typeof quoteRequestId !== 'number') fail(payload);
  return { quoteRequestId };
}
