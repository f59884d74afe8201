import type { LineAnswer, VersionOutcome } from '../../../lib/db/schema.ts';
import type { Size } from '../../../lib/size.ts';
import { computeTaxes, type Province, sumTaxes, type VersionTax } from '../taxes/taxes.ts';

/**
 * The negotiated quote's versions (docs/decisions/049-negotiated-quote.md), safe on both
 * sides: what a version holds, its validity in the nursery's calendar, what changed since the
 * previous version, and what the customer's line-by-line answer comes to.
 */

/** A version is valid this many days unless the desk sets another date (the FAQ's "seven days"). */
export const DEFAULT_VALIDITY_DAYS = 7;
/** The reminder goes this many days before a version's last day. */
export const DEFAULT_REMINDER_DAYS = 3;
/** The nursery's calendar: a version's "valid until" is a day there. */
export const NURSERY_TIME_ZONE = 'America/Toronto';

/** What is offered on a line or as its alternative. */
export interface OfferedItem {
  variantId: number | null;
  sku: string;
  nameEn: string;
  nameFr: string;
  sizeLabel: string;
  size: Size | null;
  unitPriceCents: number;
}

/** A line of the request, as a version is read against it. */
export type RequestedLine = Pick<OfferedItem, 'sku' | 'nameEn' | 'nameFr' | 'sizeLabel' | 'size' | 'unitPriceCents'> & {
  line: number;
  quantity: number;
};

export interface Alternative extends OfferedItem {
  position: number;
  reason: string;
}

export interface VersionLine extends OfferedItem {
  line: number;
  quantity: number;
  alternatives: Alternative[];
  answer: LineAnswer | null;
  chosenAlternative: number | null;
}

export interface QuoteVersion {
  id: number;
  number: number;
  /** YYYY-MM-DD, the last day it can be accepted. */
  validUntil: string;
  note: string;
  itemsCents: number;
  feesCents: number;
  taxesCents: number;
  totalCents: number;
  createdAt: Date;
  createdBy: string | null;
  supersededAt: Date | null;
  outcome: VersionOutcome | null;
  answeredAt: Date | null;
  acceptedItemsCents: number | null;
  acceptedTaxesCents: number | null;
  acceptedTotalCents: number | null;
  renewalRequestedAt: Date | null;
  lines: VersionLine[];
  /** Where it is taxed (decision 051); null for a version whose taxes the desk typed. */
  taxProvince: Province | null;
  /** The exemption it was sent with: then it has no tax lines. */
  taxExemptReason: string | null;
  taxes: VersionTax[];
}

const dayFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: NURSERY_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});
const hourFormat = new Intl.DateTimeFormat('en-CA', { timeZone: NURSERY_TIME_ZONE, hour: '2-digit', hourCycle: 'h23' });

/** The day it is at the nursery at `now`, as YYYY-MM-DD. */
export function nurseryDate(now: Date): string {
  return dayFormat.format(now);
}

