import { type ExpressionBuilder, type Kysely, sql } from 'kysely';
import type { Database, Fulfilment, Locale, PaymentPreference, QuoteStatus } from '../../../lib/db/schema.ts';
import { getT } from '../../../lib/i18n/index.ts';
import { applyFilters, base } from '../desk/desk.server.ts';
import type { QuoteListFilters } from '../desk/desk.ts';
import { isoDateOf } from '../model/quote.server.ts';
import { CSV_BOM, csvHeader, csvRow, type VersionColumns } from './csv.ts';
import { currentVersionColumns } from './version-columns.server.ts';

/**
 * The desk list's CSV export: every row of the list's filters (not only the page shown),
 * read and written batch by batch (docs/decisions/026-admin-dashboard-and-exports.md).
 */

type Db = Kysely<Database>;

export interface QuoteExportRow {
  reference: string;
  submittedAt: Date;
  status: QuoteStatus;
  locale: Locale;
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  companyName: string | null;
  accountNumber: string | null;
  customerTypeId: number;
  fulfilment: Fulfilment;
  pickupYard: string | null;
  deliveryCity: string | null;
  deliveryProvince: string | null;
  preferredDate: string | null;
  paymentPreference: PaymentPreference;
  lineCount: number;
  subtotalCents: number;
  quotedTotalCents: number | null;
  /** The current version, if the request has one. */
  version: VersionColumns | null;
  /** The current version's taxes (decision 051); null before it was priced with computed taxes. */
  taxProvince: string | null;
  taxExemptReason: string | null;
  gstHstCents: number | null;
  qstCents: number | null;
  pstCents: number | null;
  taxesCents: number | null;
}

type Eb = ExpressionBuilder<Database & { q: Database['quote_requests'] }, 'q'>;

/** The request's newest version's column. */
const currentVersion = (eb: Eb) =>
  eb
    .selectFrom('quote_versions as cv')
    .whereRef('cv.quote_request_id', '=', 'q.id')
    .orderBy('cv.number', 'desc')
    .limit(1);

/** The sum of the newest version's tax lines of these codes, null when it has none. */
const currentTaxCents = (eb: Eb, codes: readonly ('gst' | 'hst' | 'qst' | 'pst' | 'rst')[]) =>
  eb
    .selectFrom('quote_version_taxes as ct')
    .select(sql<string | number | null>`sum(ct.cents)`.as('cents'))
    .where('ct.version_id', '=', currentVersion(eb).select('cv.id'))
    .where('ct.code', 'in', [...codes]);

const centsOrNull = (value: string | number | null | undefined) =>
  value === null || value === undefined ? null : Number(value);

/**
 * Every row of the filtered list, newest first, read in batches by keyset (never OFFSET and
 * never all at once), so an export of 10,000 rows holds one batch in memory.
 */
export async function* exportQuoteRequests(
  db: Db,
  filters: QuoteListFilters,
  locale: Locale,
  batchSize = 1000,
): AsyncGenerator<QuoteExportRow[]> {
  let after: { submittedAt: Date; id: number } | null = null;
  for (;;) {
    let query = applyFilters(base(db), filters)
      .leftJoin('quote_request_pickups as pu', 'pu.quote_request_id', 'q.id')
      .leftJoin('locations as l', 'l.id', 'pu.location_id')
      .leftJoin('quote_request_deliveries as d', 'd.quote_request_id', 'q.id');
    if (after) {
      const cursor = after;
      query = query.where((eb) =>
        eb.or([
          eb('q.submitted_at', '<', cursor.submittedAt),
          eb.and([eb('q.submitted_at', '=', cursor.submittedAt), eb('q.id', '<', cursor.id)]),
        ]),
      );
    }
    const rows = await query
      .select((eb) => [
        'q.id',
        'q.reference',
        'q.submitted_at',
        'q.status',
        'q.locale',
        'q.customer_first_name',
        'q.customer_last_name',
        'q.customer_email',
        'q.customer_phone',
        'q.customer_type_id',
        'q.fulfilment',
        'q.preferred_date',
        'q.payment_preference',
        'q.subtotal_cents',
        'a.company_name',
        'a.account_number',
        'p.total_cents',
        locale === 'fr' ? 'l.name_fr as yard' : 'l.name_en as yard',
        'd.city',
        'd.province',
        eb
          .selectFrom('quote_request_items as i')
          .select((inner) => inner.fn.countAll<string | number>().as('n'))
          .whereRef('i.quote_request_id', '=', 'q.id')
          .as('line_count'),
        currentVersion(eb).select('cv.tax_province').as('tax_province'),
        currentVersion(eb).select('cv.tax_exempt_reason').as('tax_exempt_reason'),
        currentVersion(eb).select('cv.taxes_cents').as('version_taxes_cents'),
        currentTaxCents(eb, ['gst', 'hst']).as('gst_hst_cents'),
        currentTaxCents(eb, ['qst']).as('qst_cents'),
        currentTaxCents(eb, ['pst', 'rst']).as('pst_cents'),
      ])
      .orderBy('q.submitted_at', 'desc')
      .orderBy('q.id', 'desc')
      .limit(batchSize)
      .execute();
    if (rows.length === 0) return;
    const versions = await currentVersionColumns(
      db,
      rows.map((row) => row.id),
      new Date(),
    );
    yield rows.map((row) => ({
      reference: row.reference,
      submittedAt: row.submitted_at,
      status: row.status,
      locale: row.locale,
      firstName: row.customer_first_name,
      lastName: row.customer_last_name,
      email: row.customer_email,
      phone: row.customer_phone,
      companyName: row.company_name,
      accountNumber: row.account_number,
      customerTypeId: row.customer_type_id,
      fulfilment: row.fulfilment,
      pickupYard: row.yard,
      deliveryCity: row.city,
      deliveryProvince: row.province,
      preferredDate: row.preferred_date === null ? null : isoDateOf(row.preferred_date),
      paymentPreference: row.payment_preference,
      lineCount: Number(row.line_count ?? 0),
      subtotalCents: row.subtotal_cents,
      quotedTotalCents: row.total_cents,
      version: versions.get(row.id) ?? null,
      taxProvince: row.tax_province,
      taxExemptReason: row.tax_exempt_reason,
      gstHstCents: centsOrNull(row.gst_hst_cents),
      qstCents: centsOrNull(row.qst_cents),
      pstCents: centsOrNull(row.pst_cents),
      taxesCents: row.tax_province === null ? null : row.version_taxes_cents,
    }));
    const last = rows.at(-1);
    if (!last || rows.length < batchSize) return;
    after = { submittedAt: last.submitted_at, id: last.id };
  }
}

/**
 * The filtered list as CSV, written batch by batch as the client reads: the response starts
 * at once and memory holds one batch, whatever the number of rows.
 */
export function quoteCsvStream(db: Db, filters: QuoteListFilters, locale: Locale): ReadableStream<Uint8Array> {
  const t = getT(locale, 'quoteDesk');
  const encoder = new TextEncoder();
  const batches = exportQuoteRequests(db, filters, locale);
  let started = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(CSV_BOM + csvHeader(t, locale)));
        return;
      }
      const next = await batches.next();
      if (next.done) {
        controller.close();
        return;
      }
      controller.enqueue(encoder.encode(next.value.map((row) => csvRow(row, t, locale)).join('')));
    },
    async cancel() {
      await batches.return(undefined);
    },
  });
}
