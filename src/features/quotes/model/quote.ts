import type { Fulfilment, Locale, PaymentPreference, QuoteDecision, QuoteStatus } from '../../../lib/db/schema.ts';
import { parseId } from '../../../lib/ids.ts';
import { type Size, sizeText } from '../../../lib/size.ts';
import type { QuoteVersion } from '../versions/versions.ts';

/**
 * The quote request as every reader sees it (docs/decisions/042-the-quote-domain.md): the
 * customer's history, the sales desk, the OPF and the e-mails all read one `QuoteDetail`
 * with its `QuoteLine`s, loaded by `loadQuoteDetail` (quote.server.ts). Names are kept in
 * both languages, as copied at submission; each reader picks its language with `lineName`,
 * `lineSize` and `pickupName`.
 */

export interface QuoteLine {
  line: number;
  /** The variant the line was copied from; null once that variant is gone. */
  variantId: number | null;
  sku: string;
  productCode: string;
  nameEn: string;
  nameFr: string;
  botanicalName: string;
  /** As copied at submission (English); `size` is what readers format, when there is one. */
  sizeLabel: string;
  size: Size | null;
  quantity: number;
  unitPriceCents: number;
  /** The sales desk's price, once the quote was priced. */
  quotedUnitPriceCents: number | null;
}

export interface StatusChange {
  from: QuoteStatus | null;
  to: QuoteStatus;
  at: Date;
  note: string;
  by: { name: string; email: string; role: string } | null;
}

export interface QuoteDetail {
  id: number;
  reference: string;
  status: QuoteStatus;
  /** The language of the checkout: the customer's e-mails and the OPF's product names speak it. */
  locale: Locale;
  submittedAt: Date;
  updatedAt: Date;
  fulfilment: Fulfilment;
  preferredDate: string | null;
  paymentPreference: PaymentPreference;
  comments: string;
  priceKind: 'list' | 'trade';
  /** The desk marked the customer tax-exempt on this request, for this reason (decision 051). */
  taxExemptReason: string | null;
  subtotalCents: number;
  /** Units over all lines. */
  itemCount: number;
  customer: {
    userId: string;
    firstName: string;
    lastName: string;
    email: string;
    phone: string | null;
    customerTypeId: number;
    customerTypeEn: string;
    customerTypeFr: string;
  };
  tradeAccount: { id: number; accountNumber: string; companyName: string; accountPhone: string } | null;
  delivery: {
    jobName: string;
    poNumber: string;
    streetAddress: string;
    city: string;
    province: string;
    postalCode: string;
    siteContactFirstName: string;
    siteContactLastName: string;
    phone: string;
  } | null;
  pickup: {
    locationId: number;
    nameEn: string;
    nameFr: string;
    streetAddress: string;
    city: string;
    province: string;
    postalCode: string;
    phone: string;
  } | null;
  lines: QuoteLine[];
  pricing: {
    itemsCents: number;
    feesCents: number;
    taxesCents: number;
    totalCents: number;
    pricedAt: Date;
    pricedBy: string | null;
  } | null;
  /** While a priced quote waits for the customer: the last moment its links still work. */
  answerBy: Date | null;
  decision: {
    decision: QuoteDecision;
    decidedAt: Date;
    ipAddress: string;
    userAgent: string;
    by: string | null;
  } | null;
  history: StatusChange[];
  /** Every version the desk sent, oldest first (decision 049); empty for quotes priced before versions. */
  versions: QuoteVersion[];
}

export function lineName(line: Pick<QuoteLine, 'nameEn' | 'nameFr'>, locale: Locale): string {
  return locale === 'fr' ? line.nameFr : line.nameEn;
}

/** The line's size in the reader's language (structured sizes are formatted; old labels as copied). */
export function lineSize(line: Pick<QuoteLine, 'size' | 'sizeLabel'>, locale: Locale): string {
  return sizeText(line.size, line.sizeLabel, locale);
}

export function pickupName(pickup: NonNullable<QuoteDetail['pickup']>, locale: Locale): string {
  return locale === 'fr' ? pickup.nameFr : pickup.nameEn;
}

export function siteContactName(delivery: NonNullable<QuoteDetail['delivery']>): string {
  return `${delivery.siteContactFirstName} ${delivery.siteContactLastName}`;
}

/** A quote request id from a path: a positive integer in range, else null (a 404). */
export function parseQuoteId(value: string | null | undefined): number | null {
  return parseId(value) ?? null;
}

export interface AnswerSummary {
  kind: 'approved' | 'partial' | 'declined';
  decidedAt: Date;
  /** What the customer agreed to pay when they took only some lines; null otherwise. */
  acceptedTotalCents: number | null;
}

/**
 * The customer's answer summed up, as their request's page and the desk show it. A line-by-line answer that refuses
 * some lines approves the request (decision 049), yet it is a partial acceptance for the total
 * of the lines taken: the page said « Acceptée » beside the whole quote's total.
 */
export function answerSummary(quote: Pick<QuoteDetail, 'decision' | 'versions'>): AnswerSummary | null {
  if (!quote.decision) return null;
  const answered = quote.versions.findLast((version) => version.answeredAt !== null);
  if (answered?.outcome === 'partial' && answered.acceptedTotalCents !== null) {
    return { kind: 'partial', decidedAt: quote.decision.decidedAt, acceptedTotalCents: answered.acceptedTotalCents };
  }
  return { kind: quote.decision.decision, decidedAt: quote.decision.decidedAt, acceptedTotalCents: null };
}
