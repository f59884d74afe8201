import { type Kysely, sql } from 'kysely';
import { getDb } from '../../../lib/db/index.server.ts';
import type { Database, Locale } from '../../../lib/db/schema.ts';
import { addCartItem, cartSummary } from '../../cart/cart.server.ts';
import { VariantUnavailableError } from '../../catalog/variants.server.ts';
import { loadQuoteDetail } from '../model/quote.server.ts';
import { lineName, lineSize, parseQuoteId, type QuoteDetail } from '../model/quote.ts';
import type { HistoryPage, HistoryQuery, ReorderResult } from './history.ts';

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

/** One of the user's own quote requests; undefined when it is not theirs. */
export function loadOwnQuote(db: Db, userId: string, id: number): Promise<QuoteDetail | undefined> {
  return loadQuoteDetail(db, id, { ownedBy: userId });
}

export class QuoteNotFoundError extends Error {
  override name = 'QuoteNotFoundError';
}

/**
 * Puts a request's items back in the user's cart, in the quantities asked then, at today's
 * prices (the cart always prices at today's). Items no longer sold are skipped and named.
 */
export async function reorderQuoteRequest(db: Db, userId: string, id: number, locale: Locale): Promise<ReorderResult> {
  const quote = await loadOwnQuote(db, userId, id);
  if (!quote) throw new QuoteNotFoundError(`Quote request ${id} is not the user's`);
  const owner = { userId };
  const skipped: string[] = [];
  let added = 0;
  let unitsAdded = 0;
  for (const line of quote.lines) {
    const label = `${lineName(line, locale)} (${lineSize(line, locale)})`;
    if (line.variantId === null) {
      skipped.push(label);
      continue;
    }
    try {
      const answer = await addCartItem(db, owner, { variantId: line.variantId, quantity: line.quantity });
      added++;
      unitsAdded += answer.added;
    } catch (error) {
      if (!(error instanceof VariantUnavailableError)) throw error;
      skipped.push(label);
    }
  }
  return { count: (await cartSummary(db, owner)).count, added, unitsAdded, skipped };
}

/**
 * The quote request a page names (`/profile/quote-requests/{id}`, `/checkout/complete?id=`),
 * when it is the signed-in user's; undefined makes the page a 404.
 */
export async function quoteRequestForPage(
  locals: Pick<App.Locals, 'user'>,
  rawId: string | null | undefined,
): Promise<QuoteDetail | undefined> {
  const id = parseQuoteId(rawId);
  if (!locals.user || id === null) return undefined;
  return loadOwnQuote(await getDb(), locals.user.id, id);
}
