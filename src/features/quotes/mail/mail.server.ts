import type { Kysely } from 'kysely';
import type { Database } from '../../../lib/db/schema.ts';
import { getT } from '../../../lib/i18n/index.ts';
import type { MailMessage } from '../../../lib/mail/mail.server.ts';
import type { MailComposer } from '../../../lib/mail/outbox.server.ts';
import { issueDecisionToken } from '../decision/decision.server.ts';
import { answerLink, decisionLink } from '../decision/decision.ts';
import { loadQuoteDetail } from '../model/quote.server.ts';
import { lineName, lineSize, type QuoteDetail } from '../model/quote.ts';
import { versionTaxLines } from '../taxes/tax-text.ts';
import { alternativeText, changeText, itemName, itemSize, notOfferedText } from '../versions/describe.ts';
import { loadVersions, versionClosed } from '../versions/versions.server.ts';
import { changesFromRequest, linesNotOffered, versionChanges } from '../versions/versions.ts';
import {
  DECISION_MAIL,
  decisionMailPayload,
  PRICED_QUOTE_MAIL,
  pricedQuoteMailPayload,
  type REQUEST_MAIL_KINDS,
  type RequestMailPayload,
  requestMailPayload,
  VERSION_REMINDER_MAIL,
  versionReminderPayload,
} from './kinds.ts';
import { pricedQuoteMail } from './priced-quote-mail.ts';
import { versionReminderMail } from './reminder-mail.ts';
import { customerQuoteMail, salesDeskDecisionMail, salesDeskQuoteMail } from './request-mail.ts';

/**
 * Composers of every quote e-mail, for the mail-outbox worker (features/mail-outbox): each
 * reads the committed request through the one read model and writes the e-mail in the
 * customer's language (the sales desk's notice too: it quotes what the customer wrote).
 */

type Db = Kysely<Database>;
type QuoteMailKind =
  | (typeof REQUEST_MAIL_KINDS)[number]
  | typeof PRICED_QUOTE_MAIL
  | typeof VERSION_REMINDER_MAIL
  | typeof DECISION_MAIL;

export function quoteMailComposers(deps: { siteUrl: string; salesDesk: string }): Record<QuoteMailKind, MailComposer> {
  // Both e-mails of a new request read it once (the worker sends them one after the other).
  const recent = new Map<number, Promise<QuoteDetail | undefined>>();
  const load = (db: Db, payload: RequestMailPayload) => {
    let quote = recent.get(payload.quoteRequestId);
    if (!quote) {
      if (recent.size >= 200) recent.clear();
      quote = loadQuoteDetail(db, payload.quoteRequestId, { ownedBy: payload.userId });
      recent.set(payload.quoteRequestId, quote);
      quote.catch(() => recent.delete(payload.quoteRequestId));
    }
    return quote;
  };
  const request =
    (make: (quote: QuoteDetail) => MailMessage): MailComposer =>
    async (db, raw) => {
      const payload = requestMailPayload(raw);
      const quote = await load(db, payload);
      if (!quote) throw new Error(`Quote request ${payload.quoteRequestId} not found for its e-mail`);
      return make(quote);
    };
  return {
    quote_request_confirmation: request((quote) => customerQuoteMail(quote, deps.siteUrl)),
    quote_request_sales_desk: request((quote) => salesDeskQuoteMail(quote, deps.siteUrl, deps.salesDesk)),
    [PRICED_QUOTE_MAIL]: async (db, raw) => {
      const payload = pricedQuoteMailPayload(raw);
      const pricedAt = new Date(payload.pricedAt);
      const quote = await loadQuoteDetail(db, payload.quoteRequestId);
      if (!quote) throw new Error(`Quote request ${payload.quoteRequestId} not found for its priced quote`);
      const { pricing, locale } = quote;
      // Taken back, priced again or answered meanwhile: this quote is not the one to answer.
      if (!pricing || pricing.pricedAt.getTime() !== pricedAt.getTime()) return undefined;
      const link = await issueDecisionToken(db, quote.id, pricedAt, new Date(), payload.versionId);
      if (!link) return undefined;
      const versions = payload.versionId === undefined ? [] : await loadVersions(db, quote.id);
      const index = versions.findIndex((version) => version.id === payload.versionId);
      const version = versions[index];
      const previous = index > 0 ? versions[index - 1] : undefined;
      const n = getT(locale, 'negotiation');
      return pricedQuoteMail({
        to: quote.customer.email,
        locale,
        firstName: quote.customer.firstName,
        reference: quote.reference,
        lines: version
          ? version.lines.map((line) => ({
              sku: line.sku,
              name: itemName(line, locale),
              size: itemSize(line, locale),
              quantity: line.quantity,
              unitCents: line.unitPriceCents,
              alternatives: line.alternatives.map((alt) => alternativeText(alt, locale)),
            }))
          : quote.lines.map((line) => ({
              sku: line.sku,
              name: lineName(line, locale),
              size: lineSize(line, locale),
              quantity: line.quantity,
              unitCents: line.quotedUnitPriceCents ?? 0,
            })),
        notOffered: version ? linesNotOffered(quote.lines, version).map((line) => notOfferedText(line, locale)) : [],
        ...(version
          ? {
              version: {
                number: version.number,
                intro: previous ? n('mail.versionIntro', { number: version.number, reference: quote.reference }) : null,
                // A first version names the sizes and quantities it changed from the request (the lines it
                // leaves out are `notOffered`, above).
                changes: (previous
                  ? versionChanges(previous.lines, version.lines)
                  : changesFromRequest(quote.lines, version.lines)
                ).map((change) => changeText(change, locale)),
                validUntil: version.validUntil,
                answerLink: answerLink(deps.siteUrl, locale, link.token),
              },
            }
          : {}),
        itemsCents: pricing.itemsCents,
        feesCents: pricing.feesCents,
        taxesCents: pricing.taxesCents,
        ...(version?.taxProvince ? { taxLines: versionTaxLines(version, locale) } : {}),
        totalCents: pricing.totalCents,
        note: payload.note,
        expiresAt: link.expiresAt,
        approveLink: decisionLink(deps.siteUrl, locale, 'approved', link.token),
        declineLink: decisionLink(deps.siteUrl, locale, 'declined', link.token),
      });
    },
    [DECISION_MAIL]: async (db, raw) => {
      const payload = decisionMailPayload(raw);
      const quote = await loadQuoteDetail(db, payload.quoteRequestId);
      if (!quote) throw new Error(`Quote request ${payload.quoteRequestId} not found for its decision notice`);
      return salesDeskDecisionMail(quote, deps.siteUrl, deps.salesDesk);
    },
    [VERSION_REMINDER_MAIL]: async (db, raw) => {
      const payload = versionReminderPayload(raw);
      const quote = await loadQuoteDetail(db, payload.quoteRequestId);
      const version = quote?.versions.find((candidate) => candidate.id === payload.versionId);
      // Answered, replaced or past its day meanwhile: nothing to remind of.
      if (!quote?.pricing || !version || quote.status !== 'quoted' || versionClosed(version, new Date()))
        return undefined;
      const link = await issueDecisionToken(db, quote.id, quote.pricing.pricedAt, new Date(), version.id);
      if (!link) return undefined;
      return versionReminderMail({
        to: quote.customer.email,
        locale: quote.locale,
        firstName: quote.customer.firstName,
        reference: quote.reference,
        versionNumber: version.number,
        validUntil: version.validUntil,
        totalCents: version.totalCents,
        answerLink: answerLink(deps.siteUrl, quote.locale, link.token),
      });
    },
  };
}
