import type { Insertable } from 'kysely';
import type { Database, HoldReleaseReason, QuoteDecision, QuoteVersionLinesTable } from '../../../lib/db/schema.ts';
import { holdYardIds } from '../../quotes/holds/holds.server.ts';
import { settlementOf } from '../../quotes/holds/holds.ts';
import { type Province, sumTaxes, type TaxLine } from '../../quotes/taxes/taxes.ts';
import {
  type AnswerOutcome,
  addDays,
  answerOutcome,
  DEFAULT_REMINDER_DAYS,
  defaultValidUntil,
  isAnswerProblem,
  type LineAnswerInput,
  validityEnd,
} from '../../quotes/versions/versions.ts';
import type { Random } from './random.ts';
import { type Db, insertInChunks, type SeedCounts } from './util.server.ts';

/**
 * The versions the desk sent (docs/decisions/049-negotiated-quote.md): every priced quote of
 * the history is version 1 of its request, written as sending a priced quote writes it
 * (quotes/versions/versions.server.ts, writeVersion): the request's lines at the quoted prices,
 * the fees, the tax lines of the province and day, valid seven days; the customer's answer line
 * by line as answering records it (answerOutcome); the reminder the hourly job sent before the
 * last day; and the stock each version held at its yard (decision 054), released as the
 * version ended. The history has no revisions, so no request has a version 2.
 */

type SizeColumns = Pick<
  Insertable<QuoteVersionLinesTable>,
  'size_label' | 'size_kind' | 'size_values' | 'size_root_ball' | 'product_name_en' | 'product_name_fr'
>;

/** A priced quote of the history: what the desk sent, and the customer's decision on it if any. */
export interface SentQuote {
  quoteId: number;
  customerId: string;
  /** One of the quote desk's requests (not the store's first ones, which stay as they were). */
  fromDesk: boolean;
  staffId: string;
  sentAt: Date;
  feesCents: number;
  province: Province | null;
  exemptReason: string | null;
  taxLines: TaxLine[];
  lines: ({
    line: number;
    quantity: number;
    /** The quoted price. */
    unit_price_cents: number;
    variant_id: number | null;
    sku: string;
  } & SizeColumns)[];
  answer: { decision: QuoteDecision; at: Date } | null;
}

/** About this share of the desk's approved requests with several lines were taken in part. */
const PARTIAL_SHARE = 0.2;

