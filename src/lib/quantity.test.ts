import { describe, expect, it } from 'vitest';
import { isQuantity, MAX_QUANTITY, parseQuantity } from './quantity.ts';

describe('line quantities', () => {
  it('are whole numbers from 1 to 9,999, the check constraint of every line table', () => {
    expect(MAX_QUANTITY).toBe(9999);
    for (const good of [1, 12, 9999]) expect(isQuantity(good), String(good)).toBe(true);
    for (const bad of [0, -1, 1.5, 10_000, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(isQuantity(bad), String(bad)).toBe(false);
    }
  });

  it('are read from a field the same way', () => {
    expect(parseQuantity(' 9999 ')).toBe(MAX_QUANTITY);
    expect(parseQuantity('1')).toBe(1);
    expect(parseQuantity('012')).toBe(12);
  });

  it('are refused as typed, never rounded or brought within range', () => {
    for (const bad of ['', ' ', '0', '-2', '10000', '99999999999999999999', '1.5', '2,5', '1e3', '+3', '3 plants']) {
      expect(parseQuantity(bad), JSON.stringify(bad)).toBeUndefined();
    }
  });
});
