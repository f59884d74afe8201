import type { Kysely, Transaction } from 'kysely';
import type { Database, HoldReleaseReason, LineAnswer, VersionOutcome } from '../../../lib/db/schema.ts';
import { freeStock, lockYardStock, takeFromYard } from '../../inventory/held-stock.server.ts';
import { nurseryDate } from '../versions/versions.ts';
import {
  type HeldLine,
  type HoldState,
  holdState,
  holdYard,
  needsByVariant,
  type Shortage,
  settlementOf,
  shortages,
} from './holds.ts';

/**
 * Stock held at the yard while a quote version is open (docs/decisions/054-stock-holds.md):
 * placed when the desk sends a version, released when a newer one replaces it, the desk takes
 * it back, the customer refuses or declines, or its day passes; turned into a sale when the
 * customer accepts.
 */

type Db = Kysely<Database>;
type Trx = Transaction<Database>;

export interface Yard {
  id: number;
  nameEn: string;
  nameFr: string;
}

/** The yard cannot cover some lines: nothing of the version was saved. */
export class StockShortError extends Error {
  override name = 'StockShortError';
  readonly yard: Yard;
  readonly shortages: Shortage[];
  constructor(yard: Yard, found: Shortage[]) {
    super(`Not enough stock at ${yard.nameEn} for ${found.map((entry) => entry.sku).join(', ')}`);
    this.yard = yard;
    this.shortages = found;
  }
}

/**
 * The yard each request's stock is held at (`holdYard`): its pickup yard, else the customer's
 * own while it is an active sales yard, else the main one. Read in two statements however many
 * requests are asked (the demo seed asks for all of its own).
 */
export async function holdYardIds(
  db: Kysely<Database>,
  quoteIds: readonly number[],
): Promise<Map<number, number | null>> {
  const rows =
    quoteIds.length === 0
      ? []
      : await db
          .selectFrom('quote_requests as q')
          .innerJoin('users as u', 'u.id', 'q.user_id')
          .leftJoin('quote_request_pickups as p', 'p.quote_request_id', 'q.id')
          .leftJoin('locations as mine', (join) =>
            join
              .onRef('mine.id', '=', 'u.default_location_id')
              .on('mine.is_active', '=', true)
              .on('mine.location_type_id', '=', 1),
          )
          .select(['q.id', 'p.location_id as pickup', 'mine.id as preferred'])
          .where('q.id', 'in', [...quoteIds])
          .execute();
  const main = await db
    .selectFrom('locations')
    .select('id')
    .where('is_active', '=', true)
    .where('location_type_id', '=', 1)
    .orderBy('sort_order')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  const found = new Map(rows.map((row) => [row.id, row]));
  return new Map(
    quoteIds.map((id) => [
      id,
      holdYard({
        pickupLocationId: found.get(id)?.pickup ?? null,
        preferredLocationId: found.get(id)?.preferred ?? null,
        mainYardId: main?.id ?? null,
      }),
    ]),
  );
}

/** The yard a request's stock is held at, with its names. */
async function requestYard(trx: Trx, quoteId: number): Promise<Yard | null> {
  const id = (await holdYardIds(trx, [quoteId])).get(quoteId) ?? null;
  return id === null ? null : yardById(trx, id);
}

