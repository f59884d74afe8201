import type { Locale } from '../../../lib/db/schema.ts';

/**
 * Canadian sales taxes on a priced quote (docs/decisions/051-provincial-taxes.md), safe on
 * both sides: one table of rates by province and territory, each with the days it was in
 * force, and the computation of a version's tax lines in integer cents.
 *
 * Sources, taken on 2026-11-26: Canada Revenue Agency, "GST/HST provincial rates table";
 * Revenu Québec, "QST rate"; the finance ministries of British Columbia (PST), Manitoba (RST)
 * and Saskatchewan (PST); Nova Scotia's HST went from 15 % to 14 % on 2025-04-01.
 */

export const PROVINCES = ['AB', 'BC', 'MB', 'NB', 'NL', 'NS', 'NT', 'NU', 'ON', 'PE', 'QC', 'SK', 'YT'] as const;
export type Province = (typeof PROVINCES)[number];

/** GST (federal), HST (harmonized), QST (Québec), PST (British Columbia, Saskatchewan), RST (Manitoba). */
export const TAX_CODES = ['gst', 'hst', 'qst', 'pst', 'rst'] as const;
export type TaxCode = (typeof TAX_CODES)[number];

/** Rates are in thousandths of a percent (per 100,000): 5 % is 5000, 9.975 % is 9975. */
export const RATE_SCALE = 100_000;

export interface TaxRate {
  code: TaxCode;
  /** The province it applies in; null for the GST, which applies where no HST does. */
  province: Province | null;
  rate: number;
  /** First and last day in force (YYYY-MM-DD, inclusive); `to` null while in force. */
  from: string;
  to: string | null;
}

const HST_PROVINCES: readonly Province[] = ['NB', 'NL', 'NS', 'ON', 'PE'];

/** The one rate table. A day before a province's first row has no rate (nothing was quoted then). */
export const TAX_RATES: readonly TaxRate[] = [
  { code: 'gst', province: null, rate: 5000, from: '2008-01-01', to: null },
  { code: 'hst', province: 'ON', rate: 13000, from: '2010-07-01', to: null },
  { code: 'hst', province: 'NS', rate: 15000, from: '2010-07-01', to: '2025-03-31' },
  { code: 'hst', province: 'NS', rate: 14000, from: '2025-04-01', to: null },
  { code: 'hst', province: 'NB', rate: 13000, from: '2010-07-01', to: '2016-06-30' },
  { code: 'hst', province: 'NB', rate: 15000, from: '2016-07-01', to: null },
  { code: 'hst', province: 'NL', rate: 13000, from: '2013-01-01', to: '2016-06-30' },
  { code: 'hst', province: 'NL', rate: 15000, from: '2016-07-01', to: null },
  { code: 'hst', province: 'PE', rate: 14000, from: '2013-04-01', to: '2016-09-30' },
  { code: 'hst', province: 'PE', rate: 15000, from: '2016-10-01', to: null },
  { code: 'qst', province: 'QC', rate: 9975, from: '2013-01-01', to: null },
  { code: 'pst', province: 'BC', rate: 7000, from: '2013-04-01', to: null },
  { code: 'rst', province: 'MB', rate: 8000, from: '2013-07-01', to: '2019-06-30' },
  { code: 'rst', province: 'MB', rate: 7000, from: '2019-07-01', to: null },
  { code: 'pst', province: 'SK', rate: 5000, from: '2013-01-01', to: '2017-03-22' },
  { code: 'pst', province: 'SK', rate: 6000, from: '2017-03-23', to: null },
];

export function isProvince(value: string): value is Province {
  return (PROVINCES as readonly string[]).includes(value);
}

export class TaxRateMissingError extends Error {
  override name = 'TaxRateMissingError';
}

const inForce = (rate: TaxRate, day: string) => rate.from <= day && (rate.to === null || day <= rate.to);

/**
 * The rates in force in a province on a day (YYYY-MM-DD): the HST alone in an HST province,
 * else the GST followed by the province's own tax, if it has one.
 */
