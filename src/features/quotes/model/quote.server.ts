import { type Kysely, sql } from 'kysely';
import type { Database } from '../../../lib/db/schema.ts';
import { sizeFromRow } from '../../../lib/size.ts';
import { loadVersions } from '../versions/versions.server.ts';
import type { QuoteDetail, QuoteLine } from './quote.ts';

/** The one loader of the quote's read model (quote.ts). */

type Db = Kysely<Database>;

/** A `date` column comes back as a string from PostgreSQL and as a Date from some drivers. */
export function isoDateOf(value: string | Date): string {
  return typeof value === 'string' ? value.slice(0, 10) : value.toISOString().slice(0, 10);
}

const fullName = (first: string | null, last: string | null) => `${first ?? ''} ${last ?? ''}`.trim();

/**
 * One request with everything about it. `ownedBy` names the customer for a customer's read:
 * another customer's request is then never read (undefined, so the page is a 404 that says
 * nothing of it). Staff reads leave it out.
 */
export async function loadQuoteDetail(
  db: Db,
  id: number,
  { ownedBy }: { ownedBy?: string } = {},
): Promise<QuoteDetail | undefined> {
  let head = db
    .selectFrom('quote_requests as q')
    .innerJoin('customer_types as ct', 'ct.id', 'q.customer_type_id')
    .leftJoin('in_house_accounts as a', 'a.id', 'q.in_house_account_id')
    .leftJoin('quote_request_pricing as p', 'p.quote_request_id', 'q.id')
    .leftJoin('users as pu', 'pu.id', 'p.priced_by')
    .leftJoin('quote_request_decisions as d', 'd.quote_request_id', 'q.id')
    .leftJoin('users as du', 'du.id', 'd.decided_by')
    .selectAll('q')
    .select((eb) => [
      'ct.name_en as type_en',
      'ct.name_fr as type_fr',
      'a.account_number',
      'a.company_name',
      'a.account_phone',
      'p.items_cents',
      'p.fees_cents',
      'p.taxes_cents',
      'p.total_cents',
      'p.priced_at',
      'pu.first_name as pricer_first_name',
      'pu.last_name as pricer_last_name',
      'd.decision',
      'd.decided_at',
      'd.ip_address',
      'd.user_agent',
      'du.first_name as decider_first_name',
      'du.last_name as decider_last_name',
      'du.email as decider_email',
      eb
        .selectFrom('quote_decision_tokens as t')
        .select(sql<Date | string | null>`max(t.expires_at)`.as('expires_at'))
        .whereRef('t.quote_request_id', '=', 'q.id')
        .where('t.used_at', 'is', null)
        .as('answer_by'),
    ])
    .where('q.id', '=', id);
  if (ownedBy !== undefined) head = head.where('q.user_id', '=', ownedBy);
  const quote = await head.executeTakeFirst();
  if (!quote) return undefined;
  const [lines, delivery, pickup, history, versions] = await Promise.all([
    loadQuoteLines(db, id),
    db.selectFrom('quote_request_deliveries').selectAll().where('quote_request_id', '=', id).executeTakeFirst(),
    db
      .selectFrom('quote_request_pickups as pu')
      .innerJoin('locations as l', 'l.id', 'pu.location_id')
      .select([
        'l.id',
        'l.name_en',
        'l.name_fr',
        'l.street_address',
        'l.city',
        'l.province',
        'l.postal_code',
        'l.phone',
      ])
      .where('pu.quote_request_id', '=', id)
      .executeTakeFirst(),
    db
      .selectFrom('quote_request_status_history as h')
      .leftJoin('users as u', 'u.id', 'h.changed_by')
      .select([
        'h.from_status',
        'h.to_status',
        'h.changed_at',
        'h.note',
        'u.first_name',
        'u.last_name',
        'u.email',
        'u.role',
      ])
      .where('h.quote_request_id', '=', id)
      .orderBy('h.changed_at')
      .orderBy('h.id')
      .execute(),
    loadVersions(db, id),
  ]);
  return {
    id: quote.id,
    reference: quote.reference,
    status: quote.status,
    locale: quote.locale,
    submittedAt: quote.submitted_at,
    updatedAt: quote.updated_at,
    fulfilment: quote.fulfilment,
    preferredDate: quote.preferred_date === null ? null : isoDateOf(quote.preferred_date),
    paymentPreference: quote.payment_preference,
    comments: quote.comments,
    priceKind: quote.price_kind,
    taxExemptReason: quote.tax_exempt_reason,
    subtotalCents: quote.subtotal_cents,
    itemCount: lines.reduce((sum, line) => sum + line.quantity, 0),
    customer: {
      userId: quote.user_id,
      firstName: quote.customer_first_name,
      lastName: quote.customer_last_name,
      email: quote.customer_email,
      phone: quote.customer_phone,
      customerTypeId: quote.customer_type_id,
      customerTypeEn: quote.type_en,
      customerTypeFr: quote.type_fr,
    },
    tradeAccount:
      quote.in_house_account_id !== null && quote.account_number !== null
        ? {
            id: quote.in_house_account_id,
            accountNumber: quote.account_number,
            companyName: quote.company_name ?? '',
            accountPhone: quote.account_phone ?? '',
          }
        : null,
    delivery: delivery
      ? {
          jobName: delivery.job_name,
          poNumber: delivery.po_number,
          streetAddress: delivery.street_address,
          city: delivery.city,
          province: delivery.province,
          postalCode: delivery.postal_code,
          siteContactFirstName: delivery.site_contact_first_name,
          siteContactLastName: delivery.site_contact_last_name,
          phone: delivery.phone,
        }
      : null,
    pickup: pickup
      ? {
          locationId: pickup.id,
          nameEn: pickup.name_en,
          nameFr: pickup.name_fr,
          streetAddress: pickup.street_address,
          city: pickup.city,
          province: pickup.province,
          postalCode: pickup.postal_code,
          phone: pickup.phone,
        }
      : null,
    lines,
    pricing:
      quote.total_cents !== null && quote.priced_at !== null
        ? {
            itemsCents: quote.items_cents ?? 0,
            feesCents: quote.fees_cents ?? 0,
            taxesCents: quote.taxes_cents ?? 0,
            totalCents: quote.total_cents,
            pricedAt: quote.priced_at,
            pricedBy:
              quote.pricer_first_name === null ? null : fullName(quote.pricer_first_name, quote.pricer_last_name),
          }
        : null,
    // A link works until its expires_at, exclusive (midnight after a version's valid-until day):
    // the last moment it works is the one to show, or the customer reads the day after.
    answerBy: quote.status === 'quoted' && quote.answer_by ? new Date(new Date(quote.answer_by).getTime() - 1) : null,
    decision:
      quote.decision !== null && quote.decided_at !== null
        ? {
            decision: quote.decision,
            decidedAt: quote.decided_at,
            ipAddress: quote.ip_address ?? '',
            userAgent: quote.user_agent ?? '',
            by:
              quote.decider_first_name === null
                ? null
                : `${quote.decider_first_name} ${quote.decider_last_name ?? ''} <${quote.decider_email}>`,
          }
        : null,
    history: history.map((row) => ({
      from: row.from_status,
      to: row.to_status,
      at: row.changed_at,
      note: row.note,
      by:
        row.email === null
          ? null
          : { name: fullName(row.first_name, row.last_name), email: row.email, role: row.role ?? '' },
    })),
    versions,
  };
}

/** A request's lines as the customer sent them, in line order. */
export async function loadQuoteLines(db: Kysely<Database>, quoteId: number): Promise<QuoteLine[]> {
  const rows = await db
    .selectFrom('quote_request_items')
    .selectAll()
    .where('quote_request_id', '=', quoteId)
    .orderBy('line')
    .execute();
  return rows.map((line) => ({
    line: line.line,
    variantId: line.variant_id,
    sku: line.sku,
    productCode: line.product_code,
    nameEn: line.product_name_en,
    nameFr: line.product_name_fr,
    botanicalName: line.botanical_name,
    sizeLabel: line.size_label,
    size: sizeFromRow(line),
    quantity: line.quantity,
    unitPriceCents: line.unit_price_cents,
    quotedUnitPriceCents: line.quoted_unit_price_cents,
  }));
}