async function yardById(db: Db | Trx, id: number): Promise<Yard> {
  const row = await db
    .selectFrom('locations')
    .select(['id', 'name_en', 'name_fr'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return { id: row.id, nameEn: row.name_en, nameFr: row.name_fr };
}

/**
 * Holds a new version's lines at the request's yard, inside the transaction that writes the
 * version (after the previous version's holds were released). The yard's stock rows are locked
 * first, so two versions sent at once for the same stock are placed one after the other and the
 * second sees the first's holds. Throws StockShortError, naming every short line with what is
 * free, when the yard cannot cover them: the caller's transaction then saves nothing.
 */
export async function placeVersionHolds(
  trx: Trx,
  input: { quoteId: number; versionId: number; lines: readonly HeldLine[]; now: Date },
): Promise<void> {
  const needs = needsByVariant(input.lines);
  if (needs.length === 0) return;
  const yard = await requestYard(trx, input.quoteId);
  if (!yard) return;
  const stock = await lockYardStock(
    trx,
    yard.id,
    needs.map((need) => need.variantId),
  );
  const short = shortages(needs, (variantId) => freeStock(stock.get(variantId)));
  if (short.length > 0) throw new StockShortError(yard, short);
  await trx
    .insertInto('stock_holds')
    .values(
      input.lines.flatMap((line) =>
        line.variantId === null
          ? []
          : [
              {
                version_id: input.versionId,
                line: line.line,
                variant_id: line.variantId,
                location_id: yard.id,
                quantity: line.quantity,
                created_at: input.now,
              },
            ],
      ),
    )
    .execute();
}

/** Releases the open holds of these versions (replaced, taken back), once: a released hold stays as it ended. */
export async function releaseVersionHolds(
  trx: Trx,
  versionIds: readonly number[],
  reason: HoldReleaseReason,
  now: Date,
): Promise<void> {
  if (versionIds.length === 0) return;
  await trx
    .updateTable('stock_holds')
    .set({ released_at: now, release_reason: reason })
    .where('version_id', 'in', [...versionIds])
    .where('released_at', 'is', null)
    .execute();
}

/**
 * The customer's answer, in the transaction that records it: an accepted line's hold becomes a
 * sale (the yard's quantity goes down by it); an alternative taken instead releases the line's
 * hold and sells the alternative from what the yard has free (it was not held: whatever the
 * yard lacks is the desk's to source); refused and declined lines release theirs.
 */
export async function settleVersionHolds(
  trx: Trx,
  input: {
    quoteId: number;
    versionId: number;
    outcome: VersionOutcome;
    lines: readonly { line: number; answer: LineAnswer; chosenAlternative: number | null }[];
    now: Date;
  },
): Promise<void> {
  const { versionId, now } = input;
  const holds = await trx
    .selectFrom('stock_holds')
    .select(['line', 'variant_id', 'location_id', 'quantity'])
    .where('version_id', '=', versionId)
    .where('released_at', 'is', null)
    .execute();
  const chosen = input.lines.filter((line) => line.answer === 'alternative');
  const alternatives =
    chosen.length === 0
      ? []
      : await trx
          .selectFrom('quote_version_alternatives as a')
          .innerJoin('quote_version_lines as l', (join) =>
            join.onRef('l.version_id', '=', 'a.version_id').onRef('l.line', '=', 'a.line'),
          )
          .select(['a.line', 'a.position', 'a.variant_id', 'l.quantity'])
          .where('a.version_id', '=', versionId)
          .where('a.variant_id', 'is not', null)
          .execute();
  const taken = alternatives.filter((alt) =>
    chosen.some((line) => line.line === alt.line && line.chosenAlternative === alt.position),
  );
  const yardId = holds[0]?.location_id ?? (taken.length > 0 ? (await requestYard(trx, input.quoteId))?.id : undefined);
  if (yardId === undefined) return;
  const answerOf = new Map(input.lines.map((line) => [line.line, line.answer]));
  const sold = holds.filter((hold) => answerOf.get(hold.line) === 'accept');
  const stock = await lockYardStock(trx, yardId, [
    ...sold.map((hold) => hold.variant_id),
    ...taken.flatMap((alt) => (alt.variant_id === null ? [] : [alt.variant_id])),
  ]);
  const out = new Map<number, number>();
  const add = (variantId: number, quantity: number) => out.set(variantId, (out.get(variantId) ?? 0) + quantity);
  for (const hold of sold) add(hold.variant_id, hold.quantity);
  // Free stock is the same before and after the sold lines go (on hand and held fall alike);
  // two alternatives of one variant share it.
  const alternativeTaken = new Map<number, number>();
  for (const alt of taken) {
    if (alt.variant_id === null) continue;
    const free = freeStock(stock.get(alt.variant_id)) - (alternativeTaken.get(alt.variant_id) ?? 0);
    const quantity = Math.max(0, Math.min(alt.quantity, free));
    alternativeTaken.set(alt.variant_id, (alternativeTaken.get(alt.variant_id) ?? 0) + quantity);
    add(alt.variant_id, quantity);
  }
  await takeFromYard(trx, yardId, out, now);
  for (const hold of holds) {
    const answer = answerOf.get(hold.line);
    await trx
      .updateTable('stock_holds')
      .set({ released_at: now, release_reason: answer ? settlementOf(answer, input.outcome) : 'refused' })
      .where('version_id', '=', versionId)
      .where('line', '=', hold.line)
      .where('released_at', 'is', null)
      .execute();
  }
}

/**
 * Releases the holds of every open version whose last day has passed at the nursery. Run by
 * the hourly job beside the reminders; safe to run twice or in two processes at once: the
 * update claims each hold by `released_at is null`, so a second run finds nothing (on
 * PostgreSQL a run that waited on the first one's row locks re-reads the rows and skips them).
 * An expired version can no longer be answered (decision 049), so nothing is sold from it.
 */
export async function releaseExpiredHolds(db: Db, options: { now?: Date } = {}): Promise<number> {
  const now = options.now ?? new Date();
  const released = await db
    .updateTable('stock_holds')
    .set({ released_at: now, release_reason: 'expired' })
    .where('released_at', 'is', null)
    .where('version_id', 'in', (eb) =>
      eb
        .selectFrom('quote_versions')
        .select('id')
        .where('valid_until', '<', nurseryDate(now))
        .where('answered_at', 'is', null)
        .where('superseded_at', 'is', null),
    )
    .returning('version_id')
    .execute();
  return released.length;
}

export interface LineHold {
  versionId: number;
  line: number;
  yard: Yard;
  quantity: number;
  state: HoldState;
  reason: HoldReleaseReason | null;
}

/** Every hold of a request's versions, for the desk. */
export async function loadRequestHolds(db: Db, quoteId: number): Promise<LineHold[]> {
  const rows = await db
    .selectFrom('stock_holds as h')
    .innerJoin('quote_versions as v', 'v.id', 'h.version_id')
    .innerJoin('locations as l', 'l.id', 'h.location_id')
    .select(['h.version_id', 'h.line', 'h.quantity', 'h.release_reason', 'l.id', 'l.name_en', 'l.name_fr'])
    .where('v.quote_request_id', '=', quoteId)
    .orderBy('h.version_id')
    .orderBy('h.line')
    .execute();
  return rows.map((row) => ({
    versionId: row.version_id,
    line: row.line,
    yard: { id: row.id, nameEn: row.name_en, nameFr: row.name_fr },
    quantity: row.quantity,
    state: holdState(row.release_reason),
    reason: row.release_reason,
  }));
}
