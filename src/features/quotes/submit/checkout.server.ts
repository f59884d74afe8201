import type { Insertable, Kysely } from 'kysely';
import type { Database, Locale } from '../../../lib/db/schema.ts';
import { outboxRow } from '../../../lib/mail/outbox.server.ts';
import { formatSize, sizeText } from '../../../lib/size.ts';
import { hasTradePricing, type SessionUser } from '../../accounts/session.ts';
import { type CartLineRecord, readCartLines } from '../../cart/cart.server.ts';
import { REQUEST_MAIL_KINDS, type RequestMailPayload } from '../mail/kinds.ts';
import { submissionHistory } from '../workflow/workflow.server.ts';
import { type CheckoutInput, type CheckoutResult, type QuoteDraft, quoteDraftProblems } from './checkout.ts';

/**
 * Checkout: the page's summary of the cart, and the submit that turns the cart into a quote
 * request in one transaction, once per idempotency key (docs/decisions/018-quote-submission.md).
 */

type Db = Kysely<Database>;

export interface PricedLine {
  variantId: number;
  name: string;
  botanicalName: string;
  sku: string;
  sizeLabel: string;
  productCode: string;
  slug: string;
  quantity: number;
  unitPriceCents: number;
  lineCents: number;
  forSale: boolean;
}

export interface CheckoutSummary {
  lines: PricedLine[];
  /** Units in the cart. */
  count: number;
  subtotalCents: number;
  priceKind: 'list' | 'trade';
}

function priceLines(
  lines: CartLineRecord[],
  user: Pick<SessionUser, 'inHouseAccountId'>,
  locale: Locale,
): CheckoutSummary {
  const priced = lines.map((line) => {
    const price = line.price;
    return {
      variantId: line.variantId,
      name: locale === 'fr' ? line.name_fr : line.name_en,
      botanicalName: line.botanicalName,
      sku: line.sku,
      sizeLabel: sizeText(line.size, line.sizeLabel, locale),
      productCode: line.productCode,
      slug: locale === 'fr' ? line.slug_fr : line.slug_en,
      quantity: line.quantity,
      unitPriceCents: price.cents,
      lineCents: price.cents * line.quantity,
      forSale: line.available,
    };
  });
  return {
    lines: priced,
    count: priced.reduce((sum, line) => sum + line.quantity, 0),
    subtotalCents: priced.reduce((sum, line) => sum + line.lineCents, 0),
    priceKind: hasTradePricing(user) ? 'trade' : 'list',
  };
}

/** The cart as the checkout page shows it, priced for this user today. */
export async function checkoutSummary(db: Db, user: SessionUser, locale: Locale): Promise<CheckoutSummary> {
  return priceLines(await readCartLines(db, { userId: user.id }, user), user, locale);
}

export interface PickupYard {
  id: number;
  name: string;
  city: string;
  streetAddress: string;
}

/** The active sales yards, where a customer may pick up (distribution centres are not). */
export async function pickupYards(db: Db, locale: Locale): Promise<PickupYard[]> {
  const rows = await db
    .selectFrom('locations')
    .innerJoin('location_types', 'location_types.id', 'locations.location_type_id')
    .select(['locations.id', 'locations.name_en', 'locations.name_fr', 'locations.city', 'locations.street_address'])
    .where('location_types.code', '=', 'sales_yard')
    .where('locations.is_active', '=', true)
    .orderBy('locations.sort_order')
    .orderBy('locations.id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    name: locale === 'fr' ? row.name_fr : row.name_en,
    city: row.city,
    streetAddress: row.street_address,
  }));
}

export class CartEmptyError extends Error {
  override name = 'CartEmptyError';
}

export class CartUnavailableItemsError extends Error {
  override name = 'CartUnavailableItemsError';
  readonly items: string[];
  constructor(items: string[]) {
    super(`Items no longer for sale: ${items.join(', ')}`);
    this.items = items;
  }
}

export class PickupLocationError extends Error {
  override name = 'PickupLocationError';
}

/** The key was already used by another user's checkout: nothing of it is revealed. */
export class IdempotencyKeyConflictError extends Error {
  override name = 'IdempotencyKeyConflictError';
}

