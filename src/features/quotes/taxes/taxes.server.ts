import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../../lib/db/schema.ts';
import { env } from '../../../lib/env.ts';
import { getT, type Locale } from '../../../lib/i18n/index.ts';
import { nurseryDate } from '../versions/versions.ts';
import type { PricingTax } from './TaxPreview.tsx';
import { exemptText, taxedInText, taxLabel } from './tax-text.ts';
import {
  isProvince,
  type Province,
  ratesFor,
  registrationFor,
  type TaxCode,
  type TaxLine,
  type TaxRegistrations,
  taxProvince,
  type VersionTax,
} from './taxes.ts';

/**
 * The quote's taxes in the database (docs/decisions/051-provincial-taxes.md): where a request
 * is taxed, its exemption, and each version's tax lines as sent.
 */

type Db = Kysely<Database>;
type Trx = Transaction<Database>;

/** The nursery's registration numbers, from the environment (demo values by default). */
export function taxRegistrations(): TaxRegistrations {
  const e = env();
  return {
    gstHst: e.TAX_NUMBER_GST_HST,
    qst: e.TAX_NUMBER_QST,
    bcPst: e.TAX_NUMBER_BC_PST,
    mbRst: e.TAX_NUMBER_MB_RST,
    skPst: e.TAX_NUMBER_SK_PST,
  };
}

/** What the desk's pricing form shows of the taxes: the province and today's rates, or the exemption. */
export function pricingTax(
  quote: { delivery: { province: string } | null; pickup: { province: string } | null; taxExemptReason: string | null },
  locale: Locale,
  now = new Date(),
): PricingTax {
  const t = getT(locale, 'taxes');
  const province = taxProvince(quote);
  const numbers = taxRegistrations();
  const rates =
    province === null
      ? []
      : ratesFor(province, nurseryDate(now)).map((rate) => {
          const line = {
            code: rate.code,
            province,
            rate: rate.rate,
            registration: registrationFor(rate.code, province, numbers),
          };
          return { ...line, label: taxLabel(line, locale) };
        });
  return {
    province,
    provinceText: province === null ? null : taxedInText(province, locale),
    exempt: exemptText(quote, locale),
    rates,
    heading: t('heading'),
    computedNote: t('computed'),
    noProvince: t('noProvince'),
  };
}

/** Where a request is taxed (its delivery address, else its pickup yard) and its exemption, if any. */
export async function requestTaxContext(
  db: Db | Trx,
  quoteId: number,
): Promise<{ province: Province | null; exemptReason: string | null }> {
  const [request, delivery, pickup] = await Promise.all([
    db.selectFrom('quote_requests').select('tax_exempt_reason').where('id', '=', quoteId).executeTakeFirst(),
    db
      .selectFrom('quote_request_deliveries')
      .select('province')
      .where('quote_request_id', '=', quoteId)
      .executeTakeFirst(),
    db
      .selectFrom('quote_request_pickups as pu')
      .innerJoin('locations as l', 'l.id', 'pu.location_id')
      .select('l.province')
      .where('pu.quote_request_id', '=', quoteId)
      .executeTakeFirst(),
  ]);
  return {
    province: taxProvince({ delivery: delivery ?? null, pickup: pickup ?? null }),
    exemptReason: request?.tax_exempt_reason ?? null,
  };
}

export async function insertVersionTaxes(trx: Trx, versionId: number, lines: readonly TaxLine[]): Promise<void> {
  if (lines.length === 0) return;
  await trx
    .insertInto('quote_version_taxes')
    .values(
      lines.map((line, index) => ({
        version_id: versionId,
        position: index + 1,
        code: line.code,
        province: line.province,
        rate: line.rate,
        registration: line.registration,
        cents: line.cents,
      })),
    )
    .execute();
}

/** The accepted amounts of a version's tax lines, once the customer answered. */
export async function recordAcceptedTaxes(
  trx: Trx,
  versionId: number,
  taxes: readonly { position: number; acceptedCents: number }[],
): Promise<void> {
  for (const tax of taxes) {
    await trx
      .updateTable('quote_version_taxes')
      .set({ accepted_cents: tax.acceptedCents })
      .where('version_id', '=', versionId)
      .where('position', '=', tax.position)
      .execute();
  }
}

/** Every version's tax lines of a request, by version id, in their order. */
export async function loadVersionTaxes(db: Db | Trx, quoteId: number): Promise<Map<number, VersionTax[]>> {
  const rows = await db
    .selectFrom('quote_version_taxes as t')
    .innerJoin('quote_versions as v', 'v.id', 't.version_id')
    .selectAll('t')
    .where('v.quote_request_id', '=', quoteId)
    .orderBy('t.version_id')
    .orderBy('t.position')
    .execute();
  const byVersion = new Map<number, VersionTax[]>();
  for (const row of rows) {
    const province = row.province.trim();
    if (!isProvince(province)) continue;
    const list = byVersion.get(row.version_id) ?? [];
    list.push({
      position: row.position,
      code: row.code as TaxCode,
      province,
      rate: row.rate,
      registration: row.registration,
      cents: row.cents,
      acceptedCents: row.accepted_cents,
    });
    byVersion.set(row.version_id, list);
  }
  return byVersion;
}

export class TaxExemptionError extends Error {
  override name = 'TaxExemptionError';
  readonly code: 'not_found' | 'trade_only';
  constructor(code: 'not_found' | 'trade_only', message: string) {
    super(message);
    this.code = code;
  }
}

/**
 * Marks a trade customer's request tax-exempt with its reason, or removes the exemption; the
 * next version sent follows it (a version keeps what it was sent with). Recorded in the
 * request's history as a row that keeps its status, with `note` (the staff's language).
 */
export async function setTaxExemption(
  db: Db,
  input: { quoteId: number; staffId: string; reason: string | null; note: string; now?: Date },
): Promise<void> {
  const now = input.now ?? new Date();
  await db.transaction().execute(async (trx) => {
    const request = await trx
      .selectFrom('quote_requests')
      .select(['status', 'price_kind', 'in_house_account_id'])
      .where('id', '=', input.quoteId)
      .forUpdate()
      .executeTakeFirst();
    if (!request) throw new TaxExemptionError('not_found', `No quote request ${input.quoteId}`);
    if (input.reason !== null && request.price_kind !== 'trade' && request.in_house_account_id === null) {
      throw new TaxExemptionError('trade_only', `Quote request ${input.quoteId} is not a trade customer's`);
    }
    await trx
      .updateTable('quote_requests')
      .set({ tax_exempt_reason: input.reason })
      .where('id', '=', input.quoteId)
      .execute();
    await trx
      .insertInto('quote_request_status_history')
      .values({
        quote_request_id: input.quoteId,
        from_status: request.status,
        to_status: request.status,
        changed_by: input.staffId,
        note: input.note.slice(0, 2000),
        changed_at: now,
      })
      .execute();
  });
}