export async function seedQuoteDeskVersions(
  db: Db,
  random: Random,
  sent: readonly SentQuote[],
  options: { now: Date; counts: SeedCounts },
): Promise<void> {
  const { now, counts } = options;
  if (sent.length === 0) return;
  const yards = await holdYardIds(
    db,
    sent.map((quote) => quote.quoteId),
  );

  const drafts = sent.map((quote) => {
    const validUntil = defaultValidUntil(quote.sentAt);
    const itemsCents = quote.lines.reduce((sum, line) => sum + line.quantity * line.unit_price_cents, 0);
    const taxesCents = sumTaxes(quote.taxLines);
    let outcome: AnswerOutcome | null = null;
    if (quote.answer) {
      if (quote.answer.at.getTime() >= validityEnd(validUntil).getTime()) {
        throw new Error(`Seeded answer to quote request ${quote.quoteId} comes after its version's last day`);
      }
      const result = answerOutcome(
        {
          itemsCents,
          feesCents: quote.feesCents,
          taxesCents,
          taxProvince: quote.province,
          taxes: quote.taxLines.map((tax, index) => ({ ...tax, position: index + 1, acceptedCents: null })),
          lines: quote.lines.map((line) => ({
            line: line.line,
            quantity: line.quantity,
            unitPriceCents: line.unit_price_cents,
            alternatives: [],
            variantId: line.variant_id,
            sku: line.sku,
            nameEn: line.product_name_en,
            nameFr: line.product_name_fr,
            sizeLabel: line.size_label ?? '',
            size: null,
            answer: null,
            chosenAlternative: null,
          })),
        },
        answersFor(random, quote),
      );
      if (isAnswerProblem(result)) throw new Error(`Seeded answer to quote request ${quote.quoteId}: ${result.kind}`);
      outcome = result;
    }
    return { quote, validUntil, itemsCents, taxesCents, outcome };
  });

  const versions = await insertInChunks(drafts, (chunk) =>
    db
      .insertInto('quote_versions')
      .values(
        chunk.map(({ quote, validUntil, itemsCents, taxesCents, outcome }) => ({
          quote_request_id: quote.quoteId,
          number: 1,
          valid_until: validUntil,
          note: '',
          items_cents: itemsCents,
          fees_cents: quote.feesCents,
          taxes_cents: taxesCents,
          total_cents: itemsCents + quote.feesCents + taxesCents,
          tax_province: quote.province,
          tax_exempt_reason: quote.exemptReason,
          created_by: quote.staffId,
          created_at: quote.sentAt,
          reminded_at: reminderSent(quote, validUntil, now),
          ...(outcome && quote.answer
            ? {
                outcome: outcome.outcome,
                answered_at: quote.answer.at,
                answered_by: quote.customerId,
                accepted_items_cents: outcome.acceptedItemsCents,
                accepted_taxes_cents: outcome.acceptedTaxesCents,
                accepted_total_cents: outcome.acceptedTotalCents,
              }
            : {}),
        })),
      )
      .returning(['id', 'quote_request_id'])
      .execute(),
  );
  const versionOf = new Map(versions.map((row) => [row.quote_request_id, row.id]));

  const lines: Insertable<Database['quote_version_lines']>[] = [];
  const taxes: Insertable<Database['quote_version_taxes']>[] = [];
  const holds: Insertable<Database['stock_holds']>[] = [];
  for (const { quote, validUntil, outcome } of drafts) {
    const versionId = versionOf.get(quote.quoteId);
    if (versionId === undefined) throw new Error(`Version of quote request ${quote.quoteId} was not inserted`);
    const answerOf = new Map(outcome?.lines.map((line) => [line.line, line.answer]));
    const yardId = yards.get(quote.quoteId) ?? null;
    const expiredAt = validityEnd(validUntil);
    for (const line of quote.lines) {
      const answer = answerOf.get(line.line) ?? null;
      lines.push({
        version_id: versionId,
        line: line.line,
        variant_id: line.variant_id,
        sku: line.sku,
        product_name_en: line.product_name_en,
        product_name_fr: line.product_name_fr,
        size_label: line.size_label,
        size_kind: line.size_kind,
        size_values: line.size_values,
        size_root_ball: line.size_root_ball,
        quantity: line.quantity,
        unit_price_cents: line.unit_price_cents,
        answer,
        chosen_alternative: null,
      });
      if (line.variant_id === null || yardId === null) continue;
      // Held from the send until the answer settled it or the hourly job found it expired.
      const released: { released_at: Date; release_reason: HoldReleaseReason } | null =
        outcome && answer && quote.answer
          ? { released_at: quote.answer.at, release_reason: settlementOf(answer, outcome.outcome) }
          : expiredAt.getTime() <= now.getTime()
            ? { released_at: expiredAt, release_reason: 'expired' }
            : null;
      holds.push({
        version_id: versionId,
        line: line.line,
        variant_id: line.variant_id,
        location_id: yardId,
        quantity: line.quantity,
        created_at: quote.sentAt,
        ...released,
      });
    }
    quote.taxLines.forEach((tax, index) => {
      taxes.push({
        version_id: versionId,
        position: index + 1,
        code: tax.code,
        province: tax.province,
        rate: tax.rate,
        registration: tax.registration,
        cents: tax.cents,
        accepted_cents: outcome ? (outcome.taxes[index]?.acceptedCents ?? 0) : null,
      });
    });
  }
  const kept = await withinStock(db, holds);
  await insertInChunks(lines, (chunk) => db.insertInto('quote_version_lines').values(chunk).execute());
  await insertInChunks(taxes, (chunk) => db.insertInto('quote_version_taxes').values(chunk).execute());
  await insertInChunks(kept, (chunk) => db.insertInto('stock_holds').values(chunk).execute());
  counts.quote_versions = versions.length;
  counts.quote_version_lines = lines.length;
  counts.quote_version_taxes = taxes.length;
  counts.stock_holds = kept.length;
}

