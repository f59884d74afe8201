import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { addCartItem } from '../../src/features/cart/cart.server.ts';
import { sendPricedQuote } from '../../src/features/quotes/pricing/pricing.server.ts';
import { SendQuoteSchema } from '../../src/features/quotes/pricing/pricing.ts';
import { type CheckoutInput, CheckoutSchema, checkoutMessages } from '../../src/features/quotes/submit/checkout.ts';
import { addDays, nurseryDate } from '../../src/features/quotes/versions/versions.ts';
import { changeQuoteStatus } from '../../src/features/quotes/workflow/workflow.server.ts';
import type { Database, Fulfilment, Locale, PaymentPreference, QuoteStatus } from '../../src/lib/db/schema.ts';
import { getT } from '../../src/lib/i18n/index.ts';
import { createUser } from './accounts.ts';
import { createCustomer, createProduct } from './catalog.ts';

/**
 * Quote requests for database tests: one request with the lines, delivery and pickup a test
 * names, copied from the customer as checkout copies them.
 */
type Db = Kysely<Database>;

export interface QuoteSpec {
  user: { id: string; email: string; first_name?: string; last_name?: string };
  status?: QuoteStatus;
  locale?: Locale;
  fulfilment?: Fulfilment;
  paymentPreference?: PaymentPreference;
  submittedAt?: Date;
  inHouseAccountId?: number | null;
  customerTypeId?: number;
  comments?: string;
  preferredDate?: string | null;
  /** Pickup yard; required unless fulfilment is delivery. */
  locationId?: number;
  /** The delivery address's province (default ON), where a delivery is taxed. */
  deliveryProvince?: string;
  lines?: {
    sku?: string;
    /** The catalogue variant the line names (stock holds need one); none by default. */
    variantId?: number;
    nameEn?: string;
    nameFr?: string;
    quantity: number;
    unitPriceCents: number;
  }[];
}

let sequence = 0;

export async function createQuoteRequest(db: Db, spec: QuoteSpec): Promise<{ id: number; reference: string }> {
  sequence += 1;
  const fulfilment = spec.fulfilment ?? 'pickup';
  const lines = spec.lines ?? [{ quantity: 2, unitPriceCents: 2500 }];
  const quote = await db
    .insertInto('quote_requests')
    .values({
      idempotency_key: randomUUID(),
      user_id: spec.user.id,
      status: spec.status ?? 'submitted',
      locale: spec.locale ?? 'en',
      fulfilment,
      preferred_date: spec.preferredDate ?? null,
      payment_preference: spec.paymentPreference ?? 'credit_card',
      comments: spec.comments ?? '',
      customer_first_name: spec.user.first_name ?? 'Ada',
      customer_last_name: spec.user.last_name ?? 'Lovelace',
      customer_email: spec.user.email,
      customer_phone: '905-555-0101',
      customer_type_id: spec.customerTypeId ?? (spec.inHouseAccountId ? 2 : 1),
      in_house_account_id: spec.inHouseAccountId ?? null,
      price_kind: spec.inHouseAccountId ? 'trade' : 'list',
      subtotal_cents: lines.reduce((sum, line) => sum + line.quantity * line.unitPriceCents, 0),
      ...(spec.submittedAt ? { submitted_at: spec.submittedAt, updated_at: spec.submittedAt } : {}),
    })
    .returning(['id', 'reference'])
    .executeTakeFirstOrThrow();
  await db
    .insertInto('quote_request_items')
    .values(
      lines.map((line, index) => ({
        quote_request_id: quote.id,
        line: index + 1,
        variant_id: line.variantId ?? null,
        product_code: `TST-${sequence}`,
        sku: line.sku ?? `TST-${sequence}-${index + 1}`,
        product_name_en: line.nameEn ?? `Test plant ${index + 1}`,
        product_name_fr: line.nameFr ?? `Plante d'essai ${index + 1}`,
        botanical_name: 'Acer testum',
        size_label: '#2 pot',
        quantity: line.quantity,
        unit_price_cents: line.unitPriceCents,
      })),
    )
    .execute();
  if (fulfilment !== 'delivery') {
    if (spec.locationId === undefined) throw new Error('A pickup quote request needs a locationId');
    await db
      .insertInto('quote_request_pickups')
      .values({ quote_request_id: quote.id, location_id: spec.locationId })
      .execute();
  }
  if (fulfilment !== 'pickup') {
    await db
      .insertInto('quote_request_deliveries')
      .values({
        quote_request_id: quote.id,
        job_name: 'Test job',
        po_number: 'PO-1234',
        street_address: '1 Test Road',
        city: 'Milton',
        province: spec.deliveryProvince ?? 'ON',
        postal_code: 'L9T 2X3',
        site_contact_first_name: 'Sam',
        site_contact_last_name: 'Site',
        phone: '905-555-0102',
      })
      .execute();
  }
  return quote;
}

