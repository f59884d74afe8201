import { getT, type Locale } from '../../../lib/i18n/index.ts';
import { formatRate, type Province, type TaxLine, taxName, type VersionTax } from './taxes.ts';

/**
 * A version's taxes as every reader prints them (decision 051): one row per tax with its name,
 * rate and the nursery's registration number in the reader's language, or the exemption.
 * The desk's page, the customer's pages, the e-mail and the OPF all use it.
 */

export interface TaxRow {
  code: TaxLine['code'];
  label: string;
  cents: number;
}

export interface TaxedVersion {
  taxes: readonly VersionTax[];
  taxExemptReason: string | null;
  taxProvince: Province | null;
}

export function taxLabel(tax: Pick<TaxLine, 'code' | 'rate' | 'registration'>, locale: Locale): string {
  return getT(locale, 'taxes')('lineWithNumber', {
    name: taxName(tax.code, locale),
    rate: formatRate(tax.rate, locale),
    number: tax.registration,
  });
}

/** The tax rows of a version as offered, or (`accepted`) as recomputed on the lines taken. */
export function taxRows(version: TaxedVersion, locale: Locale, which: 'offered' | 'accepted' = 'offered'): TaxRow[] {
  return version.taxes.map((tax) => ({
    code: tax.code,
    label: taxLabel(tax, locale),
    cents: which === 'accepted' ? (tax.acceptedCents ?? 0) : tax.cents,
  }));
}

/** "Tax exempt: {reason}" in the reader's language, or null. */
export function exemptText(version: Pick<TaxedVersion, 'taxExemptReason'>, locale: Locale): string | null {
  return version.taxExemptReason === null ? null : getT(locale, 'taxes')('exempt', { reason: version.taxExemptReason });
}

export function provinceName(province: Province, locale: Locale): string {
  return getT(locale, 'taxes')(`provinces.${province}`);
}

/** "Taxed in Ontario" in the reader's language. */
export function taxedInText(province: Province, locale: Locale): string {
  return getT(locale, 'taxes')('taxedIn', { province: provinceName(province, locale) });
}

/** The tax rows a document prints in its totals: each tax, then the exemption at zero, if any. */
export function versionTaxLines(
  version: TaxedVersion,
  locale: Locale,
  which: 'offered' | 'accepted' = 'offered',
): { label: string; cents: number }[] {
  const exempt = exemptText(version, locale);
  return [
    ...taxRows(version, locale, which).map(({ label, cents }) => ({ label, cents })),
    ...(exempt ? [{ label: exempt, cents: 0 }] : []),
  ];
}
