import { type Expression, type Kysely, type SqlBool, sql } from 'kysely';
import type { Database, Fulfilment, Locale, QuoteStatus } from '../../../lib/db/schema.ts';
import { type Purchase, recentPurchases } from '../../profile/profile.server.ts';
import { DESK_TURN_STATUSES, EXPIRING_DAYS } from '../queue/queue.ts';
import type { QuoteListFilters, QuoteListQuery, QuoteSort } from './desk.ts';

/**
 * The sales desk's list: search, filters, sort and pages (the CSV export reads the same
 * filters, export/export.server.ts), and the trade account's latest invoices for a request's
 * page. One request is read through the read model (model/quote.server.ts).
 */

type Db = Kysely<Database>;

const TIME_ZONE = 'America/Toronto';

export interface QuoteListRow {
  id: number;
  reference: string;
  submittedAt: Date;
  status: QuoteStatus;
  customerName: string;
  customerEmail: string;
  companyName: string | null;
  accountNumber: string | null;
  customerTypeId: number;
  fulfilment: Fulfilment;
  subtotalCents: number;
  quotedTotalCents: number | null;
  lineCount: number;
  /** The last customer or desk action (decision 052): the waiting time counts from it. */
  lastActionAt: Date;
  owner: { id: string; name: string } | null;
}

export interface QuoteListPage {
  rows: QuoteListRow[];
  total: number;
  page: number;
  pages: number;
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (char) => `\\${char}`);
}

export function base(db: Db) {
  return db
    .selectFrom('quote_requests as q')
    .leftJoin('in_house_accounts as a', 'a.id', 'q.in_house_account_id')
    .leftJoin('quote_request_pricing as p', 'p.quote_request_id', 'q.id')
    .leftJoin('users as o', 'o.id', 'q.assignee_id');
}
export type Base = ReturnType<typeof base>;

/** The moment a calendar day starts at the nursery (the list's dates are Toronto days). */
function dayStart(isoDate: string) {
  return sql<Date>`((${isoDate}::date)::timestamp at time zone ${TIME_ZONE})`;
}
function dayEnd(isoDate: string) {
  return sql<Date>`((${isoDate}::date + 1)::timestamp at time zone ${TIME_ZONE})`;
}

/**
 * The last customer or desk action (decision 052): every one of them — the submit, a version
 * sent, the customer's answer, a renewal asked, a status change — writes a history row, and an
 * assignment writes none; a trigger keeps the latest row's time on the request.
 */
const lastActionAt = sql<Date | string>`coalesce(q.last_action_at, q.submitted_at)`;

/** Today at the nursery, as a date (a version's last day is a Toronto day, decision 049). */
const nurseryToday = sql<string>`(now() at time zone ${TIME_ZONE})::date`;

/** "Mine", "Waiting on the desk" and "Expiring within 7 days". */
function queueFilters(query: Base, filters: QuoteListFilters): Base {
  let next = query;
  // "Mine" without a signed-in staff member (never from a page) matches nothing.
  if (filters.mine) {
    next = filters.viewerId ? next.where('q.assignee_id', '=', filters.viewerId) : next.where(sql<boolean>`false`);
  }
  if (filters.turn === 'desk') next = next.where('q.status', 'in', DESK_TURN_STATUSES);
  if (filters.expiring) {
    next = next.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('quote_versions as v')
          .select('v.id')
          .whereRef('v.quote_request_id', '=', 'q.id')
          .where('v.superseded_at', 'is', null)
          .where('v.answered_at', 'is', null)
          .where('v.valid_until', '>=', nurseryToday)
          .where('v.valid_until', '<', sql<string>`${nurseryToday} + ${EXPIRING_DAYS}::integer`),
      ),
    );
  }
  return next;
}