const checkoutSchema = CheckoutSchema({
  messages: checkoutMessages(getT('en', 'checkout')),
  earliestDate: '2026-01-01',
});

/** The delivery a checkout sends as a shopper types it (the schema normalizes the postal code and phone). */
export const CHECKOUT_DELIVERY = {
  jobName: 'Rear garden',
  poNumber: 'PO-4411',
  streetAddress: '12 Elm Street',
  city: 'Guelph',
  province: 'ON',
  postalCode: 'n1h 3a1',
  siteContactFirstName: 'Ada',
  siteContactLastName: 'Byron',
  phone: '(519) 555-0142',
};

/** A checkout as POST /api/checkout parses it: a new idempotency key unless one is given. */
export function checkoutInput(
  fulfilment: CheckoutInput['fulfilment'],
  options: { key?: string; locationId?: number } = {},
): CheckoutInput {
  return checkoutSchema.parse({
    idempotencyKey: options.key ?? randomUUID(),
    fulfilment,
    delivery: CHECKOUT_DELIVERY,
    pickup: { locationId: String(options.locationId ?? '') },
    preferredDate: '2030-05-01',
    paymentPreference: 'charge_account',
    comments: 'Please call before delivery.',
  });
}

/** A new customer with one product of `lines.length` variants in their cart, in the quantities given. */
export async function shopperWithCart(
  db: Db,
  /** `stock`: on hand per yard id, for a request whose version holds it (decision 054). */
  lines: { listPriceCents?: number; quantity: number; stock?: Record<number, number> }[] = [{ quantity: 2 }],
) {
  const user = await createCustomer(db);
  const product = await createProduct(db, {
    variants: lines.map((line) => ({ listPriceCents: line.listPriceCents ?? 2500, stock: line.stock })),
  });
  for (const [index, line] of lines.entries()) {
    await addCartItem(
      db,
      { userId: user.id },
      { variantId: product.variants[index]?.id ?? 0, quantity: line.quantity },
    );
  }
  return { user, product };
}

/**
 * The desk sends a request's version as its pricing form would: $10 a line, no fees (taxes computed),
 * the request's quantities unless given, alternatives per line number.
 */
export function sendTestVersion(
  db: Db,
  input: {
    quoteId: number;
    staffId: string;
    lines: number;
    quantities?: number[];
    validUntil?: string;
    alternatives?: Record<number, { sku: string; unitPrice: string; reason: string }[]>;
  },
) {
  const prices = SendQuoteSchema({ price: 'price', note: 'note' }).parse({
    lines: Array.from({ length: input.lines }, (_, index) => ({
      line: index + 1,
      unitPrice: '10',
      ...(input.quantities ? { quantity: String(input.quantities[index]) } : {}),
      alternatives: input.alternatives?.[index + 1] ?? [],
    })),
    fees: '0',
    ...(input.validUntil ? { validUntil: input.validUntil } : {}),
  });
  return sendPricedQuote(db, { quoteId: input.quoteId, staffId: input.staffId, prices });
}

/**
 * A customer's request of two lines (2 × $10 and 1 × $5 asked), taken into review and sent as a
 * first version at $10 a line, valid `daysValid` days from the nursery's today.
 */
export async function createPricedQuote(
  db: Db,
  input: { staffId: string; locationId: number; locale?: Locale; daysValid?: number },
) {
  const locale = input.locale ?? 'en';
  const customer = await createUser(db, { locale });
  const quote = await createQuoteRequest(db, {
    user: customer,
    locale,
    locationId: input.locationId,
    lines: [
      { quantity: 2, unitPriceCents: 1000 },
      { quantity: 1, unitPriceCents: 500 },
    ],
  });
  await changeQuoteStatus(db, { quoteId: quote.id, to: 'in_review', staffId: input.staffId });
  await sendTestVersion(db, {
    quoteId: quote.id,
    staffId: input.staffId,
    lines: 2,
    validUntil: addDays(nurseryDate(new Date()), input.daysValid ?? 7),
  });
  return { customer, quote };
}
