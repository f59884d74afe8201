import { type InferResult, type Insertable, type Kysely, sql } from 'kysely';
import { isUniqueViolation } from '../../../lib/db/errors.ts';
import { insertFrom } from '../../../lib/db/insert-from.ts';
import { placeholder, preparedStatement } from '../../../lib/db/prepared.ts';
import type { Database, Locale } from '../../../lib/db/schema.ts';
import { formatSize, sizeText } from '../../../lib/size.ts';
import { hasTradePricing, type SessionUser } from '../../accounts/session.ts';
import {
  type CartLineRecord,
  type CartLineRow,
  cartLineRecord,
  cartLinesQuery,
  readCartLines,
} from '../../cart/cart.server.ts';
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

/**
 * The customer as the request will name them, their cart and its version, any request this
 * key has already made (a retry, a double click, another tab), and whether the pickup yard
 * asked for is an open sales yard: one row.
 */
function submitHeadQuery(db: Db) {
  return db
    .selectFrom('users')
    .leftJoin('carts', 'carts.user_id', 'users.id')
    .leftJoin('quote_requests as earlier', (join) =>
      join.on('earlier.idempotency_key', '=', placeholder<string>('key')),
    )
    .select((eb) => [
      'carts.id as cart_id',
      'carts.version as cart_version',
      'users.first_name',
      'users.last_name',
      'users.email',
      'users.phone',
      'users.customer_type_id',
      'users.in_house_account_id',
      'earlier.id as earlier_id',
      'earlier.reference as earlier_reference',
      'earlier.user_id as earlier_user_id',
      eb
        .exists(
          eb
            .selectFrom('locations')
            .innerJoin('location_types', 'location_types.id', 'locations.location_type_id')
            .where('locations.id', '=', placeholder<number | null>('locationId'))
            .where('location_types.code', '=', 'sales_yard')
            .where('locations.is_active', '=', true),
        )
        .as('yard_open'),
    ])
    .where('users.id', '=', placeholder<string>('userId'));
}

/**
 * All a submit reads, in one round trip and one snapshot: the head (submitHeadQuery) on every
 * row, beside each of the cart's lines, oldest first (cart.server.ts, cartLinesQuery); one
 * row with no line when the cart is empty. One snapshot, so the lines are those of the version.
 */
const submitReadStatement = preparedStatement((db) =>
  db
    .selectFrom(submitHeadQuery(db).as('head'))
    .leftJoin(cartLinesQuery(db, 'user').as('line'), (join) => join.onTrue())
    .selectAll('head')
    .selectAll('line')
    .orderBy('line.added_at')
    .orderBy('line.id'),
);

// The head's columns and a line's share no name: in one row, one would hide the other.
type SharedColumn = Extract<keyof InferResult<ReturnType<typeof submitHeadQuery>>[number], keyof CartLineRow>;
true satisfies [SharedColumn] extends [never] ? true : never;

/** A row of the read that carries a line (the left join's are all null when the cart is empty). */
const hasLine = <R extends { id: number | null }>(row: R): row is R & CartLineRow => row.id !== null;

/** A line of the request as written: the name, size, SKU and price the customer pays now. */
type ItemValues = Omit<Insertable<Database['quote_request_items']>, 'quote_request_id' | 'quoted_unit_price_cents'>;

/** The payload key the request's e-mails name it by, filled in by the statement that makes it. */
const MAIL_QUOTE_ID = 'quoteRequestId' satisfies keyof RequestMailPayload;

/** Which of the fulfilment's tables a request writes: one compiled statement each. */
type WriteVariant = 'delivery' | 'pickup' | 'delivery+pickup';

/**
 * The whole request in one statement (one round trip, prepared once on PostgreSQL, its own
 * transaction): the cart's version raised, if it is still the version the submit read; then,
 * only if it was, the request (its reference from the sequence), the first step of its history
 * (the workflow's submission, by the customer who sent it), its lines, its two e-mails in the
 * outbox (sent after the commit, never lost), its delivery and/or pickup, and the emptied cart.
 * The lines come as one JSON array, read into the table's own row type, so the statement's text
 * is the same whatever their number.
 *
 * A change to the cart that another statement committed since the read raised the version: the
 * update finds no row, and nothing is written. One still being made holds the cart's row: the
 * update waits for it, then checks the version of the row as it was committed (PostgreSQL
 * re-reads a row it waited for), and finds it changed. Once the update holds the row, a change
 * waits for this statement, whose snapshot the version vouches for: the lines it deletes are
 * the lines it writes. A key another user took meanwhile fails the statement on the key's
 * unique constraint, and nothing of it is written.
 */
