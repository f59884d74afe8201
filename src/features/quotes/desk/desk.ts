import { z } from 'zod';
import type { Locale } from '../../../lib/i18n/index.ts';
import type { QuoteFormMessages } from '../pricing/pricing.ts';
import { QUEUE_KEYS, QueueQuerySchema } from '../queue/queue.ts';
import { FULFILMENTS } from '../submit/checkout-fields.ts';
import { QUOTE_STATUSES } from '../workflow/workflow.ts';

/**
 * The sales desk's list and forms, safe on both sides: the list's query string, and the
 * status form (which moves are allowed is the workflow's, workflow/workflow.ts).
 */

export const CUSTOMER_KINDS = ['retail', 'trade', 'in_house'] as const;
export type CustomerKind = (typeof CUSTOMER_KINDS)[number];

/** Spec §9: the page sizes a list offers. */
export const PAGE_SIZES = [5, 10, 25, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 25;

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
  // The longest wait since the last customer or desk action first (decision 052).
  'waiting_desc',
] as const;
export type QuoteSort = (typeof QUOTE_SORTS)[number];

const IsoDate = z.iso.date();

/** Each parameter falls back to its default on its own, so one bad value keeps the others. */
export const QuoteListQuerySchema = QueueQuerySchema.extend({
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
/** The list's filters; `viewerId` is the signed-in staff member "Mine" means (set by the server). */
export type QuoteListFilters = Omit<QuoteListQuery, 'sort' | 'page' | 'size'> & { viewerId?: string };

const QUERY_KEYS = [
  'q',
  'from',
  'to',
  'status',
  'fulfilment',
  'customer',
  ...QUEUE_KEYS,
  'sort',
  'page',
  'size',
] as const;

/** Under "Waiting on the desk" the longest wait comes first unless another sort is asked for. */
function defaultSort(query: Pick<QuoteListQuery, 'turn'>): QuoteSort {
  return query.turn === 'desk' ? 'waiting_desc' : 'submitted_desc';
}

export function parseQuoteListQuery(params: URLSearchParams): QuoteListQuery {
  const raw: Record<string, string> = {};
  for (const key of QUERY_KEYS) {
    const value = params.get(key);
    if (value !== null && value !== '') raw[key] = value;
  }
  const query = QuoteListQuerySchema.parse(raw);
  return raw.sort === undefined ? { ...query, sort: defaultSort(query) } : query;
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
  for (const key of QUEUE_KEYS) {
    const value = state[key];
    if (value) params.set(key, value);
  }
  if (state.sort !== defaultSort(state)) params.set('sort', state.sort);
  if (state.page !== 1) params.set('page', String(state.page));
  if (state.size !== DEFAULT_PAGE_SIZE) params.set('size', String(state.size));
  const search = params.toString();
  return search ? `?${search}` : '';
}

/**
 * The list with one queue filter added or removed, the others kept, back to page 1. Unless a
 * sort was asked for, the sort follows the default of the new state (the longest wait first
 * under "Waiting on the desk").
 */
export function toggleQueueFilter(
  query: QuoteListQuery,
  key: (typeof QUEUE_KEYS)[number],
  value: string,
  sortChosen: boolean,
): QuoteListQuery {
  const next = { ...query, [key]: query[key] === value ? undefined : value, page: 1 };
  return sortChosen ? next : { ...next, sort: defaultSort(next) };
}

/** The list's filters alone (for the CSV export of the same rows). */
export function filtersOf(query: QuoteListQuery): QuoteListFilters {
  const { sort: _sort, page: _page, size: _size, ...filters } = query;
  return filters;
}

// ---------------------------------------------------------------------------------------
// Staff forms
// ---------------------------------------------------------------------------------------

export function ChangeStatusSchema(m: QuoteFormMessages) {
  return z.object({
    to: z.enum(['in_review', 'cancelled']),
    note: z.string().trim().max(2000, { error: m.note }).default(''),
  });
}
export type ChangeStatusInput = z.input<ReturnType<typeof ChangeStatusSchema>>;

/**
 * `OPF-Q-100041.pdf`: the file name of a request's Order Processing Form, by the form's name
 * in the staff's language (« FTC », formulaire de traitement de commande, in French).
 */
export function opfFileName(reference: string, locale: Locale): string {
  return `${locale === 'fr' ? 'FTC' : 'OPF'}-${reference}.pdf`;
}
