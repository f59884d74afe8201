import { describe, expect, it } from 'vitest';
import { orderByMyLocation } from './inventory.ts';

describe('orderByMyLocation', () => {
  const yards = [{ id: 1 }, { id: 2 }, { id: 3 }];
  it("puts the shopper's yard first and keeps the others in order", () => {
    expect(orderByMyLocation(yards, 3, (yard) => yard.id).map((yard) => yard.id)).toEqual([3, 1, 2]);
    expect(orderByMyLocation(yards, null, (yard) => yard.id).map((yard) => yard.id)).toEqual([1, 2, 3]);
    expect(orderByMyLocation(yards, 9, (yard) => yard.id).map((yard) => yard.id)).toEqual([1, 2, 3]);
  });
});
