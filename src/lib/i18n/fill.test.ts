import { describe, expect, it } from 'vitest';
import { getT } from './index.ts';
import { collapseDoublePeriod, fill } from './locale.ts';

const company = 'Rideau Landscape Design Inc.';

describe('fill', () => {
  it('fills placeholders and leaves unknown ones', () => {
    expect(fill('{{a}} and {{b}}', { a: 1 })).toBe('1 and {{b}}');
  });

  it('never doubles the period after a name that ends with one', () => {
    expect(fill('Account {{n}} for {{company}}.', { n: 'TA-1', company })).toBe(
      'Account TA-1 for Rideau Landscape Design Inc.',
    );
    expect(fill('For {{company}}.', { company: 'Acme' })).toBe('For Acme.');
    expect(fill('Wait {{x}}...', { x: 'now' })).toBe('Wait now...');
  });
});

describe('translations', () => {
  it('end a sentence with one period when the value brings its own, in both languages', () => {
    for (const locale of ['en', 'fr'] as const) {
      const text = getT(locale, 'profile')('trade.found', { number: 'TA-100300', company });
      expect(text).toContain(company);
      expect(text).not.toMatch(/Inc\.\./);
    }
  });

  it('keep an ellipsis and a lone period', () => {
    expect(collapseDoublePeriod('Envoi... fait.')).toBe('Envoi... fait.');
    expect(collapseDoublePeriod('Inc..')).toBe('Inc.');
  });
});
