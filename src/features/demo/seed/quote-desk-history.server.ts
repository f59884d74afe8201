import type { Insertable } from 'kysely';
import { sql } from 'kysely';
import type { Database, QuoteDecision, QuoteStatus } from '../../../lib/db/schema.ts';
import { taxRegistrations } from '../../quotes/taxes/taxes.server.ts';
import {
  type Province,
  sumTaxes,
  type TaxLine,
  type TaxRegistrations,
  taxLinesFor,
  taxProvince,
} from '../../quotes/taxes/taxes.ts';
import { nurseryDate } from '../../quotes/versions/versions.ts';
import { type Actor, canTransition, decisionTarget } from '../../quotes/workflow/workflow.ts';
import type { QuoteDeskFile } from './data.ts';
import { type SentQuote, seedQuoteDeskVersions } from './quote-desk-versions.server.ts';
import { Random } from './random.ts';
import {
  businessHour,
  DAY_MS,
  type Db,
  HOUR_MS,
  QUOTE_VERSIONS_PRNG_SEED,
  type SeedCounts,
  updateFromValues,
} from './util.server.ts';

/**
 * How every quote request reached its status: the desk's and the customers' moves with their
 * authors, the prices of the quoted ones and the customers' answers. The new requests move on
 * by age; the store's first ones keep the status they were seeded with. Each priced quote is
 * also written as the version the desk sent (quote-desk-versions.server.ts), as sending one
 * does (quotes/pricing/pricing.server.ts).
 */

export async function seedQuoteDeskHistory(
  db: Db,
  random: Random,
  inserted: readonly { id: number }[],
  staffIds: readonly string[],
  options: { now: Date; data: QuoteDeskFile; counts: SeedCounts },
): Promise<void> {
  const { now, counts } = options;
  const STAFF_NOTES = options.data.staff_notes;
  const USER_AGENTS = options.data.user_agents;
  // Everything is computed first and written in a few statements: the seed runs at every new
  // embedded database, where each statement has a cost.
  const newIds = new Set(inserted.map((row) => row.id));
  const all = await db
    .selectFrom('quote_requests as q')
    .leftJoin('quote_request_deliveries as d', 'd.quote_request_id', 'q.id')
    .leftJoin('quote_request_pickups as p', 'p.quote_request_id', 'q.id')
    .leftJoin('locations as yard', 'yard.id', 'p.location_id')
    .select(['q.id', 'q.status', 'q.submitted_at', 'q.user_id', 'q.locale', 'q.tax_exempt_reason'])
    .select(['d.province as delivery_province', 'yard.province as pickup_province'])
    .orderBy('q.id')
    .execute();
  const allItems = await db
    .selectFrom('quote_request_items')
    .select(['quote_request_id', 'line', 'quantity', 'unit_price_cents', 'variant_id', 'sku'])
    .select(['product_name_en', 'product_name_fr', 'size_label', 'size_kind', 'size_values', 'size_root_ball'])
    .orderBy('quote_request_id')
    .orderBy('line')
    .execute();
  const itemsOf = new Map<number, typeof allItems>();
  for (const item of allItems) {
    const list = itemsOf.get(item.quote_request_id) ?? [];
    list.push(item);
    itemsOf.set(item.quote_request_id, list);
  }
  const history: Insertable<Database['quote_request_status_history']>[] = [];
  const pricing: Insertable<Database['quote_request_pricing']>[] = [];
  const decisions: Insertable<Database['quote_request_decisions']>[] = [];
  const quotedPrices: { id: number; line: number; cents: number }[] = [];
  const finalStatus: { id: number; status: QuoteStatus; at: Date }[] = [];
  const sent: SentQuote[] = [];
  const registrations = taxRegistrations();
  for (const quote of all) {
    // Taxed where the sale takes place, as the desk's send computes it (decision 051).
    const province = taxProvince({
      delivery: quote.delivery_province === null ? null : { province: quote.delivery_province },
      pickup: quote.pickup_province === null ? null : { province: quote.pickup_province },
    });
    let version: SentQuote | undefined;
    const ageDays = (now.getTime() - quote.submitted_at.getTime()) / DAY_MS;
    const target = newIds.has(quote.id) ? statusForAge(random, ageDays) : quote.status;
    let at = quote.submitted_at;
    let from: QuoteStatus = 'submitted';
    for (const move of pathTo(target, random)) {
      if (!canTransition(from, move.to, move.actor)) throw new Error(`Seed path ${from} → ${move.to} breaks the rules`);
      // The desk works business hours: the next move a few hours to three days later, never
      // before the previous one, never in the future.
      const previous = at.getTime();
      let next = businessHour(random, new Date(previous + random.int(0, 3) * DAY_MS)).getTime();
      if (next <= previous) next = previous + random.int(1, 4) * HOUR_MS;
      at = new Date(Math.max(previous + 1000, Math.min(next, now.getTime() - 60_000)));
      const staffId = random.pick(staffIds);
      if (move.to === 'quoted') {
        const items = itemsOf.get(quote.id) ?? [];
        const priced = priceLines(random, items, {
          province,
          exemptReason: quote.tax_exempt_reason,
          at,
          registrations,
        });
        for (const line of priced.lines) quotedPrices.push({ id: quote.id, line: line.line, cents: line.cents });
        version = {
          quoteId: quote.id,
          customerId: quote.user_id,
          fromDesk: newIds.has(quote.id),
          staffId,
          sentAt: at,
          feesCents: priced.fees,
          province,
          exemptReason: quote.tax_exempt_reason,
          taxLines: priced.taxLines,
          lines: items.map((item, index) => ({ ...item, unit_price_cents: priced.lines[index]?.cents ?? 0 })),
          answer: null,
        };
        sent.push(version);
        pricing.push({
          quote_request_id: quote.id,
          items_cents: priced.items,
          fees_cents: priced.fees,
          taxes_cents: priced.taxes,
          total_cents: priced.items + priced.fees + priced.taxes,
          priced_by: staffId,
          priced_at: at,
        });
      }
      if (move.actor === 'customer') {
        if (version) version.answer = { decision: move.decision ?? 'approved', at };
        decisions.push({
          quote_request_id: quote.id,
          decision: move.decision ?? 'approved',
          decided_by: quote.user_id,
          decided_at: at,
          ip_address: `203.0.113.${random.int(2, 254)}`,
          user_agent: random.pick(USER_AGENTS),
        });
      }
      history.push({
        quote_request_id: quote.id,
        from_status: from,
        to_status: move.to,
        changed_by: move.actor === 'customer' ? quote.user_id : staffId,
        note:
          move.actor === 'staff' && move.to === 'in_review' && random.chance(0.3)
            ? random.pick(STAFF_NOTES[quote.locale])
            : '',
        changed_at: at,
      });
      from = move.to;
    }
    finalStatus.push({ id: quote.id, status: from, at });
  }
  for (let start = 0; start < history.length; start += 1000) {
    await db
      .insertInto('quote_request_status_history')
      .values(history.slice(start, start + 1000))
      .execute();
  }
  if (pricing.length > 0) await db.insertInto('quote_request_pricing').values(pricing).execute();
  if (decisions.length > 0) await db.insertInto('quote_request_decisions').values(decisions).execute();
  await updateFromValues(
    db,
    sql`update quote_request_items as i set quoted_unit_price_cents = v.cents from`,
    quotedPrices.map((row) => sql`(${row.id}::int, ${row.line}::int, ${row.cents}::int)`),
    sql`as v(id, line, cents) where i.quote_request_id = v.id and i.line = v.line`,
  );
  await updateFromValues(
    db,
    sql`update quote_requests as q set status = v.status, updated_at = v.at from`,
    finalStatus.map((row) => sql`(${row.id}::int, ${row.status}::text, ${row.at.toISOString()}::timestamptz)`),
    sql`as v(id, status, at) where q.id = v.id`,
  );
  // The versions draw from a generator of their own, so the histories above stay as they were.
  await seedQuoteDeskVersions(db, new Random(QUOTE_VERSIONS_PRNG_SEED), sent, { now, counts });
  counts.quote_request_status_history = history.length;
  counts.quote_request_pricing = pricing.length;
  counts.quote_request_decisions = decisions.length;
}

