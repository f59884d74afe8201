import { type Expression, type Kysely, type SqlBool, sql, type Transaction } from 'kysely';
import type {
  Database,
  Fulfilment,
  Locale,
  PaymentPreference,
  QuoteDecision,
  QuoteStatus,
} from '../../lib/db/schema.ts';
import { getT, localizePath } from '../../lib/i18n/index.ts';
import type { Mailer } from '../../lib/mail/mail.server.ts';
import { MailDeliveryError } from '../../lib/mail/mail-delivery-error.ts';
import { type Size, sizeFromRow, sizeText } from '../../lib/size.ts';
import { issueToken, parseToken, secretMatches } from '../accounts/tokens.server.ts';
import { type Purchase, recentPurchases } from '../profile/profile.server.ts';
import { CSV_BOM, csvHeader, csvRow } from './csv.ts';
import {
  type Actor,
  canSendQuote,
  canTransition,
  DECISION_LINK_TTL_MS,
  decisionTarget,
  type QuoteListFilters,
  type QuoteListQuery,
  type QuoteSort,
  type SendQuoteOutput,
} from './quote-desk.ts';
import { pricedQuoteMail } from './quote-mail.ts';

/**
 * The sales desk's reads and writes: the filtered list, one request with everything about
 * it, status changes (all through `applyTransition`), the priced quote and its e-mail, and
 * the customer's answer through the e-mailed link.
 */

type Db = Kysely<Database>;
type Trx = Transaction<Database>;

const TIME_ZONE = 'America/Toronto';

// ---------------------------------------------------------------------------------------
// The list
// ---------------------------------------------------------------------------------------

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

function base(db: Db) {
  return db
    .selectFrom('quote_requests as q')
    .leftJoin('in_house_accounts as a', 'a.id', 'q.in_house_account_id')
    .leftJoin('quote_request_pricing as p', 'p.quote_request_id', 'q.id');
}
type Base = ReturnType<typeof base>;

/** The moment a calendar day starts at the nursery (the list's dates are Toronto days). */
function dayStart(isoDate: string) {
  return sql<Date>`((${isoDate}::date)::timestamp at time zone ${TIME_ZONE})`;
}
function dayEnd(isoDate: string) {
  return sql<Date>`((${isoDate}::date + 1)::timestamp at time zone ${TIME_ZONE})`;
}

function applyFilters(query: Base, filters: QuoteListFilters): Base {
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
  return next;
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
};

export async function countQuoteRequests(db: Db, filters: QuoteListFilters): Promise<number> {
  const row = await applyFilters(base(db), filters)
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function listQuoteRequests(db: Db, query: QuoteListQuery): Promise<QuoteListPage> {
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
    })),
  };
}

