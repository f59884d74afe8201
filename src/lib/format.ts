import type { Locale } from './i18n/index.ts';
import { INTL_LOCALE } from './i18n/locale.ts';

const money = new Map<string, Intl.NumberFormat>();

/** Integer cents (CAD) as money in the locale: 1899 → "$18.99" / "18,99 $". */
export function formatMoney(cents: number, locale: Locale): string {
  const key = locale;
  let format = money.get(key);
  if (!format) {
    format = new Intl.NumberFormat(INTL_LOCALE[locale], { style: 'currency', currency: 'CAD' });
    money.set(key, format);
  }
  return format.format(cents / 100);
}

const numbers = new Map<Locale, Intl.NumberFormat>();

export function formatNumber(value: number, locale: Locale): string {
  let format = numbers.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(INTL_LOCALE[locale]);
    numbers.set(locale, format);
  }
  return format.format(value);
}

const lengths = new Map<string, Intl.NumberFormat>();

/**
 * A plant's height or spread, given in centimetres: metres from one metre up, as a landscaper
 * reads them (2500 → "25 m", 150 → "1.5 m" / "1,5 m"), centimetres below (60 → "60 cm"), with
 * the locale's no-break space between number and unit.
 */
export function formatLength(centimetres: number, locale: Locale): string {
  const metres = centimetres >= 100;
  const key = `${locale}:${metres ? 'm' : 'cm'}`;
  let format = lengths.get(key);
  if (!format) {
    format = new Intl.NumberFormat(INTL_LOCALE[locale], {
      style: 'unit',
      unit: metres ? 'meter' : 'centimeter',
      unitDisplay: 'short',
      maximumFractionDigits: 2,
    });
    lengths.set(key, format);
  }
  // Never a line break between the number and its unit (English Intl puts a plain space).
  return format.format(metres ? centimetres / 100 : centimetres).replace(' ', '\u00a0');
}

const dates = new Map<string, Intl.DateTimeFormat>();

export function formatDate(value: Date | string, locale: Locale, style: 'long' | 'medium' | 'short' = 'long'): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  // Making a formatter costs far more than using one: one per locale and style.
  const key = `${locale}:${style}`;
  let format = dates.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(INTL_LOCALE[locale], { dateStyle: style, timeZone: 'America/Toronto' });
    dates.set(key, format);
  }
  const text = format.format(date);
  return locale === 'fr' && style !== 'short' ? firstAsOrdinal(text) : text;
}

/** French writes the first of the month as an ordinal: « 1er janvier 2020 » (Intl gives « 1 janvier »). */
function firstAsOrdinal(frenchDate: string): string {
  return frenchDate.replace(/^1(?= )/, '1er');
}

const dateTimes = new Map<Locale, Intl.DateTimeFormat>();

/**
 * A moment with its time, at the nursery (America/Toronto): "Mar 1, 2026, 9:05 a.m." /
 * « 1er mars 2026, 9 h 05 ». Spelled out rather than `dateStyle`/`timeStyle`, which give
 * « 1 mars 2026, 09 h 05 » in French: the first of the month is an ordinal there, and an hour
 * has no leading zero.
 */
export function formatDateTime(value: Date | string, locale: Locale): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  let format = dateTimes.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(INTL_LOCALE[locale], {
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      timeZone: 'America/Toronto',
    });
    dateTimes.set(locale, format);
  }
  const text = format.format(date);
  // « 9 h 05 » stays on one line.
  return locale === 'fr' ? firstAsOrdinal(text).replace(/(\d) h (?=\d)/, '$1\u00a0h\u00a0') : text;
}

const months = new Map<Locale, Intl.DateTimeFormat>();

export function formatMonth(month: number, locale: Locale): string {
  let format = months.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(INTL_LOCALE[locale], { month: 'long', timeZone: 'UTC' });
    months.set(locale, format);
  }
  return format.format(new Date(Date.UTC(2026, month - 1, 1)));
}
