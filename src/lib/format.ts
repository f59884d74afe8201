import type { Locale } from './i18n/index.ts';
import { INTL_LOCALE } from './i18n/intl-locale.ts';

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

export function formatNumber(value: number, locale: Locale): string {
  return new Intl.NumberFormat(INTL_LOCALE[locale]).format(value);
}

export function formatDate(value: Date | string, locale: Locale, style: 'long' | 'medium' | 'short' = 'long'): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  return new Intl.DateTimeFormat(INTL_LOCALE[locale], { dateStyle: style, timeZone: 'America/Toronto' }).format(date);
}

export function formatMonth(month: number, locale: Locale): string {
  return new Intl.DateTimeFormat(INTL_LOCALE[locale], { month: 'long', timeZone: 'UTC' }).format(
    new Date(Date.UTC(2026, month - 1, 1)),
  );
}
