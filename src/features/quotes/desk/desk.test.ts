import { describe, expect, it } from 'vitest';
import { opfFileName, parseQuoteListQuery, quoteListSearch } from './desk.ts';

describe('list query string', () => {
  it('keeps good values and drops each bad one on its own', () => {
    const query = parseQuoteListQuery(
      new URLSearchParams('q=%20maple%20&status=quoted&fulfilment=boat&size=7&page=-2&from=2026-02-30&sort=total_asc'),
    );
    expect(query).toEqual({
      q: 'maple',
      status: 'quoted',
      fulfilment: undefined,
      customer: undefined,
      from: undefined,
      to: undefined,
      sort: 'total_asc',
      page: 1,
      size: 25,
    });
    expect(quoteListSearch(query, { page: 3 })).toBe('?q=maple&status=quoted&sort=total_asc&page=3');
    expect(quoteListSearch(parseQuoteListQuery(new URLSearchParams()))).toBe('');
  });
});

describe('OPF file name', () => {
  it('names the OPF after the reference', () => {
    expect(opfFileName('Q-100041', 'en')).toBe('OPF-Q-100041.pdf');
    expect(opfFileName('Q-100041', 'fr')).toBe('FTC-Q-100041.pdf');
  });
});
