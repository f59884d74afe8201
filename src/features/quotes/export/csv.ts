import type { TFunction } from 'i18next';
import type { Locale } from '../../../lib/i18n/index.ts';
import type { QuoteExportRow } from './export.server.ts';

/**
 * The list's CSV export, made to open in a spreadsheet in either language: UTF-8 with a byte
 * order mark (Excel otherwise reads it as Windows-1252), ISO dates and times (UTC), and the
 * separators a spreadsheet of that language expects — English: "," and a decimal point;
 * French (Canada): ";" and a decimal comma, since the comma is its decimal separator.
 */
export const CSV_BOM = '\uFEFF';

export function csvDelimiter(locale: Locale): string {
  return locale === 'fr' ? ';' : ',';
}

/** One field, quoted when it holds a separator, a quote or a line break. */
export function csvField(value: string, delimiter: string): string {
  // A leading =, +, - or @ would make a spreadsheet run the text as a formula.
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return safe.includes(delimiter) || /["\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function csvLine(values: readonly string[], delimiter: string): string {
  return `${values.map((value) => csvField(value, delimiter)).join(delimiter)}\r\n`;
}

/** Cents as a plain decimal in the locale's spreadsheet form: 123456 → "1234.56" / "1234,56". */
export function csvAmount(cents: number | null, locale: Locale): string {
  if (cents === null) return '';
  const text = (cents / 100).toFixed(2);
  return locale === 'fr' ? text.replace('.', ',') : text;
}

export const CSV_COLUMNS = [
  'reference',
  'submittedAt',
  'status',
  'language',
  'firstName',
  'lastName',
  'email',
  'phone',
  'company',
  'tradeAccount',
  'customerType',
  'fulfilment',
  'pickupYard',
  'deliveryCity',
  'deliveryProvince',
  'preferredDate',
  'payment',
  'lines',
  'estimatedTotal',
  'quotedTotal',
] as const;

export function csvHeader(t: TFunction, locale: Locale): string {
  return csvLine(
    CSV_COLUMNS.map((column) => t(`csv.${column}`)),
    csvDelimiter(locale),
  );
}

export function csvRow(row: QuoteExportRow, t: TFunction, locale: Locale): string {
  const kind = row.accountNumber !== null ? 'in_house' : row.customerTypeId === 2 ? 'trade' : 'retail';
  return csvLine(
    [
      row.reference,
      row.submittedAt.toISOString(),
      t(`status.${row.status}`),
      row.locale,
      row.firstName,
      row.lastName,
      row.email,
      row.phone ?? '',
      row.companyName ?? '',
      row.accountNumber ?? '',
      t(`customerKind.${kind}`),
      t(`fulfilment.${row.fulfilment}`),
      row.pickupYard ?? '',
      row.deliveryCity ?? '',
      row.deliveryProvince ?? '',
      row.preferredDate ?? '',
      t(`payment.${row.paymentPreference}`),
      String(row.lineCount),
      csvAmount(row.subtotalCents, locale),
      csvAmount(row.quotedTotalCents, locale),
    ],
    csvDelimiter(locale),
  );
}
