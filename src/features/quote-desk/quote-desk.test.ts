import { describe, expect, it } from 'vitest';
import { getT } from '../../lib/i18n/index.ts';
import { CSV_COLUMNS, csvAmount, csvHeader, csvLine } from './csv.ts';
import {
  canSendQuote,
  canTransition,
  moneyToCents,
  opfFileName,
  parseQuoteId,
  parseQuoteListQuery,
  QUOTE_STATUSES,
  quoteListSearch,
  SendQuoteSchema,
  staffStatusChoices,
} from './quote-desk.ts';

describe('quote status transitions', () => {
  it('allows exactly the desk’s moves and the customer’s answer', () => {
    const allowed = QUOTE_STATUSES.flatMap((from) =>
      QUOTE_STATUSES.flatMap((to) =>
        (['staff', 'customer'] as const)
          .filter((actor) => canTransition(from, to, actor))
          .map((actor) => `${from}→${to}:${actor}`),
      ),
    );
    expect(allowed.sort()).toEqual(
      [
        'submitted→in_review:staff',
        'submitted→cancelled:staff',
        'in_review→quoted:staff',
        'in_review→cancelled:staff',
        'quoted→approved:customer',
        'quoted→cancelled:customer',
        'quoted→cancelled:staff',
        'quoted→in_review:staff',
      ].sort(),
    );
  });

  it('never lets staff approve, nor anyone approve before a quote was sent', () => {
    for (const from of QUOTE_STATUSES) expect(canTransition(from, 'approved', 'staff')).toBe(false);
    for (const from of ['submitted', 'in_review', 'approved', 'cancelled'] as const) {
      expect(canTransition(from, 'approved', 'customer'), from).toBe(false);
    }
  });

  it('offers the desk its buttons, and pricing only in review', () => {
    expect(staffStatusChoices('submitted')).toEqual(['in_review', 'cancelled']);
    expect(staffStatusChoices('quoted')).toEqual(['in_review', 'cancelled']);
    expect(staffStatusChoices('approved')).toEqual([]);
    expect(QUOTE_STATUSES.filter(canSendQuote)).toEqual(['in_review']);
  });
});

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

  it('accepts only whole positive ids', () => {
    expect(parseQuoteId('41')).toBe(41);
    for (const bad of ['abc', '1.5', '-1', '0', '99999999999', undefined])
      expect(parseQuoteId(bad), String(bad)).toBeNull();
  });
});

describe('priced quote form', () => {
  const schema = SendQuoteSchema({ price: 'bad price', note: 'bad note' });
  it('reads dollars typed in either language as cents', () => {
    expect(['12', '12.5', '12,50', '0.05', '1234567.89'].map(moneyToCents)).toEqual([1200, 1250, 1250, 5, 123456789]);
    expect(schema.parse({ lines: [{ line: 1, unitPrice: '9,99' }], fees: '0', taxes: '1.30' })).toEqual({
      lines: [{ line: 1, unitPrice: 999 }],
      fees: 0,
      taxes: 130,
      note: '',
    });
  });
  it('refuses amounts that are not money', () => {
    for (const price of ['', '-1', '1.234', 'abc', '12 $']) {
      const result = schema.safeParse({ lines: [{ line: 1, unitPrice: price }], fees: '0', taxes: '0' });
      expect(result.success, price).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('bad price');
    }
  });
  it('names the OPF after the reference', () => {
    expect(opfFileName('Q-100041')).toBe('OPF-Q-100041.pdf');
  });
});

describe('CSV', () => {
  it('quotes what needs quoting and defuses formulas', () => {
    expect(csvLine(['plain'], ',')).toBe('plain\r\n');
    expect(csvLine(['Smith, Jones'], ',')).toBe('"Smith, Jones"\r\n');
    expect(csvLine(['Smith, Jones'], ';')).toBe('Smith, Jones\r\n');
    expect(csvLine(['say "hi"'], ',')).toBe('"say ""hi"""\r\n');
    expect(csvLine(['two\nlines'], ';')).toBe('"two\nlines"\r\n');
    expect(csvLine(['two\rlines'], ';')).toBe('"two\rlines"\r\n');
    expect(csvLine(['=HYPERLINK("x")'], ',')).toBe(`"'=HYPERLINK(""x"")"\r\n`);
    expect(csvLine(['a', '', 'b'], ';')).toBe('a;;b\r\n');
  });
  it('makes every field a spreadsheet could run as a formula plain text', () => {
    for (const formula of ['=1+1', '+1+1', '-1+1', '@SUM(A1)', '\t=1', '\uFF1D1+1']) {
      expect(csvLine([formula, 'x'], ',')).toBe(`'${formula},x\r\n`);
    }
    expect(csvLine(['Jean-Marc', 'a=b'], ',')).toBe('Jean-Marc,a=b\r\n');
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
