import { describe, expect, it } from 'vitest';
import { parseQuantity } from '../../lib/quantity.ts';
import {
  AddCartItemFormSchema,
  AddCartItemSchema,
  CartAddResultSchema,
  CartLineIdSchema,
  cartTotals,
  UpdateCartItemSchema,
} from './cart.ts';

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

  it('reads a form post quantity exactly as the island reads the field', () => {
    for (const text of ['1', ' 12 ', '0012', '9999', '', '0', '-2', '1.5', '10000', '1e3', 'abc']) {
      const parsed = AddCartItemFormSchema.safeParse({ variantId: '7', quantity: text });
      expect(parsed.success ? parsed.data.quantity : undefined, JSON.stringify(text)).toBe(parseQuantity(text));
    }
    expect(AddCartItemFormSchema.safeParse({ variantId: '7', quantity: null }).success).toBe(false);
  });

  it("answers an add with the count, how many were added and the line's quantity", () => {
    expect(CartAddResultSchema.safeParse({ count: 12, added: 3, lineQuantity: 9 }).success).toBe(true);
    // A full line takes none.
    expect(CartAddResultSchema.safeParse({ count: 9999, added: 0, lineQuantity: 9999 }).success).toBe(true);
    for (const impossible of [
      { count: 12, added: -1, lineQuantity: 9 },
      { count: 12, added: 10, lineQuantity: 9 },
      { count: 8, added: 3, lineQuantity: 9 },
      { count: 10_000, added: 1, lineQuantity: 10_000 },
      { count: 12 },
    ]) {
      expect(CartAddResultSchema.safeParse(impossible).success, JSON.stringify(impossible)).toBe(false);
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
