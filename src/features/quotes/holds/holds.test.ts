import { describe, expect, it } from 'vitest';
import { formatNumber } from '../../../lib/format.ts';
import { holdText, shortageText } from './describe.ts';
import { holdState, holdYard, needsByVariant, settlementOf, shortages } from './holds.ts';

const NBSP = '\u00a0';
const NNBSP = '\u202f';

describe('holdYard', () => {
  it('holds at the pickup yard, else the customer’s own yard, else the main yard', () => {
    expect(holdYard({ pickupLocationId: 3, preferredLocationId: 2, mainYardId: 1 })).toBe(3);
    expect(holdYard({ pickupLocationId: null, preferredLocationId: 2, mainYardId: 1 })).toBe(2);
    expect(holdYard({ pickupLocationId: null, preferredLocationId: null, mainYardId: 1 })).toBe(1);
    expect(holdYard({ pickupLocationId: null, preferredLocationId: null, mainYardId: null })).toBeNull();
  });
});

describe('needsByVariant and shortages', () => {
  const lines = [
    { line: 1, variantId: 20, sku: 'B-2', quantity: 3 },
    { line: 2, variantId: 10, sku: 'A-1', quantity: 2 },
    { line: 3, variantId: null, sku: 'GONE', quantity: 9 },
    { line: 4, variantId: 20, sku: 'B-2', quantity: 1 },
  ];

  it('adds up the lines that offer the same variant, and skips lines without one', () => {
    expect(needsByVariant(lines)).toEqual([
      { variantId: 10, sku: 'A-1', quantity: 2, lines: [2] },
      { variantId: 20, sku: 'B-2', quantity: 4, lines: [1, 4] },
    ]);
  });

  it('names every variant the yard cannot cover, in line order, with what is free', () => {
    const free = new Map([
      [10, 1],
      [20, 4],
    ]);
    expect(shortages(needsByVariant(lines), (id) => free.get(id) ?? 0)).toEqual([
      { sku: 'A-1', lines: [2], wanted: 2, available: 1 },
    ]);
    expect(shortages(needsByVariant(lines), () => 0).map((entry) => entry.sku)).toEqual(['B-2', 'A-1']);
    expect(shortages(needsByVariant(lines), () => 100)).toEqual([]);
  });
});

describe('settlementOf and holdState', () => {
  it('sells an accepted line and releases the others, a refusal of everything being a decline', () => {
    expect(settlementOf('accept', 'partial')).toBe('sold');
    expect(settlementOf('alternative', 'accepted')).toBe('alternative');
    expect(settlementOf('refuse', 'partial')).toBe('refused');
    expect(settlementOf('refuse', 'declined')).toBe('declined');
    expect(holdState(null)).toBe('held');
    expect(holdState('sold')).toBe('sold');
    expect(holdState('expired')).toBe('released');
  });
});

describe('holds in words', () => {
  const yard = { nameEn: 'Milton Sales Yard', nameFr: 'Centre de Milton' };

  it('says where a line is held, sold or released, in both languages', () => {
    expect(holdText({ yard, quantity: 1200, state: 'held', reason: null }, 'en')).toBe(
      'Held at Milton Sales Yard: 1,200',
    );
    expect(holdText({ yard, quantity: 1200, state: 'held', reason: null }, 'fr')).toBe(
      `Réservé au Centre de Milton${NBSP}: ${formatNumber(1200, 'fr')}`,
    );
    expect(holdText({ yard, quantity: 3, state: 'sold', reason: 'sold' }, 'en')).toBe('Sold from Milton Sales Yard: 3');
    expect(holdText({ yard, quantity: 3, state: 'sold', reason: 'sold' }, 'fr')).toBe(
      `Vendu au Centre de Milton${NBSP}: 3`,
    );
    expect(holdText({ yard, quantity: 3, state: 'released', reason: 'expired' }, 'fr')).toBe(
      `Réservation levée au Centre de Milton (version expirée)${NBSP}: 3`,
    );
  });

  it('tells the desk which SKUs are short and what is free', () => {
    const short = [
      { sku: 'A-1', lines: [2], wanted: 5, available: 1 },
      { sku: 'B-2', lines: [1, 4], wanted: 4, available: 0 },
    ];
    expect(shortageText(yard, short, 'en')).toBe(
      'Not enough stock at Milton Sales Yard to hold this version, so nothing was sent. A-1 (line 2): 1 available of 5; B-2 (line 1, 4): 0 available of 4',
    );
    expect(shortageText(yard, short, 'fr')).toBe(
      `Stock insuffisant au Centre de Milton pour réserver cette version${NBSP}: rien n'a été envoyé. A-1 (ligne 2)${NBSP}: 1 disponible sur 5${NNBSP}; B-2 (ligne 1, 4)${NBSP}: 0 disponible sur 4`,
    );
  });
});
