import { describe, expect, it } from 'vitest';
import { getT } from '../../../lib/i18n/index.ts';
import { CSV_COLUMNS, csvAmount, csvField, csvHeader, csvLine } from '../export/csv.ts';
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
    expect(opfFileName('Q-100041')).toBe('OPF-Q-100041.pdf');
  });
});

describe('CSV', () => {
  it('quotes what needs quoting and defuses formulas', () => {
    expect(csvField('plain', ',')).toBe('plain');
    expect(csvField('Smith, Jones', ',')).toBe('"Smith, Jones"');
    expect(csvField('Smith, Jones', ';')).toBe('Smith, Jones');
    expect(csvField('say "hi"', ',')).toBe('"say ""hi"""');
    expect(csvField('two\nlines', ';')).toBe('"two\nlines"');
    expect(csvField('=HYPERLINK("x")', ',')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvLine(['a', 'b'], ';')).toBe('a;b\r\n');
  });
  it('writes amounts as a spreadsheet of the language reads them', () => {
    expect(csvAmount(123456, 'en')).toBe('1234.56');
    expect(csvAmount(123456, 'fr')).toBe('1234,56');
    expect(csvAmount(null, 'fr')).toBe('');
  });
  it('has a translated heading for every column', () => {
    const header = csvHeader(getT('fr', 'quoteDesk'), 'fr');
    expect(header.split(';')).toHaveLength(CSV_COLUMNS.length);
    expect(header.startsWith('Référence;Envoyée le;Statut')).toBe(true);
  });
});