/**
 * The customer's answer to each line: a decline refuses every line; an approval accepts every
 * line, except that some of the desk's customers with several lines refused one of them.
 */
function answersFor(random: Random, quote: SentQuote): LineAnswerInput[] {
  const refuseAll = quote.answer?.decision === 'declined';
  const refused =
    !refuseAll && quote.fromDesk && quote.lines.length > 1 && random.chance(PARTIAL_SHARE)
      ? random.pick(quote.lines).line
      : null;
  return quote.lines.map((line) => ({
    line: line.line,
    answer: refuseAll || line.line === refused ? 'refuse' : 'accept',
  }));
}

/**
 * When the hourly job sent the reminder: the first hour of the day DEFAULT_REMINDER_DAYS before
 * the last one (or at once, for a version sent later than that), if the version was still
 * waiting for an answer then and that moment has passed.
 */
function reminderSent(quote: SentQuote, validUntil: string, now: Date): Date | null {
  const due = new Date(
    Math.max(quote.sentAt.getTime(), validityEnd(addDays(validUntil, -DEFAULT_REMINDER_DAYS - 1)).getTime()),
  );
  if (due.getTime() > now.getTime()) return null;
  if (quote.answer && quote.answer.at.getTime() <= due.getTime()) return null;
  return due;
}

/**
 * The holds, less those of the versions still open that their yard's stock (as seeded today)
 * cannot cover whole, oldest version first: two open versions never hold more than the yard
 * has, as placeVersionHolds ensures. Such a version stays open without holds, as if the desk
 * sourced its plants elsewhere; the ended versions keep their released holds.
 */
async function withinStock(
  db: Db,
  holds: readonly Insertable<Database['stock_holds']>[],
): Promise<Insertable<Database['stock_holds']>[]> {
  const open = holds.filter((hold) => hold.released_at === undefined);
  if (open.length === 0) return [...holds];
  const stock = await db
    .selectFrom('stock_levels')
    .select(['variant_id', 'location_id', 'quantity'])
    .where('variant_id', 'in', [...new Set(open.map((hold) => hold.variant_id))])
    .execute();
  const key = (hold: { variant_id: number; location_id: number }) => `${hold.variant_id}@${hold.location_id}`;
  const free = new Map(stock.map((row) => [key(row), row.quantity]));
  const byVersion = new Map<number, Insertable<Database['stock_holds']>[]>();
  for (const hold of open) byVersion.set(hold.version_id, [...(byVersion.get(hold.version_id) ?? []), hold]);
  const dropped = new Set<number>();
  const sentAt = (versionHolds: readonly Insertable<Database['stock_holds']>[]) =>
    new Date(versionHolds[0]?.created_at ?? 0).getTime();
  for (const [versionId, versionHolds] of [...byVersion].sort((a, b) => sentAt(a[1]) - sentAt(b[1]) || a[0] - b[0])) {
    const needs = new Map<string, number>();
    for (const hold of versionHolds) needs.set(key(hold), (needs.get(key(hold)) ?? 0) + hold.quantity);
    if ([...needs].some(([at, quantity]) => (free.get(at) ?? 0) < quantity)) {
      dropped.add(versionId);
      continue;
    }
    for (const [at, quantity] of needs) free.set(at, (free.get(at) ?? 0) - quantity);
  }
  return holds.filter((hold) => hold.released_at !== undefined || !dropped.has(hold.version_id));
}
