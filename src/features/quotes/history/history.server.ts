import { type Kysely, sql } from 'kysely';
import { getDb } from '../../../lib/db/index.server.ts';
import type { Database, Locale, QuoteDecision, QuoteStatus } from '../../../lib/db/schema.ts';
import { sizeFromRow, sizeText } from '../../../lib/size.ts';
import { addCartItem, cartSummary } from '../../cart/cart.server.ts';
import { VariantUnavailableError } from '../../catalog/variants.server.ts';
import { type HistoryPage, type HistoryQuery, type QuoteDetail, QuoteIdSchema, type ReorderResult } from './history.ts';

/**
 * A customer's own quote requests. Every query names the user: another customer's request
 * is never read, so a page or endpoint answers 404 for it with nothing of it.
 */

type Db = Kysely<Database>;

export async function listQuoteRequests(db: Db, userId: string, query: HistoryQuery): Promise<HistoryPage> {
  const { total } = await db
    .selectFrom('quote_requests')
    .select(sql<number>`count(*)::int`.as('total'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  const pageCount = Math.max(1, Math.ceil(total / query.size));
  const page = Math.min(query.page, pageCount);
  const rows = await db
    .selectFrom('quote_requests as q')
    .select([
      'q.id',
      'q.reference',
      'q.submitted_at',
      'q.status',
      'q.fulfilment',
      'q.subtotal_cents',
      (eb) =>
        eb
          .selectFrom('quote_request_items as i')
          .select(sql<number>`coalesce(sum(i.quantity), 0)::int`.as('n'))
          .whereRef('i.quote_request_id', '=', 'q.id')
          .as('item_count'),
    ])
    .where('q.user_id', '=', userId)
    .orderBy('q.submitted_at', 'desc')
    .orderBy('q.id', 'desc')
    .limit(query.size)
    .offset((page - 1) * query.size)
    .execute();
  return {
    items: rows.map((row) => ({
      id: row.id,
      reference: row.reference,
      submittedAt: row.submitted_at,
      status: row.status,
      fulfilment: row.fulfilment,
      itemCount: Number(row.item_count ?? 0),
      subtotalCents: row.subtotal_cents,
    })),
    total,
    page,
    size: query.size,
    pageCount,
  };
}

/** One of the user's quote requests with its lines, delivery and pickup; undefined when it is not theirs. */
export async function loadQuoteRequest(
  db: Db,
  userId: string,
  id: number,
  locale: Locale,
): Promise<QuoteDetail | undefined> {
  const quote = await db
    .selectFrom('quote_requests')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!quote) return undefined;
  const [lines, delivery, pickup] = await Promise.all([
    db.selectFrom('quote_request_items').selectAll().where('quote_request_id', '=', id).orderBy('line').execute(),
    db.selectFrom('quote_request_deliveries').selectAll().where('quote_request_id', '=', id).executeTakeFirst(),
    db
      .selectFrom('quote_request_pickups')
      .innerJoin('locations', 'locations.id', 'quote_request_pickups.location_id')
      .select([
        'locations.id',
        'locations.name_en',
        'locations.name_fr',
        'locations.street_address',
        'locations.city',
        'locations.phone',
      ])
      .where('quote_request_pickups.quote_request_id', '=', id)
      .executeTakeFirst(),
  ]);
  return {
    id: quote.id,
    reference: quote.reference,
    submittedAt: quote.submitted_at,
    status: quote.status,
    fulfilment: quote.fulfilment,
    itemCount: lines.reduce((sum, line) => sum + line.quantity, 0),
    subtotalCents: quote.subtotal_cents,
    locale: quote.locale,
    preferredDate: quote.preferred_date,
    paymentPreference: quote.payment_preference,
    comments: quote.comments,
    priceKind: quote.price_kind,
    customer: {
      firstName: quote.customer_first_name,
      lastName: quote.customer_last_name,
      email: quote.customer_email,
      phone: quote.customer_phone,
    },
    lines: lines.map((line) => ({
      line: line.line,
      variantId: line.variant_id,
      productCode: line.product_code,
      sku: line.sku,
      name: locale === 'fr' ? line.product_name_fr : line.product_name_en,
      botanicalName: line.botanical_name,
      sizeLabel: sizeText(sizeFromRow(line), line.size_label, locale),
      quantity: line.quantity,
      unitPriceCents: line.unit_price_cents,
    })),
    delivery: delivery
      ? {
          jobName: delivery.job_name,
          poNumber: delivery.po_number,
          streetAddress: delivery.street_address,
          city: delivery.city,
          province: delivery.province,
          postalCode: delivery.postal_code,
          siteContactFirstName: delivery.site_contact_first_name,
          siteContactLastName: delivery.site_contact_last_name,
          phone: delivery.phone,
        }
      : null,
    pickup: pickup
      ? {
          locationId: pickup.id,
          name: locale === 'fr' ? pickup.name_fr : pickup.name_en,
          streetAddress: pickup.street_address,
          city: pickup.city,
          phone: pickup.phone,
        }
      : null,
  };
}

export class QuoteNotFoundError extends Error {
  override name = 'QuoteNotFoundError';
}

/**
 * Puts a request's items back in the user's cart, in the quantities asked then, at today's
 * prices (the cart always prices at today's). Items no longer sold are skipped and named.
 */
export async function reorderQuoteRequest(db: Db, userId: string, id: number, locale: Locale): Promise<ReorderResult> {
  const quote = await loadQuoteRequest(db, userId, id, locale);
  if (!quote) throw new QuoteNotFoundError(`Quote request ${id} is not the user's`);
  const owner = { userId };
  const skipped: string[] = [];
  let added = 0;
  for (const line of quote.lines) {
    const label = `${line.name} (${line.sizeLabel})`;
    if (line.variantId === null) {
      skipped.push(label);
      continue;
    }
    try {
      await addCartItem(db, owner, { variantId: line.variantId, quantity: line.quantity });
      added++;
    } catch (error) {
      if (!(error instanceof VariantUnavailableError)) throw error;
      skipped.push(label);
    }
  }
  return { count: (await cartSummary(db, owner)).count, added, skipped };
}

/**
 * The quote request a page names (`/profile/quote-requests/{id}`, `/checkout/complete?id=`),
 * when it is the signed-in user's; undefined makes the page a 404.
 */
export async function quoteRequestForPage(
  locals: Pick<App.Locals, 'user'>,
  rawId: string | null | undefined,
  locale: Locale,
): Promise<(QuoteDetail & { answer: QuoteApprovalState | null }) | undefined> {
  const id = QuoteIdSchema.safeParse(rawId);
  if (!locals.user || !id.success) return undefined;
  const db = await getDb();
  const quote = await loadQuoteRequest(db, locals.user.id, id.data, locale);
  if (!quote) return undefined;
  const answer = (await quoteApprovalStates(db, locals.user.id, [quote.id])).get(quote.id) ?? null;
  return { ...quote, answer };
}

/** Where the sales desk's priced quote stands: sent, answered, or still open until `answerBy`. */
export interface QuoteApprovalState {
  quoteRequestId: number;
  status: QuoteStatus;
  /** The priced quote, once sent. */
  quotedTotalCents: number | null;
  quotedAt: Date | null;
  /** The link's expiry while the customer has not answered. */
  answerBy: Date | null;
  decision: QuoteDecision | null;
  decidedAt: Date | null;
}

/**
 * The approval state of a customer's own requests (others' ids are left out), for the
 * customer's quote history to show next to each request.
 */
export async function quoteApprovalStates(
  db: Db,
  userId: string,
  quoteRequestIds: readonly number[],
): Promise<Map<number, QuoteApprovalState>> {
  if (quoteRequestIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('quote_requests as q')
    .leftJoin('quote_request_pricing as p', 'p.quote_request_id', 'q.id')
    .leftJoin('quote_request_decisions as d', 'd.quote_request_id', 'q.id')
    .select((eb) => [
      'q.id',
      'q.status',
      'p.total_cents',
      'p.priced_at',
      'd.decision',
      'd.decided_at',
      eb
        .selectFrom('quote_decision_tokens as t')
        .select((inner) => inner.fn.max('t.expires_at').as('expires_at'))
        .whereRef('t.quote_request_id', '=', 'q.id')
        .where('t.used_at', 'is', null)
        .as('answer_by'),
    ])
    .where('q.user_id', '=', userId)
    .where('q.id', 'in', [...quoteRequestIds])
    .execute();
  return new Map(
    rows.map((row) => [
      row.id,
      {
        quoteRequestId: row.id,
        status: row.status,
        quotedTotalCents: row.total_cents,
        quotedAt: row.priced_at,
        answerBy: row.status === 'quoted' && row.answer_by ? new Date(row.answer_by) : null,
        decision: row.decision,
        decidedAt: row.decided_at,
      },
    ]),
  );
}
