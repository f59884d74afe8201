import { describe, expect, it } from 'vitest';
import { getT } from '../../../lib/i18n/index.ts';
import {
  addDays,
  answerOutcome,
  answersFromForm,
  changesFromRequest,
  defaultValidUntil,
  isPastValidity,
  linesNotOffered,
  nurseryDate,
  type VersionLine,
  validityEnd,
  versionChanges,
} from './versions.ts';

const item = (line: number, sku: string, quantity: number, unitPriceCents: number): VersionLine => ({
  line,
  sku,
  quantity,
  unitPriceCents,
  variantId: null,
  nameEn: sku,
  nameFr: sku,
  sizeLabel: '#2',
  size: null,
  alternatives: [],
  answer: null,
  chosenAlternative: null,
});

describe('what changed between two versions', () => {
  it('names added, removed and substituted lines, new quantities and new prices, in line order', () => {
    const v1 = [item(1, 'A', 3, 4000), item(2, 'B', 1, 11050), item(3, 'C', 5, 900), item(4, 'D', 2, 500)];
    const v2 = [item(1, 'A', 4, 3800), item(2, 'B2', 1, 9900), item(4, 'D', 2, 500), item(5, 'E', 6, 1200)];
    expect(versionChanges(v1, v2)).toEqual([
      { kind: 'price', line: 1, sku: 'A', fromCents: 4000, toCents: 3800 },
      { kind: 'quantity', line: 1, sku: 'A', from: 3, to: 4 },
      { kind: 'substituted', line: 2, fromSku: 'B', toSku: 'B2', fromCents: 11050, toCents: 9900 },
      { kind: 'removed', line: 3, sku: 'C' },
      { kind: 'added', line: 5, sku: 'E', quantity: 6, unitPriceCents: 1200 },
    ]);
  });

  it('finds nothing between equal versions, and everything added against none', () => {
    const lines = [item(1, 'A', 3, 4000)];
    expect(versionChanges(lines, lines)).toEqual([]);
    expect(versionChanges([], lines)).toEqual([
      { kind: 'added', line: 1, sku: 'A', quantity: 3, unitPriceCents: 4000 },
    ]);
  });
});

describe('what a first version changed from the request', () => {
  it('names sizes replaced and new quantities, not the prices the quote sets nor the lines left out', () => {
    const requested = [item(1, 'A', 3, 4000), item(2, 'B', 1, 11050), item(3, 'C', 5, 900)];
    const first = [item(1, 'A', 2, 3600), item(2, 'B2', 1, 9900)];
    expect(changesFromRequest(requested, first)).toEqual([
      { kind: 'quantity', line: 1, sku: 'A', from: 3, to: 2 },
      { kind: 'substituted', line: 2, fromSku: 'B', toSku: 'B2', fromCents: 11050, toCents: 9900 },
    ]);
    expect(changesFromRequest(requested, [item(1, 'A', 3, 3600), item(2, 'B', 1, 1), item(3, 'C', 5, 0)])).toEqual([]);
  });
});

describe("the request's lines a version leaves out", () => {
  it('are those of no line of the version, in line order; a substituted or repriced line is offered', () => {
    const requested = [item(1, 'A', 3, 4000), item(2, 'B', 1, 11050), item(3, 'C', 15, 900), item(4, 'D', 2, 500)];
    const version = { lines: [item(1, 'A', 3, 3800), item(2, 'B2', 1, 9900), item(4, 'D', 5, 500)] };
    expect(linesNotOffered(requested, version).map((line) => line.line)).toEqual([3]);
    expect(linesNotOffered(requested, { lines: requested })).toEqual([]);
  });
});

