import { describe, expect, it } from 'vitest';
import { formatLength } from './format.ts';

describe('formatLength', () => {
  it('gives metres from one metre up and centimetres below, as the locale writes them', () => {
    expect(formatLength(2500, 'en')).toBe('25\u00a0m');
    expect(formatLength(150, 'en')).toBe('1.5\u00a0m');
    expect(formatLength(150, 'fr')).toBe('1,5\u00a0m');
    expect(formatLength(175, 'fr')).toBe('1,75\u00a0m');
    expect(formatLength(100, 'fr')).toBe('1\u00a0m');
    expect(formatLength(60, 'en')).toBe('60\u00a0cm');
    expect(formatLength(60, 'fr')).toBe('60\u00a0cm');
  });
});