export function ratesFor(province: Province, day: string): TaxRate[] {
  const federal = HST_PROVINCES.includes(province) ? 'hst' : 'gst';
  const rates = TAX_RATES.filter(
    (rate) =>
      inForce(rate, day) &&
      (rate.code === federal ? rate.province === (federal === 'hst' ? province : null) : rate.province === province),
  );
  if (!rates.some((rate) => rate.code === federal)) {
    throw new TaxRateMissingError(`No ${federal.toUpperCase()} rate for ${province} on ${day}`);
  }
  return rates.sort((a, b) => TAX_CODES.indexOf(a.code) - TAX_CODES.indexOf(b.code));
}

/** `cents × rate`, rounded half up to the cent (integers only: a cent never goes through a float sum). */
export function taxOn(taxableCents: number, rate: number): number {
  if (!Number.isSafeInteger(taxableCents) || taxableCents < 0) throw new RangeError(`Bad amount ${taxableCents}`);
  return Number((BigInt(taxableCents) * BigInt(rate) * 2n + BigInt(RATE_SCALE)) / BigInt(2 * RATE_SCALE));
}

/** One tax on a version, as stored with it (the version keeps what it was sent with). */
export interface TaxLine {
  code: TaxCode;
  province: Province;
  rate: number;
  /** The nursery's registration number for this tax, as printed when the version was sent. */
  registration: string;
  cents: number;
}

/** A version's tax line as stored, with what it came to on the lines the customer took. */
export interface VersionTax extends TaxLine {
  position: number;
  acceptedCents: number | null;
}

/** The nursery's registration numbers, from the configuration (TAX_NUMBER_* variables). */
export interface TaxRegistrations {
  gstHst: string;
  qst: string;
  bcPst: string;
  mbRst: string;
  skPst: string;
}

export function registrationFor(code: TaxCode, province: Province, numbers: TaxRegistrations): string {
  if (code === 'gst' || code === 'hst') return numbers.gstHst;
  if (code === 'qst') return numbers.qst;
  if (code === 'rst') return numbers.mbRst;
  return province === 'SK' ? numbers.skPst : numbers.bcPst;
}

/**
 * The rounding rule: each tax is computed on the version's taxable subtotal (every line and
 * the fees: plants and delivery are taxable) and rounded half up to the cent, once per tax
 * line. The same rule recomputes a partial acceptance on the accepted lines.
 */
export function computeTaxes(
  taxableCents: number,
  rates: readonly Pick<TaxLine, 'code' | 'province' | 'rate' | 'registration'>[],
): TaxLine[] {
  return rates.map((rate) => ({ ...rate, cents: taxOn(taxableCents, rate.rate) }));
}

/** The tax lines of a sale in a province on a day, with the nursery's numbers. */
export function taxLinesFor(
  taxableCents: number,
  province: Province,
  day: string,
  numbers: TaxRegistrations,
): TaxLine[] {
  const rates = ratesFor(province, day).map((rate) => ({
    code: rate.code,
    province,
    rate: rate.rate,
    registration: registrationFor(rate.code, province, numbers),
  }));
  return computeTaxes(taxableCents, rates);
}

export const sumTaxes = (lines: readonly Pick<TaxLine, 'cents'>[]) => lines.reduce((sum, line) => sum + line.cents, 0);

/** Where the sale takes place: the delivery address, else the pickup yard's province. */
export function taxProvince(quote: {
  delivery: { province: string } | null;
  pickup: { province: string } | null;
}): Province | null {
  const province = quote.delivery?.province ?? quote.pickup?.province ?? null;
  return province !== null && isProvince(province) ? province : null;
}

const NAMES: Record<Locale, Record<TaxCode, string>> = {
  en: { gst: 'GST', hst: 'HST', qst: 'QST', pst: 'PST', rst: 'RST' },
  fr: { gst: 'TPS', hst: 'TVH', qst: 'TVQ', pst: 'TVP', rst: 'TVD' },
};

export function taxName(code: TaxCode, locale: Locale): string {
  return NAMES[locale][code];
}

/** A rate as a reader writes it: "9.975%" / "9,975 %" (Intl, with the French space). */
export function formatRate(rate: number, locale: Locale): string {
  return new Intl.NumberFormat(locale === 'fr' ? 'fr-CA' : 'en-CA', {
    style: 'percent',
    maximumFractionDigits: 3,
  }).format(rate / RATE_SCALE);
}