/** A YYYY-MM-DD day plus `days`. */
export function addDays(day: string, days: number): string {
  const [y = 0, m = 1, d = 1] = day.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

export function defaultValidUntil(now: Date): string {
  return addDays(nurseryDate(now), DEFAULT_VALIDITY_DAYS);
}

/** Past its last day at the nursery: it can no longer be accepted. */
export function isPastValidity(validUntil: string, now: Date): boolean {
  return nurseryDate(now) > validUntil;
}

/** The instant a version's last day ends at the nursery: its links expire then. */
export function validityEnd(validUntil: string): Date {
  const next = addDays(validUntil, 1);
  const [y = 0, m = 1, d = 1] = next.split('-').map(Number);
  // Midnight in Toronto is 04:00 or 05:00 UTC (daylight or standard time).
  for (const hour of [4, 5]) {
    const candidate = new Date(Date.UTC(y, m - 1, d, hour));
    if (nurseryDate(candidate) === next && Number(hourFormat.format(candidate)) === 0) return candidate;
  }
  return new Date(Date.UTC(y, m - 1, d, 5));
}

export type VersionChange =
  | { kind: 'added'; line: number; sku: string; quantity: number; unitPriceCents: number }
  | { kind: 'removed'; line: number; sku: string }
  | { kind: 'substituted'; line: number; fromSku: string; toSku: string; fromCents: number; toCents: number }
  | { kind: 'quantity'; line: number; sku: string; from: number; to: number }
  | { kind: 'price'; line: number; sku: string; fromCents: number; toCents: number };

type Comparable = Pick<VersionLine, 'line' | 'sku' | 'quantity' | 'unitPriceCents'>;

/**
 * What changed from one version's lines to the next, line by line in line order: a line only
 * in the new one was added, only in the old one removed; on the same line a different SKU is
 * a substitution (with both prices), else a new quantity and a new unit price are each a change.
 */
export function versionChanges(previous: readonly Comparable[], current: readonly Comparable[]): VersionChange[] {
  const before = new Map(previous.map((line) => [line.line, line]));
  const after = new Map(current.map((line) => [line.line, line]));
  const numbers = [...new Set([...before.keys(), ...after.keys()])].sort((a, b) => a - b);
  const changes: VersionChange[] = [];
  for (const line of numbers) {
    const old = before.get(line);
    const now = after.get(line);
    if (!old && now) {
      changes.push({ kind: 'added', line, sku: now.sku, quantity: now.quantity, unitPriceCents: now.unitPriceCents });
    } else if (old && !now) {
      changes.push({ kind: 'removed', line, sku: old.sku });
    } else if (old && now) {
      if (old.sku !== now.sku) {
        changes.push({
          kind: 'substituted',
          line,
          fromSku: old.sku,
          toSku: now.sku,
          fromCents: old.unitPriceCents,
          toCents: now.unitPriceCents,
        });
      } else if (old.unitPriceCents !== now.unitPriceCents) {
        changes.push({ kind: 'price', line, sku: now.sku, fromCents: old.unitPriceCents, toCents: now.unitPriceCents });
      }
      if (old.quantity !== now.quantity) {
        changes.push({ kind: 'quantity', line, sku: now.sku, from: old.quantity, to: now.quantity });
      }
    }
  }
  return changes;
}

/**
 * What a first version changed in the lines it offers from the request it answers: sizes
 * replaced and quantities changed. Prices are not changes here (the request carried the
 * catalogue's, and a quote is there to price it), nor are lines left out: those are named by
 * `linesNotOffered`, with their plant, for every version.
 */
export function changesFromRequest(requested: readonly Comparable[], first: readonly Comparable[]): VersionChange[] {
  return versionChanges(requested, first).filter(
    (change) => change.kind === 'substituted' || change.kind === 'quantity',
  );
}

/**
 * The request's lines a version leaves out (the desk sent them at quantity 0: none to hold, no
 * longer grown), in line order. A version lists only what it offers; these are said beside it,
 * so a line the customer asked for never just goes missing.
 */
export function linesNotOffered<T extends { line: number }>(
  requested: readonly T[],
  version: Pick<QuoteVersion, 'lines'>,
): T[] {
  const offered = new Set(version.lines.map((line) => line.line));
  return requested.filter((line) => !offered.has(line.line));
}

export interface LineAnswerInput {
  line: number;
  answer: LineAnswer;
  /** The alternative's position, when the answer is `alternative`. */
  alternative?: number | null;
}

export interface AnsweredLine {
  line: number;
  answer: LineAnswer;
  chosenAlternative: number | null;
  /** What the customer takes on this line: 0 when refused. */
  cents: number;
}

export interface AnswerOutcome {
  outcome: VersionOutcome;
  lines: AnsweredLine[];
  acceptedItemsCents: number;
  acceptedTaxesCents: number;
  acceptedTotalCents: number;
  /** Each tax line recomputed on what is taken. */
  taxes: { position: number; acceptedCents: number }[];
}

export type AnswerProblem = { kind: 'missing_line'; line: number } | { kind: 'unknown_choice'; line: number };

/** `a × b / c` rounded half up, in integers (cents never go through a float). */
function mulDivRound(a: number, b: number, c: number): number {
  const product = BigInt(a) * BigInt(b);
  const divisor = BigInt(c);
  return Number((product * 2n + divisor) / (divisor * 2n));
}

/**
 * What the customer's answers come to. Every line needs exactly one answer (a line answered
 * twice keeps the last). Nothing refused: accepted; nothing taken: declined; else partial.
 * The accepted items are the lines taken at the price offered (the alternative's when one is
 * taken); the fees stay whole unless everything is refused; each tax is computed again on the
 * accepted items and the fees with the version's rates, rounded half up to the cent
 * (decision 051). A version whose taxes the desk typed (before 051) keeps them pro rata.
 */
export function answerOutcome(
  version: Pick<QuoteVersion, 'itemsCents' | 'feesCents' | 'taxesCents' | 'lines' | 'taxProvince' | 'taxes'>,
  answers: readonly LineAnswerInput[],
): AnswerOutcome | AnswerProblem {
  const given = new Map(answers.map((answer) => [answer.line, answer]));
  const lines: AnsweredLine[] = [];
  for (const line of version.lines) {
    const answer = given.get(line.line);
    if (!answer) return { kind: 'missing_line', line: line.line };
    if (answer.answer === 'alternative') {
      const alternative = line.alternatives.find((alt) => alt.position === answer.alternative);
      if (!alternative) return { kind: 'unknown_choice', line: line.line };
      lines.push({
        line: line.line,
        answer: 'alternative',
        chosenAlternative: alternative.position,
        cents: alternative.unitPriceCents * line.quantity,
      });
    } else {
      lines.push({
        line: line.line,
        answer: answer.answer,
        chosenAlternative: null,
        cents: answer.answer === 'accept' ? line.unitPriceCents * line.quantity : 0,
      });
    }
  }
  for (const line of given.keys()) {
    if (!version.lines.some((offered) => offered.line === line)) return { kind: 'unknown_choice', line };
  }
  const refused = lines.filter((line) => line.answer === 'refuse').length;
  const outcome: VersionOutcome = refused === 0 ? 'accepted' : refused === lines.length ? 'declined' : 'partial';
  const acceptedItemsCents = lines.reduce((sum, line) => sum + line.cents, 0);
  const fees = outcome === 'declined' ? 0 : version.feesCents;
  const taxes = computeTaxes(acceptedItemsCents + fees, version.taxes).map((tax, index) => ({
    position: version.taxes[index]?.position ?? index + 1,
    acceptedCents: outcome === 'declined' ? 0 : tax.cents,
  }));
  const acceptedTaxesCents =
    outcome === 'declined'
      ? 0
      : version.taxProvince !== null
        ? sumTaxes(taxes.map((tax) => ({ cents: tax.acceptedCents })))
        : version.itemsCents === 0
          ? version.taxesCents
          : mulDivRound(version.taxesCents, acceptedItemsCents, version.itemsCents);
  return {
    outcome,
    lines,
    acceptedItemsCents,
    acceptedTaxesCents,
    acceptedTotalCents: acceptedItemsCents + fees + acceptedTaxesCents,
    taxes,
  };
}

export function isAnswerProblem(value: AnswerOutcome | AnswerProblem): value is AnswerProblem {
  return 'kind' in value;
}

/**
 * The answers of the line-by-line form: a field `line-<n>` per line whose value is `accept`,
 * `refuse` or `alt-<position>`. Other fields are ignored; a value of another shape is dropped
 * (and the line then counts as unanswered).
 */
export function answersFromForm(entries: Iterable<[string, unknown]>): LineAnswerInput[] {
  const answers = new Map<number, LineAnswerInput>();
  for (const [name, value] of entries) {
    const line = /^line-(\d{1,5})$/.exec(name)?.[1];
    if (!line || typeof value !== 'string') continue;
    const number = Number(line);
    if (value === 'accept' || value === 'refuse') answers.set(number, { line: number, answer: value });
    const alt = /^alt-(\d)$/.exec(value)?.[1];
    if (alt) answers.set(number, { line: number, answer: 'alternative', alternative: Number(alt) });
  }
  return [...answers.values()];
}

/** The version the customer may answer now: the newest, unless superseded or answered. */
export function openVersion(versions: readonly QuoteVersion[]): QuoteVersion | undefined {
  const last = versions.at(-1);
  return last && last.supersededAt === null && last.answeredAt === null ? last : undefined;
}
