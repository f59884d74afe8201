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
    expect(parseQuantity(String(MAX_QUANTITY + 1))).toBeUndefined();
  });
});
