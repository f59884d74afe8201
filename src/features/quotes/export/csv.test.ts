import { describe, expect, it } from 'vitest';
import { getT } from '../../../lib/i18n/index.ts';
import { CSV_COLUMNS, csvAmount, csvHeader, csvLine, substitutionsText, TAX_CSV_COLUMNS } from './csv.ts';

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
  it('keeps the columns that were there and adds the current version’s at the end', () => {
    expect(CSV_COLUMNS.slice(-5)).toEqual([
      'quotedTotal',
      'versionNumber',
      'validUntil',
      'versionOutcome',
      'substitutions',
    ]);
    const header = csvHeader(getT('en', 'quoteDesk'), 'en').trimEnd();
    expect(
      header.includes(
        'Quoted total (CAD),Version,Valid until,Version outcome,Substitutions and alternatives,Tax province',
      ),
    ).toBe(true);
  });
  it('names each line offered another SKU or alternatives, in the language of the file', () => {
    const lines = [
      { line: 1, requestedSku: 'A-1', offeredSku: 'A-1', alternatives: [] },
      { line: 2, requestedSku: 'A-2', offeredSku: 'B-2', alternatives: [] },
      { line: 3, requestedSku: 'A-3', offeredSku: 'A-3', alternatives: ['C-3', 'D-3'] },
    ];
    expect(substitutionsText(lines, 'en')).toBe('line 2: A-2 → B-2 | line 3 alternatives: C-3, D-3');
    expect(substitutionsText(lines, 'fr')).toBe(
      'ligne 2\u00a0: A-2 → B-2 | ligne 3, solutions de rechange\u00a0: C-3, D-3',
    );
    expect(substitutionsText(lines.slice(0, 1), 'en')).toBe('');
    // A SKU typed as a formula stays text: the guard applies to every field.
    expect(
      csvLine(
        [substitutionsText([{ line: 1, requestedSku: 'A', offeredSku: 'A', alternatives: ['=1+1'] }], 'en')],
        ',',
      ),
    ).toBe('line 1 alternatives: =1+1\r\n');
  });
});