const writeRequestStatement = preparedStatement((db, variant: WriteVariant) => {
  const delivery = sql`insert into quote_request_deliveries (quote_request_id, job_name, po_number,
      street_address, city, province, postal_code, site_contact_first_name, site_contact_last_name, phone)
    select id, d.job_name, d.po_number, d.street_address, d.city, d.province, d.postal_code,
      d.site_contact_first_name, d.site_contact_last_name, d.phone
    from quote, jsonb_populate_record(null::quote_request_deliveries, ${placeholder('delivery')}::jsonb) as d`;
  const pickup = sql`insert into quote_request_pickups (quote_request_id, location_id)
    select id, ${placeholder('locationId')}::int from quote`;
  return sql<{ id: number; reference: string }>`
    with cart as (
      update carts set version = version + 1
      where id = ${placeholder('cartId')} and version = ${placeholder('cartVersion')}
      returning id
    ),
    quote as (${insertFrom(
      db,
      'quote_requests',
      {
        idempotency_key: placeholder('key'),
        user_id: placeholder('userId'),
        locale: placeholder('locale'),
        fulfilment: placeholder('fulfilment'),
        preferred_date: placeholder('preferredDate'),
        payment_preference: placeholder('paymentPreference'),
        comments: placeholder('comments'),
        customer_first_name: placeholder('firstName'),
        customer_last_name: placeholder('lastName'),
        customer_email: placeholder('email'),
        customer_phone: placeholder('phone'),
        customer_type_id: placeholder('customerTypeId'),
        in_house_account_id: placeholder('inHouseAccountId'),
        price_kind: placeholder('priceKind'),
        subtotal_cents: placeholder('subtotalCents'),
        // The submission is the request's first action, and its history row is written at the
        // same now(): the history's trigger (decision 052) then has nothing to move, and the
        // new row is not updated (a second version of it, its GIN search entry again) in the
        // statement that made it.
        last_action_at: sql<Date>`now()`,
      },
      'cart',
    ).returning(['id', 'reference'])}),
    history as (${submissionHistory(db, 'quote', placeholder('userId'))}),
    items as (
      insert into quote_request_items (quote_request_id, line, variant_id, product_code, sku,
        product_name_en, product_name_fr, botanical_name, size_label, size_kind, size_values,
        size_root_ball, quantity, unit_price_cents)
      select quote.id, i.line, i.variant_id, i.product_code, i.sku, i.product_name_en,
        i.product_name_fr, i.botanical_name, i.size_label, i.size_kind, i.size_values,
        i.size_root_ball, i.quantity, i.unit_price_cents
      from quote, jsonb_populate_recordset(null::quote_request_items, ${placeholder('items')}::jsonb) as i
    ),
    mails as (
      insert into mail_outbox (kind, payload)
      select kind, ${placeholder('mail')}::jsonb || jsonb_build_object(${sql.lit(MAIL_QUOTE_ID)}::text, quote.id)
      from quote, unnest(${[...REQUEST_MAIL_KINDS]}::text[]) as kind
    ),
    ${variant === 'pickup' ? sql`` : sql`delivery as (${delivery}),`}
    ${variant === 'delivery' ? sql`` : sql`pickup as (${pickup}),`}
    emptied as (delete from cart_items where cart_id = (select id from cart))
    select id, reference from quote`;
});

/** How many times a submit reads the cart again when it changed between the read and the write. */
const SUBMIT_ATTEMPTS = 5;

/** The cart changed on every attempt (someone changing it without pause): a 409, to send again. */
export class CartChangedError extends Error {
  override name = 'CartChangedError';
}

/**
 * Turns the user's cart into a quote request: the request (its reference from the sequence),
 * a copy of each line with the name, size, SKU and price the user pays now, the delivery
 * and/or pickup, its e-mails, and the emptied cart, all written by one statement, once per
 * idempotency key (docs/decisions/048-native-first-islands.md, "The submit without a lock").
 *
 * The cart is read without a lock, with its version, and the write happens only if the
 * version is still the one read: a change between the two (an add in another tab, a second
 * submit) makes the write a no-op, and the submit reads the cart again. So a second submit of
 * the same key finds the request the first made and answers with it, a submit of another key
 * finds the cart empty, and no line is ever written to a request without leaving the cart,
 * nor left out of one and taken from the cart. Two round trips, each a prepared statement
 * (lib/db/prepared.ts): the read (the customer, the cart, its lines) and the write.
 */