export interface SubmitOutcome {
  result: CheckoutResult;
  /** False when the key had already made this request (a retry, a double click, another tab). */
  created: boolean;
}

async function quoteForKey(db: Db, key: string, userId: string): Promise<CheckoutResult | undefined> {
  const row = await db
    .selectFrom('quote_requests')
    .select(['id', 'reference', 'user_id'])
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
  if (!row) return undefined;
  if (row.user_id !== userId) throw new IdempotencyKeyConflictError(`Idempotency key ${key} belongs to another user`);
  return { id: row.id, reference: row.reference };
}

/**
 * Turns the user's cart into a quote request: one transaction writes the request (its
 * reference from the sequence), a copy of each line with the name, size, SKU and price the
 * user pays now, the delivery and/or pickup, and empties the cart. The cart row is locked
 * first, so submits of one user run one after another: a second submit of the same key finds
 * the request the first made and answers with it; a submit of another key finds the cart empty.
 */
export async function submitQuoteRequest(
  db: Db,
  user: Pick<SessionUser, 'id'>,
  input: CheckoutInput,
  locale: Locale,
): Promise<SubmitOutcome> {
  return db.transaction().execute(async (trx) => {
    // One round trip: the cart's lock, the customer as the request will name them, and any
    // request this key had already made when the statement began (a retry, a double click,
    // another tab). A submit of the same key that committed while this one waited for the
    // lock is not in that snapshot: it emptied the cart, so it is looked for below, when the
    // cart is found empty.
    const cart = await trx
      .selectFrom('carts')
      .innerJoin('users', 'users.id', 'carts.user_id')
      .leftJoin('quote_requests as earlier', (join) => join.on('earlier.idempotency_key', '=', input.idempotencyKey))
      .select([
        'carts.id',
        'users.first_name',
        'users.last_name',
        'users.email',
        'users.phone',
        'users.customer_type_id',
        'users.in_house_account_id',
        'earlier.id as earlier_id',
        'earlier.reference as earlier_reference',
        'earlier.user_id as earlier_user_id',
      ])
      .where('carts.user_id', '=', user.id)
      .forUpdate('carts')
      .executeTakeFirst();
    if (!cart) {
      // No cart at all: a request this key made is still its answer.
      const earlier = await quoteForKey(trx, input.idempotencyKey, user.id);
      if (earlier) return { result: earlier, created: false };
      throw new CartEmptyError('The user has no cart');
    }
    if (cart.earlier_id !== null && cart.earlier_reference !== null) {
      if (cart.earlier_user_id !== user.id) {
        throw new IdempotencyKeyConflictError(`Idempotency key ${input.idempotencyKey} belongs to another user`);
      }
      return { result: { id: cart.earlier_id, reference: cart.earlier_reference }, created: false };
    }

    const customer = cart;
    const pricing = { inHouseAccountId: customer.in_house_account_id };
    const lines = await readCartLines(trx, { userId: user.id }, pricing);
    if (lines.length === 0) {
      const meanwhile = await quoteForKey(trx, input.idempotencyKey, user.id);
      if (meanwhile) return { result: meanwhile, created: false };
      throw new CartEmptyError('The cart is empty');
    }
    const unavailable = lines.filter((line) => !line.available);
    if (unavailable.length > 0) {
      throw new CartUnavailableItemsError(
        unavailable.map(
          (line) => `${locale === 'fr' ? line.name_fr : line.name_en} (${sizeText(line.size, line.sizeLabel, locale)})`,
        ),
      );
    }
    const priced = lines.map((line) => ({ line, price: line.price }));

    if (input.pickup) {
      const yard = await trx
        .selectFrom('locations')
        .innerJoin('location_types', 'location_types.id', 'locations.location_type_id')
        .select('locations.id')
        .where('locations.id', '=', input.pickup.locationId)
        .where('location_types.code', '=', 'sales_yard')
        .where('locations.is_active', '=', true)
        .executeTakeFirst();
      if (!yard) throw new PickupLocationError(`Location ${input.pickup.locationId} is not an open sales yard`);
    }

    const draft: QuoteDraft = {
      fulfilment: input.fulfilment,
      lines: priced.map(({ line, price }) => ({ quantity: line.quantity, unitPriceCents: price.cents })),
      subtotalCents: priced.reduce((sum, { line, price }) => sum + line.quantity * price.cents, 0),
      delivery: input.delivery,
      pickup: input.pickup,
    };
    const problems = quoteDraftProblems(draft);
    if (problems.length > 0) throw new Error(`Refusing an unsound quote request: ${problems.join('; ')}`);

    const quote = await trx
      .insertInto('quote_requests')
      .values({
        idempotency_key: input.idempotencyKey,
        user_id: user.id,
        locale,
        fulfilment: input.fulfilment,
        preferred_date: input.preferredDate,
        payment_preference: input.paymentPreference,
        comments: input.comments,
        customer_first_name: customer.first_name,
        customer_last_name: customer.last_name,
        customer_email: customer.email,
        customer_phone: customer.phone,
        customer_type_id: customer.customer_type_id,
        in_house_account_id: customer.in_house_account_id,
        price_kind: hasTradePricing(pricing) ? 'trade' : 'list',
        subtotal_cents: draft.subtotalCents,
      })
      .onConflict((conflict) => conflict.column('idempotency_key').doNothing())
      .returning(['id', 'reference'])
      .executeTakeFirst();
    // Only another user's request can hold the key here: this user's submits wait on the cart lock.
    if (!quote) throw new IdempotencyKeyConflictError(`Idempotency key ${input.idempotencyKey} was taken meanwhile`);

    const items: Insertable<Database['quote_request_items']>[] = priced.map(({ line, price }, index) => ({
      quote_request_id: quote.id,
      line: index + 1,
      variant_id: line.variantId,
      product_code: line.productCode,
      sku: line.sku,
      product_name_en: line.name_en,
      product_name_fr: line.name_fr,
      botanical_name: line.botanicalName,
      size_label: line.size ? formatSize(line.size, 'en') : line.sizeLabel,
      // Structured too, so that the history shows the size in the reader's language.
      size_kind: line.size?.kind ?? null,
      size_values: line.size?.values ?? null,
      size_root_ball: line.size?.rootBall ?? null,
      quantity: line.quantity,
      unit_price_cents: price.cents,
    }));
    // The rest of the request, and the emptied cart, in one statement (one round trip): the
    // first step of its history (the workflow's submission, by the customer who sent it), its
    // lines, its two e-mails in the outbox (sent after the commit, never lost), its delivery
    // and/or pickup.
    const mail = { quoteRequestId: quote.id, userId: user.id, locale } satisfies RequestMailPayload;
    let rest = trx
      .with('history', (db) => submissionHistory(db, quote.id, user.id))
      .with('items', (db) => db.insertInto('quote_request_items').values(items).returning('quote_request_id'))
      .with('mails', (db) =>
        db
          .insertInto('mail_outbox')
          .values(REQUEST_MAIL_KINDS.map((kind) => outboxRow(kind, mail)))
          .returning('id'),
      );
    if (input.delivery) {
      const d = input.delivery;
      rest = rest.with('delivery', (db) =>
        db
          .insertInto('quote_request_deliveries')
          .values({
            quote_request_id: quote.id,
            job_name: d.jobName,
            po_number: d.poNumber,
            street_address: d.streetAddress,
            city: d.city,
            province: d.province,
            postal_code: d.postalCode,
            site_contact_first_name: d.siteContactFirstName,
            site_contact_last_name: d.siteContactLastName,
            phone: d.phone,
          })
          .returning('quote_request_id'),
      );
    }
    if (input.pickup) {
      const locationId = input.pickup.locationId;
      rest = rest.with('pickup', (db) =>
        db
          .insertInto('quote_request_pickups')
          .values({ quote_request_id: quote.id, location_id: locationId })
          .returning('quote_request_id'),
      );
    }
    await rest.deleteFrom('cart_items').where('cart_id', '=', cart.id).execute();
    return { result: { id: quote.id, reference: quote.reference }, created: true };
  });
}
