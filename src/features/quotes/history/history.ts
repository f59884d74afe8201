import { z } from 'zod';
import type { Fulfilment, PaymentPreference, QuoteStatus } from '../../../lib/db/schema.ts';
import { PathIdSchema } from '../../../lib/ids.ts';

/** A customer's quote requests: history paging and the shapes the pages show. */

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

/** A quote request id in a path: a positive integer, else the page is a 404. */
export const QuoteIdSchema = PathIdSchema;

export interface QuoteSummary {
  id: number;
  reference: string;
  submittedAt: Date;
  status: QuoteStatus;
  fulfilment: Fulfilment;
  itemCount: number;
  subtotalCents: number;
}

export interface QuoteLine {
  line: number;
  variantId: number | null;
  productCode: string;
  sku: string;
  name: string;
  botanicalName: string;
  sizeLabel: string;
  quantity: number;
  unitPriceCents: number;
}

export interface QuoteDetail extends QuoteSummary {
  locale: 'en' | 'fr';
  preferredDate: string | null;
  paymentPreference: PaymentPreference;
  comments: string;
  priceKind: 'list' | 'trade';
  customer: { firstName: string; lastName: string; email: string; phone: string | null };
  lines: QuoteLine[];
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
  pickup: { locationId: number; name: string; streetAddress: string; city: string; phone: string } | null;
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
  added: number;
  /** Names of the items no longer sold, skipped. */
  skipped: string[];
}
