import { describe, expect, it } from 'vitest';
import { getT } from '../../../lib/i18n/index.ts';
import { CSV_COLUMNS, csvAmount, csvHeader, csvLine, TAX_CSV_COLUMNS } from './csv.ts';

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
    expect(header.split(';')).toHaveLength(CSV_COLUMNS.length + TAX_CSV_COLUMNS.length);
    expect(header.startsWith('Référence;Envoyée le;Statut')).toBe(true);
    expect(header.trimEnd().endsWith('Province de taxation;Exonération;TPS/TVH;TVQ;TVP/TVD;Total des taxes')).toBe(
      true,
    );
  });
});
