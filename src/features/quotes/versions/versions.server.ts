import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database, QuoteVersionLinesTable } from '../../../lib/db/schema.ts';
import { sizeFromRow } from '../../../lib/size.ts';
import { placeVersionHolds, releaseVersionHolds } from '../holds/holds.server.ts';
import type { SendQuoteOutput } from '../pricing/pricing.ts';
import { insertVersionTaxes, loadVersionTaxes } from '../taxes/taxes.server.ts';
import { isProvince, type Province, sumTaxes, type TaxRegistrations, taxLinesFor } from '../taxes/taxes.ts';
import { defaultValidUntil, isPastValidity, nurseryDate, type QuoteVersion } from './versions.ts';

/**
 * The negotiated quote's versions in the database (docs/decisions/049-negotiated-quote.md):
 * writing a version when the desk sends a priced quote, reading them all, and the customer's
 * line-by-line answer, recorded once.
 */

type Db = Kysely<Database>;
type Trx = Transaction<Database>;

/** A `date` column: a string from our PostgreSQL parser, a Date from PGlite. */
const dayOf = (value: string | Date) =>
  typeof value === 'string' ? value.slice(0, 10) : value.toISOString().slice(0, 10);

export class UnknownSkuError extends Error {
  override name = 'UnknownSkuError';
  readonly sku: string;
  constructor(sku: string) {
    super(`No product has the SKU ${sku}`);
    this.sku = sku;
  }
}

export class ValidityDateError extends Error {
  override name = 'ValidityDateError';
}

/** A request with neither a delivery address nor a pickup yard cannot be taxed. */
export class TaxProvinceMissingError extends Error {
  override name = 'TaxProvinceMissingError';
}

/** How a version is taxed (decision 051): where, or the exemption, and the nursery's numbers. */
export interface VersionTaxInput {
  province: Province | null;
  exemptReason: string | null;
  registrations: TaxRegistrations;
}

interface RequestItem {
  line: number;
  variant_id: number | null;
  sku: string;
  product_name_en: string;
  product_name_fr: string;
  size_label: string;
  size_kind: Selectable<QuoteVersionLinesTable>['size_kind'];
  size_values: number[] | null;
  size_root_ball: Selectable<QuoteVersionLinesTable>['size_root_ball'];
  quantity: number;
}

/** The catalogue's variants of these SKUs, as a version line copies them. */
async function variantsBySku(trx: Trx, skus: string[]) {
  if (skus.length === 0) return new Map<string, Omit<RequestItem, 'line' | 'quantity'>>();
  const rows = await trx
    .selectFrom('variants as v')
    .innerJoin('products as p', 'p.id', 'v.product_id')
    .select([
      'v.id as variant_id',
      'v.sku',
      'p.name_en as product_name_en',
      'p.name_fr as product_name_fr',
      'v.size_label',
      'v.size_kind',
      'v.size_values',
      'v.size_root_ball',
    ])
    .where('v.sku', 'in', [...new Set(skus)])
    .execute();
  return new Map(rows.map((row) => [row.sku, row]));
}

/**
 * Writes version n+1 of a request being priced, inside the pricing transaction: the previous
 * open version is superseded (its links then say so), the lines are copied from the request
 * unless the desk changed a line's SKU (a substitution, copied from the catalogue), and each
 * line's alternatives are copied from the catalogue. A line at quantity 0 is left out of the
 * version. The taxes are computed on the items and the fees with the rates of the day at the
 * nursery, unless the request is exempt. The replaced version's stock holds are released and
 * the new lines held at the yard (decision 054; StockShortError when the yard cannot cover
 * them). Returns the version's id and totals.
 */
