import { describe, expect, it } from 'vitest';
import { taxedInText, versionTaxLines } from './tax-text.ts';
import type { VersionTax } from './taxes.ts';

const gst: VersionTax = {
  position: 1,
  code: 'gst',
  province: 'QC',
  rate: 5000,
  registration: '123456789 RT0001',
  cents: 1528,
  acceptedCents: 975,
};
const qst: VersionTax = {
  ...gst,
  position: 2,
  code: 'qst',
  rate: 9975,
  registration: '1234567890 TQ0001',
  cents: 3047,
  acceptedCents: 1945,
};

describe('tax lines as documents print them', () => {
  it('names each tax with its rate and the nursery’s number, in English and in French', () => {
    const version = { taxes: [gst, qst], taxExemptReason: null, taxProvince: 'QC' as const };
    expect(versionTaxLines(version, 'en')).toEqual([
      { label: 'GST (5%), registration no. 123456789 RT0001', cents: 1528 },
      { label: 'QST (9.975%), registration no. 1234567890 TQ0001', cents: 3047 },
    ]);
    expect(versionTaxLines(version, 'fr', 'accepted')).toEqual([
      { label: "TPS (5\u00a0%), numéro d'inscription 123456789 RT0001", cents: 975 },
      { label: "TVQ (9,975\u00a0%), numéro d'inscription 1234567890 TQ0001", cents: 1945 },
    ]);
    expect(taxedInText('QC', 'fr')).toBe('Province de taxation\u00a0: Québec');
    expect(taxedInText('MB', 'en')).toBe('Taxed in Manitoba');
  });

  it('says why an exempt version has no tax', () => {
    const version = { taxes: [], taxExemptReason: 'Resale certificate R-4411', taxProvince: 'ON' as const };
    expect(versionTaxLines(version, 'en')).toEqual([{ label: 'Tax exempt: Resale certificate R-4411', cents: 0 }]);
    expect(versionTaxLines(version, 'fr')).toEqual([
      { label: 'Exonéré de taxes\u00a0: Resale certificate R-4411', cents: 0 },
    ]);
  });

  it('names Manitoba’s RST « TVD » and the PST « TVP »', () => {
    const rst = { ...gst, code: 'rst' as const, province: 'MB' as const, rate: 7000, registration: '123456-7' };
    const pst = { ...gst, code: 'pst' as const, province: 'BC' as const, rate: 7000, registration: 'PST-1234-5678' };
    const labels = versionTaxLines({ taxes: [rst, pst], taxExemptReason: null, taxProvince: 'MB' }, 'fr');
    expect(labels.map((line) => line.label.split(' ')[0])).toEqual(['TVD', 'TVP']);
  });
});