describe('a version line by line', () => {
  const version = {
    itemsCents: 3 * 4000 + 1 * 11050 + 2 * 1000,
    feesCents: 7500,
    // Québec: GST 5 % and QST 9.975 % on items and fees, 32,550: 1,627.5 → 1,628 and 3,246.8625 → 3,247.
    taxesCents: 1628 + 3247,
    taxProvince: 'QC' as const,
    taxes: [
      {
        position: 1,
        code: 'gst' as const,
        province: 'QC' as const,
        rate: 5000,
        registration: 'R',
        cents: 1628,
        acceptedCents: null,
      },
      {
        position: 2,
        code: 'qst' as const,
        province: 'QC' as const,
        rate: 9975,
        registration: 'Q',
        cents: 3247,
        acceptedCents: null,
      },
    ],
    lines: [
      item(1, 'A', 3, 4000),
      item(2, 'B', 1, 11050),
      {
        ...item(3, 'C', 2, 1000),
        alternatives: [
          { ...item(3, 'C2', 2, 1250), position: 1, reason: 'Sold out in #2 pots' },
          { ...item(3, 'C3', 2, 800), position: 2, reason: '' },
        ],
      },
    ],
  };

  it('accepts one line, refuses one, takes an alternative on a third: a partial acceptance and its total', () => {
    const outcome = answerOutcome(version, [
      { line: 1, answer: 'accept' },
      { line: 2, answer: 'refuse' },
      { line: 3, answer: 'alternative', alternative: 1 },
    ]);
    // Items 12,000 + 2,500 = 14,500, with the fees 22,000: GST 1,100, QST 2,194.5 → 2,195 (half up).
    expect(outcome).toEqual({
      outcome: 'partial',
      lines: [
        { line: 1, answer: 'accept', chosenAlternative: null, cents: 12000 },
        { line: 2, answer: 'refuse', chosenAlternative: null, cents: 0 },
        { line: 3, answer: 'alternative', chosenAlternative: 1, cents: 2500 },
      ],
      acceptedItemsCents: 14500,
      acceptedTaxesCents: 1100 + 2195,
      acceptedTotalCents: 14500 + 7500 + 1100 + 2195,
      taxes: [
        { position: 1, acceptedCents: 1100 },
        { position: 2, acceptedCents: 2195 },
      ],
    });
  });

  it('is accepted whole when nothing is refused, declined when everything is (no tax then)', () => {
    const all = answerOutcome(
      version,
      version.lines.map((line) => ({ line: line.line, answer: 'accept' as const })),
    );
    expect(all).toMatchObject({ outcome: 'accepted', acceptedTotalCents: 25050 + 7500 + 1628 + 3247 });
    const none = answerOutcome(
      version,
      version.lines.map((line) => ({ line: line.line, answer: 'refuse' as const })),
    );
    expect(none).toMatchObject({ outcome: 'declined', acceptedTotalCents: 0, acceptedTaxesCents: 0 });
  });

  it('keeps the typed taxes of a version sent before decision 051 pro rata, rounded half up', () => {
    // 101 × 1 / 2 = 50.5 → 51.
    const legacy = {
      itemsCents: 200,
      feesCents: 0,
      taxesCents: 101,
      taxProvince: null,
      taxes: [],
      lines: [item(1, 'A', 1, 100), item(2, 'B', 1, 100)],
    };
    const half = answerOutcome(legacy, [
      { line: 1, answer: 'accept' },
      { line: 2, answer: 'refuse' },
    ]);
    expect(half).toMatchObject({ acceptedTaxesCents: 51, acceptedTotalCents: 151 });
  });

  it('refuses an answer that leaves a line out or names a choice that is not offered', () => {
    expect(answerOutcome(version, [{ line: 1, answer: 'accept' }])).toEqual({ kind: 'missing_line', line: 2 });
    expect(
      answerOutcome(version, [
        { line: 1, answer: 'alternative', alternative: 1 },
        { line: 2, answer: 'accept' },
        { line: 3, answer: 'accept' },
      ]),
    ).toEqual({ kind: 'unknown_choice', line: 1 });
    expect(
      answerOutcome(version, [
        { line: 1, answer: 'accept' },
        { line: 2, answer: 'accept' },
        { line: 3, answer: 'accept' },
        { line: 9, answer: 'accept' },
      ]),
    ).toEqual({ kind: 'unknown_choice', line: 9 });
  });

  it('reads the form: one field per line', () => {
    expect(
      answersFromForm([
        ['line-1', 'accept'],
        ['line-2', 'refuse'],
        ['line-3', 'alt-2'],
        ['line-4', 'maybe'],
        ['version', '2'],
      ]),
    ).toEqual([
      { line: 1, answer: 'accept' },
      { line: 2, answer: 'refuse' },
      { line: 3, answer: 'alternative', alternative: 2 },
    ]);
  });
});

describe('validity in the nursery’s calendar', () => {
  it('counts days in Toronto, seven by default, and ends a day at Toronto’s midnight', () => {
    // 02:00 UTC on the 27th is still the 26th in Toronto.
    expect(nurseryDate(new Date('2026-11-27T02:00:00Z'))).toBe('2026-11-26');
    expect(defaultValidUntil(new Date('2026-11-27T02:00:00Z'))).toBe('2026-12-03');
    expect(addDays('2026-12-28', 7)).toBe('2027-01-04');
    expect(validityEnd('2026-12-03').toISOString()).toBe('2026-12-04T05:00:00.000Z');
    expect(validityEnd('2026-07-01').toISOString()).toBe('2026-07-02T04:00:00.000Z');
    expect(isPastValidity('2026-12-03', new Date('2026-12-04T04:59:59Z'))).toBe(false);
    expect(isPastValidity('2026-12-03', new Date('2026-12-04T05:00:00Z'))).toBe(true);
  });
});

describe("a version's name", () => {
  it('is numbered as the rest of the French store writes it (« Contenant nº 5 »): « Version nº 2 »', () => {
    expect(getT('fr', 'negotiation')('version', { number: 2 })).toBe('Version nº\u00a02');
    expect(getT('en', 'negotiation')('version', { number: 2 })).toBe('Version 2');
  });
});