export async function writeVersion(
  trx: Trx,
  input: {
    quoteId: number;
    staffId: string;
    prices: SendQuoteOutput;
    items: RequestItem[];
    tax: VersionTaxInput;
    now: Date;
  },
): Promise<{
  id: number;
  number: number;
  itemsCents: number;
  taxesCents: number;
  totalCents: number;
  validUntil: string;
}> {
  const { quoteId, prices, now } = input;
  const validUntil = prices.validUntil ?? defaultValidUntil(now);
  if (isPastValidity(validUntil, now)) throw new ValidityDateError(`${validUntil} is already past`);
  const byLine = new Map(prices.lines.map((line) => [line.line, line]));
  const wanted = input.items.flatMap((item) => {
    const priced = byLine.get(item.line);
    const sku = priced?.sku ?? item.sku;
    return [sku !== item.sku ? [sku] : [], ...(priced?.alternatives ?? []).map((alt) => [alt.sku])].flat();
  });
  const catalogue = await variantsBySku(trx, wanted);
  const fromCatalogue = (sku: string) => {
    const found = catalogue.get(sku);
    if (!found) throw new UnknownSkuError(sku);
    return found;
  };
  const lines = input.items.flatMap((item) => {
    const priced = byLine.get(item.line);
    if (!priced) return [];
    const quantity = priced.quantity ?? item.quantity;
    if (quantity === 0) return [];
    const offered = priced.sku && priced.sku !== item.sku ? fromCatalogue(priced.sku) : item;
    return [
      {
        line: item.line,
        quantity,
        unit_price_cents: priced.unitPrice,
        variant_id: offered.variant_id,
        sku: offered.sku,
        product_name_en: offered.product_name_en,
        product_name_fr: offered.product_name_fr,
        size_label: offered.size_label,
        size_kind: offered.size_kind,
        size_values: offered.size_values,
        size_root_ball: offered.size_root_ball,
        alternatives: priced.alternatives.map((alt, index) => ({
          ...fromCatalogue(alt.sku),
          alt,
          position: index + 1,
        })),
      },
    ];
  });
  if (lines.length === 0) throw new ValidityDateError('A version needs at least one line');
  const itemsCents = lines.reduce((sum, line) => sum + line.quantity * line.unit_price_cents, 0);
  await supersedeOpenVersion(trx, quoteId, now);
  const last = await trx
    .selectFrom('quote_versions')
    .select((eb) => eb.fn.max('number').as('number'))
    .where('quote_request_id', '=', quoteId)
    .executeTakeFirst();
  const number = Number(last?.number ?? 0) + 1;
  const { tax } = input;
  if (tax.exemptReason === null && tax.province === null) throw new TaxProvinceMissingError(`Request ${quoteId}`);
  const taxLines =
    tax.exemptReason !== null || tax.province === null
      ? []
      : taxLinesFor(itemsCents + prices.fees, tax.province, nurseryDate(now), tax.registrations);
  const taxesCents = sumTaxes(taxLines);
  const totalCents = itemsCents + prices.fees + taxesCents;
  const version = await trx
    .insertInto('quote_versions')
    .values({
      quote_request_id: quoteId,
      number,
      valid_until: validUntil,
      note: prices.note,
      items_cents: itemsCents,
      fees_cents: prices.fees,
      taxes_cents: taxesCents,
      total_cents: totalCents,
      tax_province: tax.province,
      tax_exempt_reason: tax.exemptReason,
      created_by: input.staffId,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('quote_version_lines')
    .values(lines.map(({ alternatives: _, ...line }) => ({ ...line, version_id: version.id })))
    .execute();
  const alternatives = lines.flatMap((line) =>
    line.alternatives.map(({ alt, position, ...item }) => ({
      version_id: version.id,
      line: line.line,
      position,
      ...item,
      unit_price_cents: alt.unitPrice,
      reason: alt.reason,
    })),
  );
  if (alternatives.length > 0) await trx.insertInto('quote_version_alternatives').values(alternatives).execute();
  await insertVersionTaxes(trx, version.id, taxLines);
  await placeVersionHolds(trx, {
    quoteId,
    versionId: version.id,
    lines: lines.map((line) => ({
      line: line.line,
      variantId: line.variant_id,
      sku: line.sku,
      quantity: line.quantity,
    })),
    now,
  });
  return { id: version.id, number, itemsCents, taxesCents, totalCents, validUntil };
}

/**
 * Marks the request's open version superseded (a newer version replaces it, or the desk takes
 * it back to revise it) and gives its held stock back to the yard (decision 054).
 */
export async function supersedeOpenVersion(trx: Trx, quoteId: number, now: Date): Promise<void> {
  const superseded = await trx
    .updateTable('quote_versions')
    .set({ superseded_at: now })
    .where('quote_request_id', '=', quoteId)
    .where('superseded_at', 'is', null)
    .where('answered_at', 'is', null)
    .returning('id')
    .execute();
  await releaseVersionHolds(
    trx,
    superseded.map((row) => row.id),
    'superseded',
    now,
  );
}

const offered = (row: Omit<RequestItem, 'line' | 'quantity'> & { unit_price_cents: number }) => ({
  variantId: row.variant_id,
  sku: row.sku,
  nameEn: row.product_name_en,
  nameFr: row.product_name_fr,
  sizeLabel: row.size_label,
  size: sizeFromRow(row),
  unitPriceCents: row.unit_price_cents,
});

/** Every version of a request, oldest first, with their lines, alternatives and answers. */
export async function loadVersions(db: Db | Trx, quoteId: number): Promise<QuoteVersion[]> {
  const [versions, lines, alternatives, taxes] = await Promise.all([
    db
      .selectFrom('quote_versions as v')
      .leftJoin('users as u', 'u.id', 'v.created_by')
      .selectAll('v')
      .select(['u.first_name', 'u.last_name'])
      .where('v.quote_request_id', '=', quoteId)
      .orderBy('v.number')
      .execute(),
    db
      .selectFrom('quote_version_lines as l')
      .innerJoin('quote_versions as v', 'v.id', 'l.version_id')
      .selectAll('l')
      .where('v.quote_request_id', '=', quoteId)
      .orderBy('l.version_id')
      .orderBy('l.line')
      .execute(),
    db
      .selectFrom('quote_version_alternatives as a')
      .innerJoin('quote_versions as v', 'v.id', 'a.version_id')
      .selectAll('a')
      .where('v.quote_request_id', '=', quoteId)
      .orderBy('a.version_id')
      .orderBy('a.line')
      .orderBy('a.position')
      .execute(),
    loadVersionTaxes(db, quoteId),
  ]);
  return versions.map((version) => ({
    id: version.id,
    number: version.number,
    validUntil: dayOf(version.valid_until),
    note: version.note,
    itemsCents: version.items_cents,
    feesCents: version.fees_cents,
    taxesCents: version.taxes_cents,
    totalCents: version.total_cents,
    createdAt: version.created_at,
    createdBy: version.first_name === null ? null : `${version.first_name} ${version.last_name ?? ''}`.trim(),
    supersededAt: version.superseded_at,
    outcome: version.outcome,
    answeredAt: version.answered_at,
    acceptedItemsCents: version.accepted_items_cents,
    acceptedTaxesCents: version.accepted_taxes_cents,
    acceptedTotalCents: version.accepted_total_cents,
    renewalRequestedAt: version.renewal_requested_at,
    taxProvince: version.tax_province !== null && isProvince(version.tax_province) ? version.tax_province : null,
    taxExemptReason: version.tax_exempt_reason,
    taxes: taxes.get(version.id) ?? [],
    lines: lines
      .filter((line) => line.version_id === version.id)
      .map((line) => ({
        ...offered(line),
        line: line.line,
        quantity: line.quantity,
        answer: line.answer,
        chosenAlternative: line.chosen_alternative,
        alternatives: alternatives
          .filter((alt) => alt.version_id === version.id && alt.line === line.line)
          .map((alt) => ({ ...offered(alt), position: alt.position, reason: alt.reason })),
      })),
  }));
}

/** One version by its id, with the request it belongs to. */
export async function loadVersion(db: Db | Trx, versionId: number) {
  const row = await db
    .selectFrom('quote_versions as v')
    .innerJoin('quote_requests as q', 'q.id', 'v.quote_request_id')
    .select(['v.quote_request_id', 'q.user_id', 'q.status'])
    .where('v.id', '=', versionId)
    .executeTakeFirst();
  if (!row) return undefined;
  const version = (await loadVersions(db, row.quote_request_id)).find((candidate) => candidate.id === versionId);
  if (!version) return undefined;
  return { quoteId: row.quote_request_id, userId: row.user_id, status: row.status, version };
}

/** Why a version cannot be answered now, or undefined when it can. */
export function versionClosed(
  version: Pick<QuoteVersion, 'supersededAt' | 'answeredAt' | 'validUntil'>,
  now: Date,
): 'superseded' | 'answered' | 'expired' | undefined {
  if (version.answeredAt !== null) return 'answered';
  if (version.supersededAt !== null) return 'superseded';
  if (isPastValidity(version.validUntil, now)) return 'expired';
  return undefined;
}