function pageOf(db: Db, query: QuoteListQuery, page: number) {
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

export interface QuoteExportRow {
  reference: string;
  submittedAt: Date;
  status: QuoteStatus;
  locale: Locale;
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  companyName: string | null;
  accountNumber: string | null;
  customerTypeId: number;
  fulfilment: Fulfilment;
  pickupYard: string | null;
  deliveryCity: string | null;
  deliveryProvince: string | null;
  preferredDate: string | null;
  paymentPreference: PaymentPreference;
  lineCount: number;
  subtotalCents: number;
  quotedTotalCents: number | null;
}

/**
 * Every row of the filtered list, newest first, read in batches by keyset (never OFFSET and
 * never all at once), so an export of 10,000 rows holds one batch in memory.
 */
export async function* exportQuoteRequests(
  db: Db,
  filters: QuoteListFilters,
  locale: Locale,
  batchSize = 1000,
): AsyncGenerator<QuoteExportRow[]> {
  let after: { submittedAt: Date; id: number } | null = null;
  for (;;) {
    let query = applyFilters(base(db), filters)
      .leftJoin('quote_request_pickups as pu', 'pu.quote_request_id', 'q.id')
      .leftJoin('locations as l', 'l.id', 'pu.location_id')
      .leftJoin('quote_request_deliveries as d', 'd.quote_request_id', 'q.id');
    if (after) {
      const cursor = after;
      query = query.where((eb) =>
        eb.or([
          eb('q.submitted_at', '<', cursor.submittedAt),
          eb.and([eb('q.submitted_at', '=', cursor.submittedAt), eb('q.id', '<', cursor.id)]),
        ]),
      );
    }
    const rows = await query
      .select((eb) => [
        'q.id',
        'q.reference',
        'q.submitted_at',
        'q.status',
        'q.locale',
        'q.customer_first_name',
        'q.customer_last_name',
        'q.customer_email',
        'q.customer_phone',
        'q.customer_type_id',
        'q.fulfilment',
        'q.preferred_date',
        'q.payment_preference',
        'q.subtotal_cents',
        'a.company_name',
        'a.account_number',
        'p.total_cents',
        locale === 'fr' ? 'l.name_fr as yard' : 'l.name_en as yard',
        'd.city',
        'd.province',
        eb
          .selectFrom('quote_request_items as i')
          .select((inner) => inner.fn.countAll<string | number>().as('n'))
          .whereRef('i.quote_request_id', '=', 'q.id')
          .as('line_count'),
      ])
      .orderBy('q.submitted_at', 'desc')
      .orderBy('q.id', 'desc')
      .limit(batchSize)
      .execute();
    if (rows.length === 0) return;
    yield rows.map((row) => ({
      reference: row.reference,
      submittedAt: row.submitted_at,
      status: row.status,
      locale: row.locale,
      firstName: row.customer_first_name,
      lastName: row.customer_last_name,
      email: row.customer_email,
      phone: row.customer_phone,
      companyName: row.company_name,
      accountNumber: row.account_number,
      customerTypeId: row.customer_type_id,
      fulfilment: row.fulfilment,
      pickupYard: row.yard,
      deliveryCity: row.city,
      deliveryProvince: row.province,
      preferredDate: row.preferred_date === null ? null : isoDateOf(row.preferred_date),
      paymentPreference: row.payment_preference,
      lineCount: Number(row.line_count ?? 0),
      subtotalCents: row.subtotal_cents,
      quotedTotalCents: row.total_cents,
    }));
    const last = rows.at(-1);
    if (!last || rows.length < batchSize) return;
    after = { submittedAt: last.submitted_at, id: last.id };
  }
}

/** A `date` column comes back as a string from PostgreSQL and as a Date from some drivers. */
function isoDateOf(value: string | Date): string {
  return typeof value === 'string' ? value.slice(0, 10) : value.toISOString().slice(0, 10);
}

// ---------------------------------------------------------------------------------------
// One request
// ---------------------------------------------------------------------------------------

export interface QuoteLine {
  line: number;
  sku: string;
  productCode: string;
  nameEn: string;
  nameFr: string;
  botanicalName: string;
  /** As copied at submission (English); `size` is what pages format, when there is one. */
  sizeLabel: string;
  size: Size | null;
  quantity: number;
  unitPriceCents: number;
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
  locale: Locale;
  submittedAt: Date;
  updatedAt: Date;
  fulfilment: Fulfilment;
  preferredDate: string | null;
  paymentPreference: PaymentPreference;
  comments: string;
  priceKind: 'list' | 'trade';
  subtotalCents: number;
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
    siteContact: string;
    phone: string;
  } | null;
  pickup: {
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
  decision: {
    decision: QuoteDecision;
    decidedAt: Date;
    ipAddress: string;
    userAgent: string;
    by: string | null;
  } | null;
  history: StatusChange[];
}

export async function loadQuoteDetail(db: Db, id: number): Promise<QuoteDetail | undefined> {
  const quote = await db
    .selectFrom('quote_requests as q')
    .innerJoin('customer_types as ct', 'ct.id', 'q.customer_type_id')
    .leftJoin('in_house_accounts as a', 'a.id', 'q.in_house_account_id')
    .selectAll('q')
    .select(['ct.name_en as type_en', 'ct.name_fr as type_fr', 'a.account_number', 'a.company_name', 'a.account_phone'])
    .where('q.id', '=', id)
    .executeTakeFirst();
  if (!quote) return undefined;
  const [lines, delivery, pickup, pricing, decision, history] = await Promise.all([
    db.selectFrom('quote_request_items').selectAll().where('quote_request_id', '=', id).orderBy('line').execute(),
    db.selectFrom('quote_request_deliveries').selectAll().where('quote_request_id', '=', id).executeTakeFirst(),
    db
      .selectFrom('quote_request_pickups as pu')
      .innerJoin('locations as l', 'l.id', 'pu.location_id')
      .select(['l.name_en', 'l.name_fr', 'l.street_address', 'l.city', 'l.province', 'l.postal_code', 'l.phone'])
      .where('pu.quote_request_id', '=', id)
      .executeTakeFirst(),
    db
      .selectFrom('quote_request_pricing as p')
      .leftJoin('users as u', 'u.id', 'p.priced_by')
      .select([
        'p.items_cents',
        'p.fees_cents',
        'p.taxes_cents',
        'p.total_cents',
        'p.priced_at',
        'u.first_name',
        'u.last_name',
      ])
      .where('p.quote_request_id', '=', id)
      .executeTakeFirst(),
    db
      .selectFrom('quote_request_decisions as d')
      .leftJoin('users as u', 'u.id', 'd.decided_by')
      .select(['d.decision', 'd.decided_at', 'd.ip_address', 'd.user_agent', 'u.first_name', 'u.last_name', 'u.email'])
      .where('d.quote_request_id', '=', id)
      .executeTakeFirst(),
    db
      .selectFrom('quote_request_status_history as h')
      .leftJoin('users as u', 'u.id', 'h.changed_by')
      .select([
        'h.from_status',
        'h.to_status',
        'h.changed_at',
        'h.note',
        'u.first_name',
        'u.last_name',
        'u.email',
        'u.role',
      ])
      .where('h.quote_request_id', '=', id)
      .orderBy('h.changed_at')
      .orderBy('h.id')
      .execute(),
  ]);
  return {
    id: quote.id,
    reference: quote.reference,
    status: quote.status,
    locale: quote.locale,
    submittedAt: quote.submitted_at,
    updatedAt: quote.updated_at,
    fulfilment: quote.fulfilment,
    preferredDate: quote.preferred_date === null ? null : isoDateOf(quote.preferred_date),
    paymentPreference: quote.payment_preference,
    comments: quote.comments,
    priceKind: quote.price_kind,
    subtotalCents: quote.subtotal_cents,
    customer: {
      userId: quote.user_id,
      firstName: quote.customer_first_name,
      lastName: quote.customer_last_name,
      email: quote.customer_email,
      phone: quote.customer_phone,
      customerTypeId: quote.customer_type_id,
      customerTypeEn: quote.type_en,
      customerTypeFr: quote.type_fr,
    },
    tradeAccount:
      quote.in_house_account_id !== null && quote.account_number !== null
        ? {
            id: quote.in_house_account_id,
            accountNumber: quote.account_number,
            companyName: quote.company_name ?? '',
            accountPhone: quote.account_phone ?? '',
          }
        : null,
    delivery: delivery
      ? {
          jobName: delivery.job_name,
          poNumber: delivery.po_number,
          streetAddress: delivery.street_address,
          city: delivery.city,
          province: delivery.province,
          postalCode: delivery.postal_code,
          siteContact: `${delivery.site_contact_first_name} ${delivery.site_contact_last_name}`,
          phone: delivery.phone,
        }
      : null,
    pickup: pickup
      ? {
          nameEn: pickup.name_en,
          nameFr: pickup.name_fr,
          streetAddress: pickup.street_address,
          city: pickup.city,
          province: pickup.province,
          postalCode: pickup.postal_code,
          phone: pickup.phone,
        }
      : null,
    lines: lines.map((line) => ({
      line: line.line,
      sku: line.sku,
      productCode: line.product_code,
      nameEn: line.product_name_en,
      nameFr: line.product_name_fr,
      botanicalName: line.botanical_name,
      sizeLabel: line.size_label,
      size: sizeFromRow(line),
      quantity: line.quantity,
      unitPriceCents: line.unit_price_cents,
      quotedUnitPriceCents: line.quoted_unit_price_cents,
    })),
    pricing: pricing
      ? {
          itemsCents: pricing.items_cents,
          feesCents: pricing.fees_cents,
          taxesCents: pricing.taxes_cents,
          totalCents: pricing.total_cents,
          pricedAt: pricing.priced_at,
          pricedBy: pricing.first_name === null ? null : `${pricing.first_name} ${pricing.last_name ?? ''}`.trim(),
        }
      : null,
    decision: decision
      ? {
          decision: decision.decision,
          decidedAt: decision.decided_at,
          ipAddress: decision.ip_address,
          userAgent: decision.user_agent,
          by:
            decision.first_name === null
              ? null
              : `${decision.first_name} ${decision.last_name ?? ''} <${decision.email}>`,
        }
      : null,
    history: history.map((row) => ({
      from: row.from_status,
      to: row.to_status,
      at: row.changed_at,
      note: row.note,
      by:
        row.email === null
          ? null
          : { name: `${row.first_name ?? ''} ${row.last_name ?? ''}`.trim(), email: row.email, role: row.role ?? '' },
    })),
  };
}

/** The trade account's latest invoices, for the request's page. */
export function tradeAccountPurchases(db: Db, inHouseAccountId: number, locale: Locale): Promise<Purchase[]> {
  return recentPurchases(db, inHouseAccountId, locale, 5);
}

// ---------------------------------------------------------------------------------------
// Transitions: every status change goes through here
// ---------------------------------------------------------------------------------------

export type TransitionErrorCode = 'transition_not_allowed' | 'status_changed' | 'not_found';

export class QuoteTransitionError extends Error {
  override name = 'QuoteTransitionError';
  readonly code: TransitionErrorCode;
  constructor(code: TransitionErrorCode, message: string) {
    super(message);
    this.code = code;
  }
}

interface Transition {
  quoteId: number;
  from: QuoteStatus;
  to: QuoteStatus;
  actor: Actor;
  by: string | null;
  note?: string;
  now: Date;
}

/**
 * Moves a request from `from` to `to` if the rules allow it and nobody moved it meanwhile
 * (the update names the status it expects), and records who did it and when.
 */
export async function applyTransition(trx: Trx, transition: Transition): Promise<void> {
  const { quoteId, from, to, actor } = transition;
  if (!canTransition(from, to, actor)) {
    throw new QuoteTransitionError('transition_not_allowed', `A ${actor} cannot move a request from ${from} to ${to}`);
  }
  const moved = await trx
    .updateTable('quote_requests')
    .set({ status: to })
    .where('id', '=', quoteId)
    .where('status', '=', from)
    .returning('id')
    .executeTakeFirst();
  if (!moved) throw new QuoteTransitionError('status_changed', `Quote request ${quoteId} is no longer ${from}`);
  await trx
    .insertInto('quote_request_status_history')
    .values({
      quote_request_id: quoteId,
      from_status: from,
      to_status: to,
      changed_by: transition.by,
      note: transition.note ?? '',
      changed_at: transition.now,
    })
    .execute();
}

async function lockedStatus(trx: Trx, quoteId: number): Promise<QuoteStatus> {
  const row = await trx
    .selectFrom('quote_requests')
    .select('status')
    .where('id', '=', quoteId)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw new QuoteTransitionError('not_found', `No quote request ${quoteId}`);
  return row.status;
}

/** A staff member moves a request (to review, or cancels it). */
export async function changeQuoteStatus(
  db: Db,
  input: { quoteId: number; to: QuoteStatus; staffId: string; note?: string; now?: Date },
): Promise<void> {
  const now = input.now ?? new Date();
  await db.transaction().execute(async (trx) => {
    const from = await lockedStatus(trx, input.quoteId);
    await applyTransition(trx, {
      quoteId: input.quoteId,
      from,
      to: input.to,
      actor: 'staff',
      by: input.staffId,
      note: input.note,
      now,
    });
    // A quote taken back for revision: the links already sent stop working.
    if (from === 'quoted') {
      await trx
        .deleteFrom('quote_decision_tokens')
        .where('quote_request_id', '=', input.quoteId)
        .where('used_at', 'is', null)
        .execute();
    }
  });
}

// ---------------------------------------------------------------------------------------
// The priced quote and the customer's answer
// ---------------------------------------------------------------------------------------

export interface QuoteDeskDeps {
  db: Db;
  mailer: Mailer;
  /** PUBLIC_SITE_URL: the e-mail's links are absolute. */
  siteUrl: string;
  now?: Date;
}

export class QuoteLinesMismatchError extends Error {
  override name = 'QuoteLinesMismatchError';
}

export function decisionLink(siteUrl: string, locale: Locale, decision: QuoteDecision, token: string): string {
  const action = decision === 'approved' ? 'approve' : 'decline';
  return new URL(localizePath(`/quotes/${action}/${token}`, locale), siteUrl).href;
}

/**
 * Stores the final prices, moves the request to `quoted` and e-mails the customer, in their
 * language, a single-use approve link and decline link. All or nothing: if the e-mail cannot
 * be sent, nothing is stored and the request stays in review.
 */
export async function sendPricedQuote(
  deps: QuoteDeskDeps,
  input: { quoteId: number; staffId: string; prices: SendQuoteOutput },
): Promise<{ totalCents: number }> {
  const now = deps.now ?? new Date();
  return deps.db.transaction().execute(async (trx) => {
    const from = await lockedStatus(trx, input.quoteId);
    if (!canSendQuote(from)) {
      throw new QuoteTransitionError('transition_not_allowed', `Quote request ${input.quoteId} is ${from}`);
    }
    const quote = await trx
      .selectFrom('quote_requests')
      .select(['reference', 'locale', 'customer_first_name', 'customer_email'])
      .where('id', '=', input.quoteId)
      .executeTakeFirstOrThrow();
    const items = await trx
      .selectFrom('quote_request_items')
      .select(['line', 'sku', 'product_name_en', 'product_name_fr', 'size_label', 'quantity'])
      .select(['size_kind', 'size_values', 'size_root_ball'])
      .where('quote_request_id', '=', input.quoteId)
      .orderBy('line')
      .execute();
    const prices = new Map(input.prices.lines.map((line) => [line.line, line.unitPrice]));
    if (prices.size !== items.length || items.some((item) => !prices.has(item.line))) {
      throw new QuoteLinesMismatchError(`Every line of ${quote.reference} needs exactly one price`);
    }
    let itemsCents = 0;
    for (const item of items) {
      const unit = prices.get(item.line) ?? 0;
      itemsCents += unit * item.quantity;
      await trx
        .updateTable('quote_request_items')
        .set({ quoted_unit_price_cents: unit })
        .where('quote_request_id', '=', input.quoteId)
        .where('line', '=', item.line)
        .execute();
    }
    const pricing = {
      items_cents: itemsCents,
      fees_cents: input.prices.fees,
      taxes_cents: input.prices.taxes,
      total_cents: itemsCents + input.prices.fees + input.prices.taxes,
      priced_by: input.staffId,
      priced_at: now,
    };
    await trx
      .insertInto('quote_request_pricing')
      .values({ quote_request_id: input.quoteId, ...pricing })
      .onConflict((conflict) => conflict.column('quote_request_id').doUpdateSet(pricing))
      .execute();
    await trx.deleteFrom('quote_decision_tokens').where('quote_request_id', '=', input.quoteId).execute();
    const token = issueToken();
    await trx
      .insertInto('quote_decision_tokens')
      .values({
        id: token.id,
        secret_hash: token.secretHash,
        quote_request_id: input.quoteId,
        created_at: now,
        expires_at: new Date(now.getTime() + DECISION_LINK_TTL_MS),
      })
      .execute();
    await applyTransition(trx, {
      quoteId: input.quoteId,
      from,
      to: 'quoted',
      actor: 'staff',
      by: input.staffId,
      note: input.prices.note,
      now,
    });
    const mail = pricedQuoteMail({
      to: quote.customer_email,
      locale: quote.locale,
      firstName: quote.customer_first_name,
      reference: quote.reference,
      lines: items.map((item) => ({
        sku: item.sku,
        name: quote.locale === 'fr' ? item.product_name_fr : item.product_name_en,
        size: sizeText(sizeFromRow(item), item.size_label, quote.locale),
        quantity: item.quantity,
        unitCents: prices.get(item.line) ?? 0,
      })),
      itemsCents,
      feesCents: pricing.fees_cents,
      taxesCents: pricing.taxes_cents,
      totalCents: pricing.total_cents,
      note: input.prices.note,
      expiresAt: new Date(now.getTime() + DECISION_LINK_TTL_MS),
      approveLink: decisionLink(deps.siteUrl, quote.locale, 'approved', token.token),
      declineLink: decisionLink(deps.siteUrl, quote.locale, 'declined', token.token),
    });
    // Sent last, inside the transaction: if it fails, nothing above is kept.
    try {
      await deps.mailer.send(mail);
    } catch (error) {
      throw new MailDeliveryError(`The priced quote ${quote.reference} could not be e-mailed`, { cause: error });
    }
    return { totalCents: pricing.total_cents };
  });
}

export interface DecisionQuote {
  id: number;
  reference: string;
  locale: Locale;
  customerFirstName: string;
  totalCents: number | null;
}

export type DecisionLinkState =
  | { kind: 'open'; quote: DecisionQuote }
  | { kind: 'decided'; quote: DecisionQuote; decision: QuoteDecision; decidedAt: Date }
  | { kind: 'expired'; quote: DecisionQuote }
  | { kind: 'invalid' };

async function decisionQuote(db: Db | Trx, quoteId: number): Promise<DecisionQuote> {
  const row = await db
    .selectFrom('quote_requests as q')
    .leftJoin('quote_request_pricing as p', 'p.quote_request_id', 'q.id')
    .select(['q.id', 'q.reference', 'q.locale', 'q.customer_first_name', 'p.total_cents'])
    .where('q.id', '=', quoteId)
    .executeTakeFirstOrThrow();
  return {
    id: row.id,
    reference: row.reference,
    locale: row.locale,
    customerFirstName: row.customer_first_name,
    totalCents: row.total_cents,
  };
}

async function decisionOf(db: Db | Trx, quoteId: number) {
  return db
    .selectFrom('quote_request_decisions')
    .select(['decision', 'decided_at'])
    .where('quote_request_id', '=', quoteId)
    .executeTakeFirst();
}

/** What an approve or decline link leads to, without using it (the page shows a button). */
export async function inspectDecisionLink(db: Db, token: string, now = new Date()): Promise<DecisionLinkState> {
  const parsed = parseToken(token);
  if (!parsed) return { kind: 'invalid' };
  const row = await db
    .selectFrom('quote_decision_tokens')
    .select(['quote_request_id', 'secret_hash', 'expires_at', 'used_at'])
    .where('id', '=', parsed.id)
    .executeTakeFirst();
  if (!row || !secretMatches(parsed.secret, row.secret_hash)) return { kind: 'invalid' };
  const quote = await decisionQuote(db, row.quote_request_id);
  if (row.used_at !== null) {
    const decided = await decisionOf(db, row.quote_request_id);
    if (!decided) return { kind: 'invalid' };
    return { kind: 'decided', quote, decision: decided.decision, decidedAt: decided.decided_at };
  }
  if (row.expires_at.getTime() <= now.getTime()) return { kind: 'expired', quote };
  return { kind: 'open', quote };
}

export type DecisionResult =
  | { kind: 'recorded'; quote: DecisionQuote; decision: QuoteDecision }
  | { kind: 'already'; quote: DecisionQuote; decision: QuoteDecision; decidedAt: Date }
  | { kind: 'expired'; quote: DecisionQuote }
  | { kind: 'invalid' };

/**
 * The customer approves or declines through the e-mailed link. The token is used once: of
 * two requests presenting it together, only one marks it used and records the answer; the
 * other is told what was decided.
 */
export async function decideQuote(
  db: Db,
  input: { token: string; decision: QuoteDecision; ipAddress: string; userAgent: string; now?: Date },
): Promise<DecisionResult> {
  const now = input.now ?? new Date();
  const state = await inspectDecisionLink(db, input.token, now);
  if (state.kind === 'invalid' || state.kind === 'expired') return state;
  if (state.kind === 'decided') return { kind: 'already', ...stateFields(state) };
  const parsed = parseToken(input.token);
  if (!parsed) return { kind: 'invalid' };
  const outcome = await db.transaction().execute(async (trx) => {
    const used = await trx
      .updateTable('quote_decision_tokens')
      .set({ used_at: now })
      .where('id', '=', parsed.id)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .returning('quote_request_id')
      .executeTakeFirst();
    if (!used) return 'lost' as const;
    const quote = await trx
      .selectFrom('quote_requests')
      .select(['status', 'user_id'])
      .where('id', '=', used.quote_request_id)
      .forUpdate()
      .executeTakeFirstOrThrow();
    await applyTransition(trx, {
      quoteId: used.quote_request_id,
      from: quote.status,
      to: decisionTarget(input.decision),
      actor: 'customer',
      // The link was sent to the customer who asked for the quote: they are the author.
      by: quote.user_id,
      now,
    });
    await trx
      .insertInto('quote_request_decisions')
      .values({
        quote_request_id: used.quote_request_id,
        decision: input.decision,
        decided_by: quote.user_id,
        decided_at: now,
        ip_address: input.ipAddress.slice(0, 100),
        user_agent: input.userAgent.slice(0, 500),
      })
      .execute();
    return 'recorded' as const;
  });
  if (outcome === 'recorded') return { kind: 'recorded', quote: state.quote, decision: input.decision };
  const after = await inspectDecisionLink(db, input.token, now);
  if (after.kind === 'decided') return { kind: 'already', ...stateFields(after) };
  return after.kind === 'open' ? { kind: 'invalid' } : after;
}

function stateFields(state: Extract<DecisionLinkState, { kind: 'decided' }>) {
  return { quote: state.quote, decision: state.decision, decidedAt: state.decidedAt };
}

// ---------------------------------------------------------------------------------------
// CSV export
// ---------------------------------------------------------------------------------------

/**
 * The filtered list as CSV, written batch by batch as the client reads: the response starts
 * at once and memory holds one batch, whatever the number of rows.
 */
export function quoteCsvStream(db: Db, filters: QuoteListFilters, locale: Locale): ReadableStream<Uint8Array> {
  const t = getT(locale, 'quoteDesk');
  const encoder = new TextEncoder();
  const batches = exportQuoteRequests(db, filters, locale);
  let started = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(CSV_BOM + csvHeader(t, locale)));
        return;
      }
      const next = await batches.next();
      if (next.done) {
        controller.close();
        return;
      }
      controller.enqueue(encoder.encode(next.value.map((row) => csvRow(row, t, locale)).join('')));
    },
    async cancel() {
      await batches.return(undefined);
    },
  });
}
