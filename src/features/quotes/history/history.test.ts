import { describe, expect, it } from 'vitest';
import type { QuoteVersion } from '../versions/versions.ts';
import { answerSummary, pageWindow, readHistoryQuery } from './history.ts';

describe('quote history paging', () => {
  it('reads page and size from the query string, with 10 per page by default', () => {
    expect(readHistoryQuery(new URLSearchParams(''))).toEqual({ page: 1, size: 10 });
    expect(readHistoryQuery(new URLSearchParams('page=3&size=25'))).toEqual({ page: 3, size: 25 });
    for (const size of [5, 10, 25, 50, 100]) {
      expect(readHistoryQuery(new URLSearchParams(`size=${size}`)).size).toBe(size);
    }
  });

  it('falls back on anything it cannot use', () => {
    expect(readHistoryQuery(new URLSearchParams('page=0&size=7'))).toEqual({ page: 1, size: 10 });
    expect(readHistoryQuery(new URLSearchParams('page=two&size=1000'))).toEqual({ page: 1, size: 10 });
    expect(readHistoryQuery(new URLSearchParams('page=2.5'))).toEqual({ page: 1, size: 10 });
  });

  it('offers the first and last pages and two either side of the current one', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(1, 4)).toEqual([1, 2, 3, 4]);
    expect(pageWindow(6, 12)).toEqual([1, 'gap', 4, 5, 6, 7, 8, 'gap', 12]);
    expect(pageWindow(12, 12)).toEqual([1, 'gap', 10, 11, 12]);
  });
});

describe("the customer's answer on their request's page", () => {
  const decidedAt = new Date('2026-11-28T19:03:00Z');
  const version = (answer: Partial<QuoteVersion>): QuoteVersion => ({
    id: 1,
    number: 1,
    validUntil: '2026-12-05',
    note: '',
    itemsCents: 114_700,
    feesCents: 15_000,
    taxesCents: 19_423,
    totalCents: 149_123,
    createdAt: new Date('2026-11-28T19:02:00Z'),
    createdBy: null,
    supersededAt: null,
    outcome: null,
    answeredAt: null,
    acceptedItemsCents: null,
    acceptedTaxesCents: null,
    acceptedTotalCents: null,
    renewalRequestedAt: null,
    lines: [],
    taxProvince: 'QC',
    taxExemptReason: null,
    taxes: [],
    ...answer,
  });
  const decision = (kind: 'approved' | 'declined') => ({
    decision: kind,
    decidedAt,
    ipAddress: '',
    userAgent: '',
    by: null,
  });

  it('is a partial acceptance, for the total of the lines taken, when some lines were refused', () => {
    const partial = version({ outcome: 'partial', answeredAt: decidedAt, acceptedTotalCents: 126_990 });
    expect(answerSummary({ decision: decision('approved'), versions: [partial] })).toEqual({
      kind: 'partial',
      decidedAt,
      acceptedTotalCents: 126_990,
    });
  });

  it('reads the newest answered version, not one it replaced', () => {
    const old = version({ supersededAt: decidedAt });
    const accepted = version({ number: 2, outcome: 'accepted', answeredAt: decidedAt, acceptedTotalCents: 149_123 });
    expect(answerSummary({ decision: decision('approved'), versions: [old, accepted] })).toEqual({
      kind: 'approved',
      decidedAt,
      acceptedTotalCents: null,
    });
  });

  it('is the decision itself for a quote answered by its links, and nothing before an answer', () => {
    expect(answerSummary({ decision: decision('declined'), versions: [] })?.kind).toBe('declined');
    expect(answerSummary({ decision: null, versions: [version({})] })).toBeNull();
  });
});
