import { z } from 'zod';
import type { Fulfilment, PaymentPreference, QuoteDecision, QuoteStatus } from '../../../lib/db/schema.ts';
import { parseId } from '../../../lib/ids.ts';

/**
 * The sales desk's rules, safe on both sides: which status may follow which and who may make
 * the move, the list's query string, and the schemas of the staff's forms.
 */

export const QUOTE_STATUSES = [
  'submitted',
  'in_review',
  'quoted',
  'approved',
  'cancelled',
] as const satisfies readonly QuoteStatus[];
export const FULFILMENTS = ['pickup', 'delivery', 'pickup_and_delivery'] as const satisfies readonly Fulfilment[];
export const PAYMENT_PREFERENCES = [
  'cash',
  'charge_account',
  'credit_card',
] as const satisfies readonly PaymentPreference[];
export const CUSTOMER_KINDS = ['retail', 'trade', 'in_house'] as const;
export type CustomerKind = (typeof CUSTOMER_KINDS)[number];

/** Spec §9: the page sizes a list offers. */
export const PAGE_SIZES = [5, 10, 25, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 25;

/** A priced quote's approve and decline links last 30 days. */
export const DECISION_LINK_TTL_MS = 30 * 24 * 60 * 60 * 1000;

// ---------------------------------------------------------------------------------------
// Status transitions: the only place that says which move is allowed
// ---------------------------------------------------------------------------------------

/** Staff work on the request; the customer answers a priced quote through the e-mail. */
export type Actor = 'staff' | 'customer';

const TRANSITIONS: Record<QuoteStatus, Partial<Record<QuoteStatus, readonly Actor[]>>> = {
  submitted: { in_review: ['staff'], cancelled: ['staff'] },
  // A request becomes `quoted` only by sending the priced quote.
  in_review: { quoted: ['staff'], cancelled: ['staff'] },
  // Staff may take a sent quote back to revise it; its links then stop working.
  quoted: { approved: ['customer'], cancelled: ['customer', 'staff'], in_review: ['staff'] },
  approved: {},
  cancelled: {},
};

export function canTransition(from: QuoteStatus, to: QuoteStatus, actor: Actor): boolean {
  return TRANSITIONS[from][to]?.includes(actor) ?? false;
}

/** The statuses staff may pick from a request's page (sending a priced quote is its own form). */
export function staffStatusChoices(from: QuoteStatus): QuoteStatus[] {
  return QUOTE_STATUSES.filter((to) => to !== 'quoted' && canTransition(from, to, 'staff'));
}

/** Pricing and sending are open while the request is in review. */
export function canSendQuote(status: QuoteStatus): boolean {
  return canTransition(status, 'quoted', 'staff');
}

/** What the customer's answer does to the request. */
export function decisionTarget(decision: QuoteDecision): QuoteStatus {
  return decision === 'approved' ? 'approved' : 'cancelled';
}

// ---------------------------------------------------------------------------------------
// The list's query string
// ---------------------------------------------------------------------------------------

export const QUOTE_SORTS = [
  'submitted_desc',
  'submitted_asc',
  'reference_desc',
  'reference_asc',
  'customer_asc',
  'customer_desc',
  'total_desc',
  'total_asc',
] as const;
export type QuoteSort = (typeof QUOTE_SORTS)[number];

const IsoDate = z.iso.date();

/** Each parameter falls back to its default on its own, so one bad value keeps the others. */
export const QuoteListQuerySchema = z.object({
  q: z.string().trim().max(100).catch(''),
  from: IsoDate.optional().catch(undefined),
  to: IsoDate.optional().catch(undefined),
  status: z.enum(QUOTE_STATUSES).optional().catch(undefined),
  fulfilment: z.enum(FULFILMENTS).optional().catch(undefined),
  customer: z.enum(CUSTOMER_KINDS).optional().catch(undefined),
  sort: z.enum(QUOTE_SORTS).catch('submitted_desc'),
  page: z.coerce.number().int().min(1).max(1_000_000).catch(1),
  size: z.coerce
    .number()
    .refine((value) => (PAGE_SIZES as readonly number[]).includes(value))
    .catch(DEFAULT_PAGE_SIZE),
});
export type QuoteListQuery = z.output<typeof QuoteListQuerySchema>;
export type QuoteListFilters = Omit<QuoteListQuery, 'sort' | 'page' | 'size'>;

const QUERY_KEYS = ['q', 'from', 'to', 'status', 'fulfilment', 'customer', 'sort', 'page', 'size'] as const;

export function parseQuoteListQuery(params: URLSearchParams): QuoteListQuery {
  const raw: Record<string, string> = {};
  for (const key of QUERY_KEYS) {
    const value = params.get(key);
    if (value !== null && value !== '') raw[key] = value;
  }
  return QuoteListQuerySchema.parse(raw);
}

/** The query string of a list state, leaving defaults out; `?` included when not empty. */
export function quoteListSearch(query: QuoteListQuery, changes: Partial<QuoteListQuery> = {}): string {
  const state = { ...query, ...changes };
  const params = new URLSearchParams();
  if (state.q) params.set('q', state.q);
  if (state.from) params.set('from', state.from);
  if (state.to) params.set('to', state.to);
  if (state.status) params.set('status', state.status);
  if (state.fulfilment) params.set('fulfilment', state.fulfilment);
  if (state.customer) params.set('customer', state.customer);
  if (state.sort !== 'submitted_desc') params.set('sort', state.sort);
  if (state.page !== 1) params.set('page', String(state.page));
  if (state.size !== DEFAULT_PAGE_SIZE) params.set('size', String(state.size));
  const search = params.toString();
  return search ? `?${search}` : '';
}

/** The list's filters alone (for the CSV export of the same rows). */
export function filtersOf(query: QuoteListQuery): QuoteListFilters {
  const { sort: _sort, page: _page, size: _size, ...filters } = query;
  return filters;
}

// ---------------------------------------------------------------------------------------
// Staff forms
// ---------------------------------------------------------------------------------------

/** Dollars and cents as typed in either language: "12", "12.5", "12,50". */
const MONEY_PATTERN = /^\d{1,7}(?:[.,]\d{1,2})?$/;

export function moneyToCents(value: string): number {
  const [dollars = '0', cents = ''] = value.trim().split(/[.,]/);
  return Number(dollars) * 100 + Number(cents.padEnd(2, '0') || '0');
}

export function centsToMoneyInput(cents: number): string {
  return (cents / 100).toFixed(2);
}

export interface QuoteFormMessages {
  price: string;
  note: string;
}

function moneyField(message: string) {
  return z.string({ error: message }).trim().regex(MONEY_PATTERN, { error: message }).transform(moneyToCents);
}

/** The priced quote as the sales desk types it; the endpoint parses the same shape. */
export function SendQuoteSchema(m: QuoteFormMessages) {
  return z.object({
    lines: z
      .array(z.object({ line: z.number().int().min(1).max(32_767), unitPrice: moneyField(m.price) }))
      .min(1)
      .max(500),
    fees: moneyField(m.price),
    taxes: moneyField(m.price),
    note: z.string().trim().max(2000, { error: m.note }).default(''),
  });
}
export type SendQuoteInput = z.input<ReturnType<typeof SendQuoteSchema>>;
export type SendQuoteOutput = z.output<ReturnType<typeof SendQuoteSchema>>;

export function ChangeStatusSchema(m: QuoteFormMessages) {
  return z.object({
    to: z.enum(['in_review', 'cancelled']),
    note: z.string().trim().max(2000, { error: m.note }).default(''),
  });
}
export type ChangeStatusInput = z.input<ReturnType<typeof ChangeStatusSchema>>;

/** The customer's answer from the approve or decline page. */
export const QuoteDecisionSchema = z.object({
  token: z.string().min(1).max(200),
  decision: z.enum(['approved', 'declined']),
});

/** A quote request id from the path: a positive integer in range, else null (a 404). */
export function parseQuoteId(value: string | undefined): number | null {
  return parseId(value) ?? null;
}

/** `OPF-Q-100041.pdf`: the file name of a request's Order Processing Form. */
export function opfFileName(reference: string): string {
  return `OPF-${reference}.pdf`;
}