interface Move {
  to: QuoteStatus;
  actor: Actor;
  decision?: QuoteDecision;
}

/** The moves that lead a new request to `target`, as the desk and the customer make them. */
function pathTo(target: QuoteStatus, random: Random): Move[] {
  const review: Move = { to: 'in_review', actor: 'staff' };
  const quoted: Move = { to: 'quoted', actor: 'staff' };
  switch (target) {
    case 'submitted':
      return [];
    case 'in_review':
      return [review];
    case 'quoted':
      return [review, quoted];
    case 'approved':
      return [review, quoted, { to: decisionTarget('approved'), actor: 'customer', decision: 'approved' }];
    case 'cancelled':
      // Declined by the customer, or cancelled by the desk before or after pricing.
      return random.pick([
        [review, quoted, { to: decisionTarget('declined'), actor: 'customer', decision: 'declined' }],
        [{ to: 'cancelled', actor: 'staff' }],
        [review, { to: 'cancelled', actor: 'staff' }],
      ] as Move[][]);
  }
}

function statusForAge(random: Random, ageDays: number): QuoteStatus {
  const draw = random.next();
  if (ageDays < 7) return draw < 0.6 ? 'submitted' : 'in_review';
  if (ageDays < 30) return draw < 0.1 ? 'submitted' : draw < 0.35 ? 'in_review' : draw < 0.7 ? 'quoted' : 'approved';
  return draw < 0.12 ? 'quoted' : draw < 0.8 ? 'approved' : 'cancelled';
}

/**
 * Final prices a little under the asked ones (volume discounts), delivery fees, and the sales
 * taxes of the province on the day, as the desk's send computes them (none when exempt).
 */
function priceLines(
  random: Random,
  items: readonly { line: number; quantity: number; unit_price_cents: number }[],
  tax: { province: Province | null; exemptReason: string | null; at: Date; registrations: TaxRegistrations },
): { lines: { line: number; cents: number }[]; items: number; fees: number; taxes: number; taxLines: TaxLine[] } {
  const lines = items.map((item) => ({
    line: item.line,
    cents: Math.round((item.unit_price_cents * random.int(85, 100)) / 100 / 5) * 5,
  }));
  const itemsCents = lines.reduce((sum, line, index) => sum + line.cents * (items[index]?.quantity ?? 0), 0);
  const fees = random.chance(0.5) ? random.pick([0, 7500, 12500, 19500]) : 0;
  if (tax.exemptReason === null && tax.province === null) throw new Error('A seeded request has no tax province');
  const taxLines =
    tax.exemptReason !== null || tax.province === null
      ? []
      : taxLinesFor(itemsCents + fees, tax.province, nurseryDate(tax.at), tax.registrations);
  return { lines, items: itemsCents, fees, taxes: sumTaxes(taxLines), taxLines };
}
