import { z } from 'zod';
import type { Fulfilment, Locale, PaymentPreference, QuoteStatus } from '../../../lib/db/schema.ts';
import { lineName, lineSize, pickupName, type QuoteDetail } from '../model/quote.ts';

/** A customer's quote requests: history paging, the history's rows and the customer's projection of a request. */

export const PAGE_SIZES = [5, 10, 25, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 10;

/** `?page=2&size=25` of the history page; anything unreadable falls back to the first page of 10. */
export const HistoryQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
  size: z.coerce
    .number()
    .refine((value) => (PAGE_SIZES as readonly number[]).includes(value))
    .catch(DEFAULT_PAGE_SIZE),
});
export type HistoryQuery = z.output<typeof HistoryQuerySchema>;

export function readHistoryQuery(params: URLSearchParams): HistoryQuery {
  return HistoryQuerySchema.parse({ page: params.get('page') ?? undefined, size: params.get('size') ?? undefined });
}

export interface QuoteSummary {
  id: number;
  reference: string;
  submittedAt: Date;
  status: QuoteStatus;
  fulfilment: Fulfilment;
  itemCount: number;
  subtotalCents: number;
}

/**
 * A request as the customer's JSON answer shows it (`GET /api/quote-requests/{id}`): a
 * projection of the read model in the reader's language, without what only the sales desk
 * sees (its history notes, who priced it, the answer's address and browser).
 */
export interface CustomerQuote extends QuoteSummary {
  locale: Locale;
  preferredDate: string | null;
  paymentPreference: PaymentPreference;
  comments: string;
  priceKind: 'list' | 'trade';
  customer: { firstName: string; lastName: string; email: string; phone: string | null };
  lines: {
    line: number;
    variantId: number | null;
    productCode: string;
    sku: string;
    name: string;
    botanicalName: string;
    sizeLabel: string;
    quantity: number;
    unitPriceCents: number;
  }[];
  delivery: QuoteDetail['delivery'];
  pickup: { locationId: number; name: string; streetAddress: string; city: string; phone: string } | null;
}

export function customerQuote(quote: QuoteDetail, locale: Locale): CustomerQuote {
  const { customer, delivery, pickup } = quote;
  return {
    id: quote.id,
    reference: quote.reference,
    submittedAt: quote.submittedAt,
    status: quote.status,
    fulfilment: quote.fulfilment,
    itemCount: quote.itemCount,
    subtotalCents: quote.subtotalCents,
    locale: quote.locale,
    preferredDate: quote.preferredDate,
    paymentPreference: quote.paymentPreference,
    comments: quote.comments,
    priceKind: quote.priceKind,
    customer: {
      firstName: customer.firstName,
      lastName: customer.lastName,
      email: customer.email,
      phone: customer.phone,
    },
    lines: quote.lines.map((line) => ({
      line: line.line,
      variantId: line.variantId,
      productCode: line.productCode,
      sku: line.sku,
      name: lineName(line, locale),
      botanicalName: line.botanicalName,
      sizeLabel: lineSize(line, locale),
      quantity: line.quantity,
      unitPriceCents: line.unitPriceCents,
    })),
    delivery,
    pickup: pickup
      ? {
          locationId: pickup.locationId,
          name: pickupName(pickup, locale),
          streetAddress: pickup.streetAddress,
          city: pickup.city,
          phone: pickup.phone,
        }
      : null,
  };
}

export interface HistoryPage {
  items: QuoteSummary[];
  total: number;
  page: number;
  size: number;
  pageCount: number;
}

/** The pages to offer around the current one: first, last, and two either side. */
export function pageWindow(page: number, pageCount: number): (number | 'gap')[] {
  const pages: (number | 'gap')[] = [];
  for (let n = 1; n <= pageCount; n++) {
    if (n === 1 || n === pageCount || Math.abs(n - page) <= 2) pages.push(n);
    else if (pages.at(-1) !== 'gap') pages.push('gap');
  }
  return pages;
}

/** What re-adding a request's items to the cart did. */
export interface ReorderResult {
  /** Units in the cart afterwards, for the header. */
  count: number;
  /** Lines put back in the cart. */
  added: number;
  /** Units put back: what the customer is told, counted as the cart counts its items. */
  unitsAdded: number;
  /** Names of the items no longer sold, skipped. */
  skipped: string[];
}