export function applyFilters(query: Base, filters: QuoteListFilters): Base {
  let next = query;
  if (filters.q) {
    const like = `%${escapeLike(filters.q)}%`;
    next = next.where((eb) => {
      const conditions: Expression<SqlBool>[] = [
        eb(
          sql<string>`(q.reference || ' ' || q.customer_first_name || ' ' || q.customer_last_name || ' ' || q.customer_email)`,
          'ilike',
          like,
        ),
        eb('a.company_name', 'ilike', like),
        eb('a.account_number', 'ilike', like),
      ];
      return eb.or(conditions);
    });
  }
  if (filters.from) next = next.where('q.submitted_at', '>=', dayStart(filters.from));
  if (filters.to) next = next.where('q.submitted_at', '<', dayEnd(filters.to));
  if (filters.status) next = next.where('q.status', '=', filters.status);
  if (filters.fulfilment) next = next.where('q.fulfilment', '=', filters.fulfilment);
  if (filters.customer === 'in_house') next = next.where('q.in_house_account_id', 'is not', null);
  if (filters.customer === 'trade' || filters.customer === 'retail') {
    const professional = sql<number>`(select id from customer_types where code = 'landscape_professional')`;
    next = next
      .where('q.in_house_account_id', 'is', null)
      .where('q.customer_type_id', filters.customer === 'trade' ? '=' : '<>', professional);
  }
  return queueFilters(next, filters);
}

const SORTS: Record<QuoteSort, [string, 'asc' | 'desc']> = {
  submitted_desc: ['q.submitted_at', 'desc'],
  submitted_asc: ['q.submitted_at', 'asc'],
  reference_desc: ['q.reference', 'desc'],
  reference_asc: ['q.reference', 'asc'],
  customer_asc: ['customer_sort', 'asc'],
  customer_desc: ['customer_sort', 'desc'],
  total_desc: ['q.subtotal_cents', 'desc'],
  total_asc: ['q.subtotal_cents', 'asc'],
  waiting_desc: ['waiting_since', 'asc'],
};

export async function countQuoteRequests(db: Db, filters: QuoteListFilters): Promise<number> {
  const row = await applyFilters(base(db), filters)
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function listQuoteRequests(
  db: Db,
  query: QuoteListQuery & Pick<QuoteListFilters, 'viewerId'>,
): Promise<QuoteListPage> {
  // The count and the page are read together; a page past the end is read again as the last.
  const [total, requested] = await Promise.all([countQuoteRequests(db, query), pageOf(db, query, query.page)]);
  const pages = Math.max(1, Math.ceil(total / query.size));
  const page = Math.min(query.page, pages);
  const rows = page === query.page ? requested : await pageOf(db, query, page);
  return {
    total,
    page,
    pages,
    rows: rows.map((row) => ({
      id: row.id,
      reference: row.reference,
      submittedAt: row.submitted_at,
      status: row.status,
      customerName: `${row.customer_first_name} ${row.customer_last_name}`,
      customerEmail: row.customer_email,
      companyName: row.company_name,
      accountNumber: row.account_number,
      customerTypeId: row.customer_type_id,
      fulfilment: row.fulfilment,
      subtotalCents: row.subtotal_cents,
      quotedTotalCents: row.total_cents,
      lineCount: Number(row.line_count ?? 0),
      lastActionAt: new Date(row.waiting_since),
      owner: row.owner_id ? { id: row.owner_id, name: `${row.owner_first_name} ${row.owner_last_name}` } : null,
    })),
  };
}

function pageOf(db: Db, query: QuoteListQuery & Pick<QuoteListFilters, 'viewerId'>, page: number) {
  const [column, direction] = SORTS[query.sort];
  return applyFilters(base(db), query)
    .select((eb) => [
      'q.id',
      'q.reference',
      'q.submitted_at',
      'q.status',
      'q.customer_first_name',
      'q.customer_last_name',
      'q.customer_email',
      'q.customer_type_id',
      'q.fulfilment',
      'q.subtotal_cents',
      'a.company_name',
      'a.account_number',
      'p.total_cents',
      'o.id as owner_id',
      'o.first_name as owner_first_name',
      'o.last_name as owner_last_name',
      lastActionAt.as('waiting_since'),
      sql<string>`lower(q.customer_last_name || ' ' || q.customer_first_name)`.as('customer_sort'),
      eb
        .selectFrom('quote_request_items as i')
        .select((inner) => inner.fn.countAll<string | number>().as('n'))
        .whereRef('i.quote_request_id', '=', 'q.id')
        .as('line_count'),
    ])
    .orderBy(sql.ref(column), direction)
    .orderBy('q.id', direction)
    .limit(query.size)
    .offset((page - 1) * query.size)
    .execute();
}

/** The trade account's latest invoices, for the request's page. */
export function tradeAccountPurchases(db: Db, inHouseAccountId: number, locale: Locale): Promise<Purchase[]> {
  return recentPurchases(db, inHouseAccountId, locale, 5);
}
