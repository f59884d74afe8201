import { describe, expect, it } from 'vitest';
import { priceForUser, warrantyApplies } from './pricing.ts';

describe('priceForUser', () => {
  const row = { list_price_cents: 4999, trade_price_cents: 3750 };
  const catalog = { listPriceCents: 4999, tradePriceCents: 3750 };

  it('gives the trade price only to a user with a linked in-house account', () => {
    expect(priceForUser(row, { inHouseAccountId: 7 })).toEqual({ cents: 3750, kind: 'trade', listCents: 4999 });
    expect(priceForUser(catalog, { inHouseAccountId: 7 }).cents).toBe(3750);
    expect(priceForUser(row, { inHouseAccountId: null })).toEqual({ cents: 4999, kind: 'list', listCents: 4999 });
    expect(priceForUser(catalog, null).kind).toBe('list');
  });

  it('shows no warranty to trade users', () => {
    expect(warrantyApplies({ inHouseAccountId: 7 })).toBe(false);
    expect(warrantyApplies(null)).toBe(true);
  });
});
