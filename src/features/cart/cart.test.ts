import { describe, expect, it } from 'vitest';
import { parseQuantity } from '../../lib/quantity.ts';
import { AddCartItemSchema, CartLineIdSchema, cartTotals, UpdateCartItemSchema } from './cart.ts';

describe('cart quantities', () => {
  it('reads a quantity field as a whole number from 1 to 9,999', () => {
    expect(parseQuantity('1')).toBe(1);
    expect(parseQuantity(' 12 ')).toBe(12);
    expect(parseQuantity('9999')).toBe(9999);
    for (const bad of ['', '0', '-1', '1.5', '10000', 'abc', '1e3']) expect(parseQuantity(bad)).toBeUndefined();
  });

  it('validates the same range on the server', () => {
    expect(UpdateCartItemSchema.safeParse({ quantity: 9999 }).success).toBe(true);
    for (const quantity of [0, 10_000, 1.5, '3']) {
      expect(UpdateCartItemSchema.safeParse({ quantity }).success).toBe(false);
      expect(AddCartItemSchema.safeParse({ variantId: 1, quantity }).success).toBe(false);
    }
  });

  it('accepts a line id only as a positive int4 written plainly', () => {
    expect(CartLineIdSchema.safeParse('42')).toMatchObject({ success: true, data: 42 });
    for (const bad of ['0', '-1', '01', '1.0', 'abc', '2147483648', '99999999999', '']) {
      expect(CartLineIdSchema.safeParse(bad).success).toBe(false);
    }
  });
});

describe('cartTotals', () => {
  it('counts every unit but totals only what is still for sale', () => {
    expect(
      cartTotals([
        { quantity: 2, subtotalCents: 3000, available: true },
        { quantity: 1, subtotalCents: 999, available: false },
        { quantity: 5, subtotalCents: 500, available: true },
      ]),
    ).toEqual({ count: 8, totalCents: 3500 });
    expect(cartTotals([])).toEqual({ count: 0, totalCents: 0 });
  });
});
