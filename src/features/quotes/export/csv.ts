import { stringify } from 'csv-stringify/sync';
import type { TFunction } from 'i18next';
import { getT, type Locale } from '../../../lib/i18n/index.ts';
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

/**
 * One record as a CSV line (CRLF, the line ending spreadsheets expect). csv-stringify quotes
 * a field that holds the separator, a quote or any line break, and defuses formulas: a field
 * starting with =, +, -, @, a tab or a carriage return (or their full-width forms) gets a
 * leading apostrophe, so a spreadsheet shows it as text instead of running it (OWASP "CSV
 * injection": names, companies and comments are typed by customers).
 */
export function csvLine(values: readonly string[], delimiter: string): string {
  return stringify([[...values]], {
    delimiter,
    record_delimiter: 'windows',
    // Given a record delimiter, csv-stringify would quote only fields holding that exact
    // sequence; a lone \n or \r must be quoted too, or a spreadsheet splits the row there.
    quote_record_delimiter: true,
    escape_formulas: true,
  });
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
  // The current version (decision 052), after the columns that were there before it.
  'versionNumber',
  'validUntil',
  'versionOutcome',
  'substitutions',
] as const;

/** The current version's columns (decision 052), headed from the queue's namespace. */
const VERSION_COLUMNS: readonly string[] = ['versionNumber', 'validUntil', 'versionOutcome', 'substitutions'];
/** The current version's taxes (decision 051), after it, headed from the taxes namespace. */
export const TAX_CSV_COLUMNS = ['taxProvince', 'taxExempt', 'gstHst', 'qst', 'pst', 'taxes'] as const;

export function csvHeader(t: TFunction, locale: Locale): string {
  const q = getT(locale, 'quoteQueue');
  const tt = getT(locale, 'taxes');
  return csvLine(
    [
      ...CSV_COLUMNS.map((column) => (VERSION_COLUMNS.includes(column) ? q(`csv.${column}`) : t(`csv.${column}`))),
      ...TAX_CSV_COLUMNS.map((column) => tt(`csv.${column}`)),
    ],
    csvDelimiter(locale),
  );
}

/** A line of the current version: the SKU asked for, the SKU offered, the alternatives' SKUs. */
export interface LineSubstitution {
  line: number;
  requestedSku: string;
  offeredSku: string;
  alternatives: string[];
}

export interface VersionColumns {
  number: number;
  /** The version's last day, YYYY-MM-DD. */
  validUntil: string;
  state: 'accepted' | 'partial' | 'declined' | 'open' | 'superseded' | 'expired';
  lines: LineSubstitution[];
}

/**
 * The lines where the version offers another SKU or alternatives, one after another:
 * "line 2: ACE-1 → ACE-2 | line 3 alternatives: ACE-5, ACE-6". Empty when it offers what was asked.
 */
export function substitutionsText(lines: readonly LineSubstitution[], locale: Locale): string {
  const q = getT(locale, 'quoteQueue');
  return lines
    .flatMap((line) => [
      ...(line.offeredSku === line.requestedSku
        ? []
        : [q('csv.substituted', { line: line.line, requested: line.requestedSku, offered: line.offeredSku })]),
      ...(line.alternatives.length === 0
        ? []
        : [q('csv.alternatives', { line: line.line, skus: line.alternatives.join(', ') })]),
    ])
    .join(' | ');
}

function versionFields(version: VersionColumns | null, locale: Locale): string[] {
  if (!version) return ['', '', '', ''];
  return [
    String(version.number),
    version.validUntil,
    getT(locale, 'negotiation')(`outcome.${version.state}`),
    substitutionsText(version.lines, locale),
  ];
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
      ...versionFields(row.version, locale),
      row.taxProvince ?? '',
      row.taxExemptReason ?? '',
      csvAmount(row.gstHstCents, locale),
      csvAmount(row.qstCents, locale),
      csvAmount(row.pstCents, locale),
      csvAmount(row.taxesCents, locale),
    ],
    csvDelimiter(locale),
  );
}
