import { describe, expect, it } from 'vitest';
import { CART_ADD_FRAGMENT, cartAddOutcome } from './cart-forms.ts';

describe('what an add to the cart did', () => {
  it('is everything asked for, only what fitted under 9,999, or nothing on a full line', () => {
    expect(cartAddOutcome(3, 3)).toBe('added');
    expect(cartAddOutcome(9999, 9999)).toBe('added');
    expect(cartAddOutcome(10, 4)).toBe('added-to-maximum');
    expect(cartAddOutcome(10, 0)).toBe('at-maximum');
    expect(cartAddOutcome(1, 0)).toBe('at-maximum');
  });

  it('comes back to the product page as a fragment of its own, one per outcome', () => {
    const fragments = Object.values(CART_ADD_FRAGMENT);
    expect(new Set(fragments).size).toBe(fragments.length);
    for (const fragment of fragments) expect(fragment).toMatch(/^cart-[a-z-]+$/);
  });
});