export async function submitQuoteRequest(
  db: Db,
  user: Pick<SessionUser, 'id'>,
  input: CheckoutInput,
  locale: Locale,
): Promise<SubmitOutcome> {
  for (let attempt = 1; attempt <= SUBMIT_ATTEMPTS; attempt++) {
    const outcome = await submitOnce(db, user, input, locale);
    if (outcome) return outcome;
  }
  throw new CartChangedError(`The cart of ${user.id} changed on each of ${SUBMIT_ATTEMPTS} attempts`);
}

/** One attempt: the outcome, or undefined when the cart changed after it was read. */
async function submitOnce(
  db: Db,
  user: Pick<SessionUser, 'id'>,
  input: CheckoutInput,
  locale: Locale,
): Promise<SubmitOutcome | undefined> {
  const { rows } = await submitReadStatement(db, {
    key: input.idempotencyKey,
    userId: user.id,
    owner: user.id,
    locationId: input.pickup?.locationId ?? null,
  });
  const [head] = rows;
  if (!head) throw new Error(`No user ${user.id}`);
  // A request this key made (the same snapshot as the cart: a submit of this key that emptied
  // the cart is seen here, one that has not yet left the cart's lines to be read).
  if (head.earlier_id !== null && head.earlier_reference !== null) {
    if (head.earlier_user_id !== user.id) {
      throw new IdempotencyKeyConflictError(`Idempotency key ${input.idempotencyKey} belongs to another user`);
    }
    return { result: { id: head.earlier_id, reference: head.earlier_reference }, created: false };
  }
  const pricing = { inHouseAccountId: head.in_house_account_id };
  const lines = rows.filter(hasLine).map((row) => cartLineRecord(row, pricing));
  if (head.cart_id === null || head.cart_version === null || lines.length === 0) {
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

  if (input.pickup && !head.yard_open) {
    throw new PickupLocationError(`Location ${input.pickup.locationId} is not an open sales yard`);
  }

  const draft: QuoteDraft = {
    fulfilment: input.fulfilment,
    lines: lines.map((line) => ({ quantity: line.quantity, unitPriceCents: line.price.cents })),
    subtotalCents: lines.reduce((sum, line) => sum + line.quantity * line.price.cents, 0),
    delivery: input.delivery,
    pickup: input.pickup,
  };
  const problems = quoteDraftProblems(draft);
  if (problems.length > 0) throw new Error(`Refusing an unsound quote request: ${problems.join('; ')}`);

  const items: ItemValues[] = lines.map((line, index) => ({
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
    unit_price_cents: line.price.cents,
  }));
  const mail = { userId: user.id, locale } satisfies Omit<RequestMailPayload, typeof MAIL_QUOTE_ID>;
  const d = input.delivery;
  const delivery: Omit<Insertable<Database['quote_request_deliveries']>, 'quote_request_id'> | null = d && {
    job_name: d.jobName,
    po_number: d.poNumber,
    street_address: d.streetAddress,
    city: d.city,
    province: d.province,
    postal_code: d.postalCode,
    site_contact_first_name: d.siteContactFirstName,
    site_contact_last_name: d.siteContactLastName,
    phone: d.phone,
  };
  const variant: WriteVariant = delivery ? (input.pickup ? 'delivery+pickup' : 'delivery') : 'pickup';
  try {
    const written = await writeRequestStatement(
      db,
      {
        key: input.idempotencyKey,
        userId: user.id,
        locale,
        fulfilment: input.fulfilment,
        preferredDate: input.preferredDate,
        paymentPreference: input.paymentPreference,
        comments: input.comments,
        firstName: head.first_name,
        lastName: head.last_name,
        email: head.email,
        phone: head.phone,
        customerTypeId: head.customer_type_id,
        inHouseAccountId: head.in_house_account_id,
        priceKind: hasTradePricing(pricing) ? 'trade' : 'list',
        subtotalCents: draft.subtotalCents,
        items: JSON.stringify(items),
        mail: JSON.stringify(mail),
        delivery: delivery && JSON.stringify(delivery),
        locationId: input.pickup?.locationId ?? null,
        cartId: head.cart_id,
        cartVersion: head.cart_version,
      },
      variant,
    );
    const quote = written.rows[0];
    // The cart changed since it was read: nothing was written.
    if (!quote) return undefined;
    return { result: { id: quote.id, reference: quote.reference }, created: true };
  } catch (error) {
    // Only another user's request can hold the key here: this user's submits of it raise
    // the cart's version first, so this one would have found the cart changed.
    if (isUniqueViolation(error, 'quote_requests_idempotency_key_key')) {
      throw new IdempotencyKeyConflictError(`Idempotency key ${input.idempotencyKey} was taken meanwhile`, {
        cause: error,
      });
    }
    throw error;
  }
}
