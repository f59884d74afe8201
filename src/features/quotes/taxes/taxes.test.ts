import { describe, expect, it } from 'vitest';
import {
  formatRate,
  PROVINCES,
  ratesFor,
  registrationFor,
  sumTaxes,
  TaxRateMissingError,
  taxLinesFor,
  taxName,
  taxOn,
  taxProvince,
} from './taxes.ts';

const numbers = {
  gstHst: '123456789 RT0001',
  qst: '1234567890 TQ0001',
  bcPst: 'PST-1234-5678',
  mbRst: '123456-7',
  skPst: '7654321',
};
const yard = (province: string) => ({ delivery: null, pickup: { province } });
const address = (province: string) => ({ delivery: { province }, pickup: null });
const lines = (taxable: number, quote: Parameters<typeof taxProvince>[0], day = '2026-11-26') => {
  const province = taxProvince(quote);
  if (!province) throw new Error('no province');
  return taxLinesFor(taxable, province, day, numbers).map((line) => [line.code, line.rate, line.cents]);
};

describe('the worked table (items and fees taxable, each tax rounded half up on the subtotal)', () => {
  it.each([
    // kind, where, taxable cents, expected [code, rate per 100,000, cents]
    ['GST only, pickup', yard('AB'), 12_500, [['gst', 5000, 625]]],
    ['GST only, delivery', address('NU'), 10_010, [['gst', 5000, 501]]],
    ['GST only, delivery', address('YT'), 99, [['gst', 5000, 5]]],
    ['GST only, delivery', address('NT'), 1_000, [['gst', 5000, 50]]],
    ['HST, pickup', yard('ON'), 12_500, [['hst', 13000, 1625]]],
    ['HST, delivery', address('NB'), 12_345, [['hst', 15000, 1852]]],
    ['HST, delivery', address('NL'), 10_000, [['hst', 15000, 1500]]],
    ['HST, delivery', address('PE'), 10_000, [['hst', 15000, 1500]]],
    ['HST, delivery', address('NS'), 12_345, [['hst', 14000, 1728]]],
    [
      'GST and QST, pickup',
      yard('QC'),
      12_345,
      [
        ['gst', 5000, 617],
        ['qst', 9975, 1231],
      ],
    ],
    [
      'GST and QST, delivery',
      address('QC'),
      200,
      [
        ['gst', 5000, 10],
        ['qst', 9975, 20],
      ],
    ],
    [
      'GST and PST, delivery',
      address('BC'),
      10_000,
      [
        ['gst', 5000, 500],
        ['pst', 7000, 700],
      ],
    ],
    [
      'GST and PST, pickup',
      yard('SK'),
      10_050,
      [
        ['gst', 5000, 503],
        ['pst', 6000, 603],
      ],
    ],
    [
      'GST and RST, delivery',
      address('MB'),
      10_000,
      [
        ['gst', 5000, 500],
        ['rst', 7000, 700],
      ],
    ],
  ] as const)('%s in %o: %i cents', (_kind, quote, taxable, expected) => {
    expect(lines(taxable, quote)).toEqual(expected);
  });

  it('uses the rate of the quote’s day: Nova Scotia’s HST was 15 % until 2025-03-31, 14 % from 2025-04-01', () => {
    expect(lines(10_000, address('NS'), '2025-03-31')).toEqual([['hst', 15000, 1500]]);
    expect(lines(10_000, address('NS'), '2025-04-01')).toEqual([['hst', 14000, 1400]]);
    expect(lines(10_000, address('MB'), '2019-06-30')).toEqual([
      ['gst', 5000, 500],
      ['rst', 8000, 800],
    ]);
    expect(lines(10_000, yard('SK'), '2017-03-22')).toEqual([
      ['gst', 5000, 500],
      ['pst', 5000, 500],
    ]);
  });

  it('a delivery is taxed where it goes, not at the yard it leaves from', () => {
    expect(taxProvince({ delivery: { province: 'QC' }, pickup: { province: 'ON' } })).toBe('QC');
    expect(taxProvince({ delivery: null, pickup: null })).toBeNull();
  });

  it('has a rate for every province and territory today, and none before the table starts', () => {
    for (const province of PROVINCES) expect(ratesFor(province, '2026-11-26').length).toBeGreaterThan(0);
    expect(() => ratesFor('NL', '2012-12-31')).toThrow(TaxRateMissingError);
  });
});

describe('rounding half up to the cent', () => {
  it.each([
    [10, 5000, 1], // 0.5 → 1
    [30, 5000, 2], // 1.5 → 2
    [1_010, 5000, 51], // 50.5 → 51
    [9, 5000, 0], // 0.45 → 0
    [50, 13000, 7], // 6.5 → 7
    [1, 13000, 0], // 0.13 → 0
    [4_010, 9975, 400], // 399.9975 → 400
    [5_013, 9975, 500], // 500.04675 → 500
    [0, 15000, 0],
    [2_000_000_000, 9975, 199_500_000],
  ])('%i cents at %i / 100,000 is %i', (taxable, rate, expected) => {
    expect(taxOn(taxable, rate)).toBe(expected);
  });

  it('refuses an amount that is not whole cents', () => {
    expect(() => taxOn(10.5, 5000)).toThrow(RangeError);
    expect(() => taxOn(-1, 5000)).toThrow(RangeError);
  });

  it('adds the lines', () => {
    expect(sumTaxes(taxLinesFor(12_345, 'QC', '2026-11-26', numbers))).toBe(617 + 1231);
  });
});

describe('names and numbers in the customer’s language', () => {
  it('names each tax', () => {
    expect(['gst', 'hst', 'qst', 'pst', 'rst'].map((code) => taxName(code as 'gst', 'en'))).toEqual([
      'GST',
      'HST',
      'QST',
      'PST',
      'RST',
    ]);
    expect(['gst', 'hst', 'qst', 'pst', 'rst'].map((code) => taxName(code as 'gst', 'fr'))).toEqual([
      'TPS',
      'TVH',
      'TVQ',
      'TVP',
      'TVD',
    ]);
  });

  it('prints the nursery’s number for each tax', () => {
    expect(registrationFor('hst', 'ON', numbers)).toBe(numbers.gstHst);
    expect(registrationFor('qst', 'QC', numbers)).toBe(numbers.qst);
    expect(registrationFor('pst', 'BC', numbers)).toBe(numbers.bcPst);
    expect(registrationFor('pst', 'SK', numbers)).toBe(numbers.skPst);
    expect(registrationFor('rst', 'MB', numbers)).toBe(numbers.mbRst);
  });

  it('writes rates as each language does', () => {
    expect(formatRate(9975, 'en')).toBe('9.975%');
    expect(formatRate(9975, 'fr')).toBe('9,975\u00a0%');
    expect(formatRate(13000, 'fr')).toBe('13\u00a0%');
  });
});
