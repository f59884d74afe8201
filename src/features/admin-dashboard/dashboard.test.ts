import { describe, expect, it } from 'vitest';
import { wrapWords } from './dashboard.ts';

describe('wrapWords', () => {
  it('breaks a chart label between words into lines of the width', () => {
    expect(wrapWords('Without an in-house account', 16)).toEqual(['Without an', 'in-house account']);
    expect(wrapWords('Avec un compte maison', 16)).toEqual(['Avec un compte', 'maison']);
    expect(wrapWords('Short', 16)).toEqual(['Short']);
  });

  it('keeps a word longer than the width on a line of its own', () => {
    expect(wrapWords('Superadministrateurs actifs', 10)).toEqual(['Superadministrateurs', 'actifs']);
    expect(wrapWords('  ', 10)).toEqual([]);
  });
});
