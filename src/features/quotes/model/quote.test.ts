import { describe, expect, it } from 'vitest';
import type { QuoteVersion } from '../versions/versions.ts';
import { answerSummary, lineName, lineSize, parseQuoteId, pickupName, siteContactName } from './quote.ts';

describe('the quote read model', () => {
  it('takes only positive whole ids from a path', () => {
    expect(parseQuoteId('41')).toBe(41);
    for (const bad of ['abc', '1.5', '-1', '0', '99999999999', '', null, undefined])
      expect(parseQuoteId(bad), String(bad)).toBeNull();
  });

  it('reads a line, a yard and a site contact in the language of the reader', () => {
    const line = {
      nameEn: 'Sugar maple',
      nameFr: 'Érable à sucre',
      sizeLabel: '40/50/60 mm WB',
      size: { kind: 'caliper' as const, values: [40, 50, 60], rootBall: 'wire_basket' as const },
    };
    expect([lineName(line, 'en'), lineName(line, 'fr')]).toEqual(['Sugar maple', 'Érable à sucre']);
    expect(lineSize(line, 'fr')).toBe('Calibre 40/50/60\u00a0mm (panier de broche)');
    expect(lineSize({ size: null, sizeLabel: '5 gal' }, 'fr')).toBe('5 gal');
    const yard = {
      locationId: 1,
      nameEn: 'Laval Sales Yard',
      nameFr: 'Centre de vente de Laval',
      streetAddress: '1 boul. Test',
      city: 'Laval',
      province: 'QC',
      postalCode: 'H7M 1A1',
      phone: '450-555-0100',
    };
    expect(pickupName(yard, 'fr')).toBe('Centre de vente de Laval');
    const delivery = {
      jobName: '',
      poNumber: '',
      streetAddress: '1 rue Test',
      city: 'Laval',
      province: 'QC',
      postalCode: 'H7M 1A1',
      siteContactFirstName: 'Julie',
      siteContactLastName: 'Bouchard',
      phone: '450-555-0123',
    };
    expect(siteContactName(delivery)).toBe('Julie Bouchard');
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
