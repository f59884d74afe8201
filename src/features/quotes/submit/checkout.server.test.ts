import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createCustomer,
  createInHouseAccount,
  createLocation,
  createProduct,
} from '../../../../tests/factories/catalog.ts';
import {
  checkoutInput as checkout,
  CHECKOUT_DELIVERY as DELIVERY,
  shopperWithCart as fillCart,
} from '../../../../tests/factories/quotes.ts';
import { createTestDatabase, ENGINES, type TestDatabase } from '../../../../tests/support/databases.ts';
import type { Locale } from '../../../lib/db/schema.ts';
import { addCartItem, cartSummary } from '../../cart/cart.server.ts';
import { loadOwnQuote } from '../history/history.server.ts';
import { customerQuote } from '../history/history.ts';
import {
  CartChangedError,
  CartEmptyError,
  CartUnavailableItemsError,
  checkoutSummary,
  IdempotencyKeyConflictError,
  PickupLocationError,
  pickupYards,
  submitQuoteRequest,
} from './checkout.server.ts';

describe.each(ENGINES)('quote submission on %s', (engine) => {
  let test: TestDatabase;
  let yard: { id: number };
  let warehouse: { id: number };
  beforeAll(async () => {
    test = await createTestDatabase(engine);
    yard = await createLocation(db(), { name: 'Milton' });
    warehouse = await createLocation(db(), { name: 'Warehouse', typeId: 2 });
  });
  afterAll(async () => {
    await test?.drop();
  });
  const db = () => test.handle.db;

  const shopperWithCart = (lines?: { listPriceCents?: number; quantity: number }[]) => fillCart(db(), lines);
  /** The request as its customer reads it (the history's projection of the read model). */
  const ownQuote = async (userId: string, id: number, locale: Locale) => {
    const quote = await loadOwnQuote(db(), userId, id);
    return quote && customerQuote(quote, locale);
  };

  const quoteCount = async (userId: string) =>
    (
      await db()
        .selectFrom('quote_requests')
        .select(sql<number>`count(*)::int`.as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow()
    ).n;

  it('writes the request, copies each line at the price of the moment, stores the delivery and empties the cart', async () => {
    const { user, product } = await shopperWithCart([
      { listPriceCents: 1999, quantity: 3 },
      { listPriceCents: 12500, quantity: 1 },
    ]);
    const outcome = await submitQuoteRequest(db(), user, checkout('delivery'), 'en');
    expect(outcome.created).toBe(true);
    expect(outcome.result.reference).toMatch(/^Q-\d{6,}$/);
    expect(await cartSummary(db(), { userId: user.id })).toEqual({ count: 0 });

    // Later price changes do not rewrite the request.
    await db().updateTable('variants').set({ list_price_cents: 99999 }).where('product_id', '=', product.id).execute();
    const quote = await ownQuote(user.id, outcome.result.id, 'en');
    expect(quote).toMatchObject({
      reference: outcome.result.reference,
      status: 'submitted',
      fulfilment: 'delivery',
      paymentPreference: 'charge_account',
      preferredDate: '2030-05-01',
      comments: 'Please call before delivery.',
      priceKind: 'list',
      subtotalCents: 3 * 1999 + 12500,
      itemCount: 4,
      pickup: null,
      delivery: { ...DELIVERY, postalCode: 'N1H 3A1', phone: '519-555-0142' },
    });
    expect(quote?.lines).toEqual([
      expect.objectContaining({
        line: 1,
        sku: product.variants[0]?.sku,
        quantity: 3,
        unitPriceCents: 1999,
        sizeLabel: '#1',
      }),
      expect.objectContaining({ line: 2, sku: product.variants[1]?.sku, quantity: 1, unitPriceCents: 12500 }),
    ]);
    const history = await db()
      .selectFrom('quote_request_status_history')
      .select(['from_status', 'to_status', 'changed_by'])
      .where('quote_request_id', '=', outcome.result.id)
      .execute();
    expect(history).toEqual([{ from_status: null, to_status: 'submitted', changed_by: user.id }]);
  });

  it("copies each line's size structured, so the history reads it in the language of the reader", async () => {
    const user = await createCustomer(db());
    const product = await createProduct(db(), { variants: [{ sizeLabel: '40/50/60mm WB' }, { sizeLabel: '5 gal' }] });
    for (const variant of product.variants) {
      await addCartItem(db(), { userId: user.id }, { variantId: variant.id, quantity: 1 });
    }
    const outcome = await submitQuoteRequest(db(), user, checkout('delivery'), 'fr');
    const items = await db()
      .selectFrom('quote_request_items')
      .select(['size_label', 'size_kind', 'size_values', 'size_root_ball'])
      .where('quote_request_id', '=', outcome.result.id)
      .orderBy('line')
      .execute();
    expect(items).toEqual([
      { size_label: '40/50/60 mm WB', size_kind: 'caliper', size_values: [40, 50, 60], size_root_ball: 'wire_basket' },
      { size_label: '5 gal', size_kind: null, size_values: null, size_root_ball: null },
    ]);
    const french = await ownQuote(user.id, outcome.result.id, 'fr');
    expect(french?.lines.map((line) => line.sizeLabel)).toEqual([
      'Calibre 40/50/60\u00a0mm (panier de broche)',
      '5 gal',
    ]);
    const english = await ownQuote(user.id, outcome.result.id, 'en');
    expect(english?.lines.map((line) => line.sizeLabel)).toEqual(['40/50/60 mm WB', '5 gal']);
  });

  it('prices a linked trade account at trade prices', async () => {
    const account = await createInHouseAccount(db());
    const user = await createCustomer(db(), { inHouseAccountId: account.id });
    const product = await createProduct(db(), { variants: [{ listPriceCents: 10000, tradePriceCents: 7000 }] });
    await addCartItem(db(), { userId: user.id }, { variantId: product.variants[0]?.id ?? 0, quantity: 2 });
    const summary = await checkoutSummary(db(), { ...sessionUser(user.id), inHouseAccountId: account.id }, 'en');
    expect(summary).toMatchObject({ subtotalCents: 14000, count: 2, priceKind: 'trade' });
    const { result } = await submitQuoteRequest(db(), user, checkout('pickup', { locationId: yard.id }), 'fr');
    const quote = await ownQuote(user.id, result.id, 'fr');
    expect(quote).toMatchObject({ priceKind: 'trade', subtotalCents: 14000, locale: 'fr', delivery: null });
    expect(quote?.pickup).toMatchObject({ locationId: yard.id, name: 'Centre Milton' });
    expect(quote?.lines[0]?.name).toMatch(/^Plante /);
  });

  it('stores both the pickup and the delivery for pickup and delivery', async () => {
    const { user } = await shopperWithCart();
    const { result } = await submitQuoteRequest(
      db(),
      user,
      checkout('pickup_and_delivery', { locationId: yard.id }),
      'en',
    );
    const quote = await ownQuote(user.id, result.id, 'en');
    expect(quote?.pickup?.locationId).toBe(yard.id);
    expect(quote?.delivery?.streetAddress).toBe('12 Elm Street');
  });

  it('offers only open sales yards for pickup, and refuses any other location', async () => {
    const yards = await pickupYards(db(), 'en');
    expect(yards.map((y) => y.id)).toContain(yard.id);
    expect(yards.map((y) => y.id)).not.toContain(warehouse.id);
    const { user } = await shopperWithCart();
    await expect(
      submitQuoteRequest(db(), user, checkout('pickup', { locationId: warehouse.id }), 'en'),
    ).rejects.toThrow(PickupLocationError);
    expect(await quoteCount(user.id)).toBe(0);
    expect(await cartSummary(db(), { userId: user.id })).toEqual({ count: 2 });
  });

  it('refuses an empty cart, writing nothing', async () => {
    const user = await createCustomer(db());
    await expect(submitQuoteRequest(db(), user, checkout('delivery'), 'en')).rejects.toThrow(CartEmptyError);
    const { user: emptied } = await shopperWithCart();
    await submitQuoteRequest(db(), emptied, checkout('delivery'), 'en');
    await expect(submitQuoteRequest(db(), emptied, checkout('delivery'), 'en')).rejects.toThrow(CartEmptyError);
    expect(await quoteCount(user.id)).toBe(0);
    expect(await quoteCount(emptied.id)).toBe(1);
  });

  it('refuses a cart with a variant no longer for sale, naming it, and keeps the cart', async () => {
    const { user, product } = await shopperWithCart([{ quantity: 1 }, { quantity: 4 }]);
    await db()
      .updateTable('variants')
      .set({ is_active: false })
      .where('id', '=', product.variants[1]?.id ?? 0)
      .execute();
    const failure = submitQuoteRequest(db(), user, checkout('delivery'), 'en');
    await expect(failure).rejects.toThrow(CartUnavailableItemsError);
    await expect(failure).rejects.toMatchObject({ items: [expect.stringMatching(/^Plant \d+ \(#2\)$/)] });
    expect(await quoteCount(user.id)).toBe(0);
    expect(await cartSummary(db(), { userId: user.id })).toEqual({ count: 5 });
  });

  it('makes 200 requests with 200 distinct references from 200 carts submitted at once', async () => {
    const shoppers = [];
    for (let i = 0; i < 200; i++) shoppers.push(await createCustomer(db()));
    const product = await createProduct(db(), { variants: [{ listPriceCents: 1500 }] });
    const variantId = product.variants[0]?.id ?? 0;
    for (const shopper of shoppers) await addCartItem(db(), { userId: shopper.id }, { variantId, quantity: 2 });

    const outcomes = await Promise.all(
      shoppers.map((shopper) => submitQuoteRequest(db(), shopper, checkout('delivery'), 'en')),
    );
    expect(outcomes.every((outcome) => outcome.created)).toBe(true);
    expect(new Set(outcomes.map((outcome) => outcome.result.reference)).size).toBe(200);
    const ids = shoppers.map((shopper) => shopper.id);
    const written = await db()
      .selectFrom('quote_requests')
      .select(['reference', 'subtotal_cents'])
      .where('user_id', 'in', ids)
      .execute();
    expect(written).toHaveLength(200);
    expect(new Set(written.map((row) => row.reference)).size).toBe(200);
    expect(written.every((row) => row.subtotal_cents === 3000)).toBe(true);
    const left = await db()
      .selectFrom('cart_items')
      .innerJoin('carts', 'carts.id', 'cart_items.cart_id')
      .select('cart_items.variant_id')
      .where('carts.user_id', 'in', ids)
      .execute();
    expect(left).toEqual([]);
  });

  it('answers the same key sent ten times at once with one request and ten identical answers', async () => {
    const { user } = await shopperWithCart([{ quantity: 3 }]);
    const key = randomUUID();
    const outcomes = await Promise.all(
      Array.from({ length: 10 }, () => submitQuoteRequest(db(), user, checkout('delivery', { key }), 'en')),
    );
    expect(outcomes.filter((outcome) => outcome.created)).toHaveLength(1);
    expect(new Set(outcomes.map((outcome) => JSON.stringify(outcome.result))).size).toBe(1);
    expect(await quoteCount(user.id)).toBe(1);
    // A retry long after (a lost response) still gets the same answer, not "cart empty".
    const retry = await submitQuoteRequest(db(), user, checkout('delivery', { key }), 'en');
    expect(retry).toEqual({ result: outcomes[0]?.result, created: false });
  });

  it("refuses another user's key without revealing their request", async () => {
    const { user: first } = await shopperWithCart();
    const { user: second } = await shopperWithCart();
    const key = randomUUID();
    await submitQuoteRequest(db(), first, checkout('delivery', { key }), 'en');
    await expect(submitQuoteRequest(db(), second, checkout('delivery', { key }), 'en')).rejects.toThrow(
      IdempotencyKeyConflictError,
    );
    expect(await cartSummary(db(), { userId: second.id })).toEqual({ count: 2 });
  });

  it('refuses a key another user took between the read and the write, writing nothing', async () => {
    const { user: first } = await shopperWithCart();
    const { user: second } = await shopperWithCart([{ quantity: 3 }]);
    // Just before the second user's request is written, the first user's request takes its
    // key, as a submit committing in that instant would: the write meets the key's constraint.
    await test.handle.execScript(`
      create function public.test_take_key() returns trigger language plpgsql as $$
      begin
        insert into public.quote_requests (idempotency_key, user_id, locale, fulfilment,
          customer_first_name, customer_last_name, customer_email, customer_phone,
          customer_type_id, price_kind, subtotal_cents, payment_preference)
        values (new.idempotency_key, '${first.id}'::uuid, new.locale, new.fulfilment,
          new.customer_first_name, new.customer_last_name, new.customer_email, new.customer_phone,
          new.customer_type_id, new.price_kind, new.subtotal_cents, new.payment_preference);
        return new;
      end $$;
      create trigger test_take_key before insert on public.quote_requests
        for each row when (new.user_id = '${second.id}'::uuid) execute function public.test_take_key();`);
    try {
      await expect(submitQuoteRequest(db(), second, checkout('delivery'), 'en')).rejects.toThrow(
        IdempotencyKeyConflictError,
      );
    } finally {
      await test.handle.execScript(
        'drop trigger test_take_key on public.quote_requests; drop function public.test_take_key();',
      );
    }
    expect(await quoteCount(second.id)).toBe(0);
    expect(await cartSummary(db(), { userId: second.id })).toEqual({ count: 3 });
    expect(await outboxRowsOf(second.id)).toEqual([]);
  });

  /** Units of `userId` in requests and in the cart: what was added, wherever it went. */
  const unitsOf = async (userId: string) => {
    const sent = await db()
      .selectFrom('quote_request_items')
      .innerJoin('quote_requests', 'quote_requests.id', 'quote_request_items.quote_request_id')
      .select(sql<number>`coalesce(sum(quote_request_items.quantity), 0)::int`.as('n'))
      .where('quote_requests.user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return { sent: sent.n, inCart: (await cartSummary(db(), { userId })).count };
  };

  it('loses no add that lands during a submit, and sends none twice: each unit ends in the request or in the cart', async () => {
    for (let round = 0; round < 12; round++) {
      const { user, product } = await shopperWithCart([{ quantity: 2 }]);
      const variantId = product.variants[0]?.id ?? 0;
      const [outcome] = await Promise.all([
        submitQuoteRequest(db(), user, checkout('delivery'), 'en'),
        addCartItem(db(), { userId: user.id }, { variantId, quantity: 3 }),
      ]);
      expect(outcome.created).toBe(true);
      const units = await unitsOf(user.id);
      // Sent with the request (the add came first) or left in the cart for the next one.
      expect([
        { sent: 5, inCart: 0 },
        { sent: 2, inCart: 3 },
      ]).toContainEqual(units);
    }
  });

  it.skipIf(engine === 'pglite')(
    'sends the cart as it is when an add commits between the read and the write (PostgreSQL: PGlite runs one statement at a time)',
    async () => {
      const { user, product } = await shopperWithCart([{ quantity: 2 }]);
      const variantId = product.variants[0]?.id ?? 0;
      // An add in another tab, its transaction still open: it holds the cart's row.
      let finishAdd = () => {};
      const addWritten = Promise.withResolvers<void>();
      const add = db()
        .transaction()
        .execute(async (trx) => {
          await addCartItem(trx, { userId: user.id }, { variantId, quantity: 3 });
          addWritten.resolve();
          await new Promise<void>((resolve) => {
            finishAdd = resolve;
          });
        });
      await addWritten.promise;
      // The submit reads the cart as it was (2 units), then its write waits for the add's row.
      const submit = submitQuoteRequest(db(), user, checkout('delivery'), 'en');
      await waitForLockWaiter();
      finishAdd();
      await add;
      const outcome = await submit;
      // The write found the version raised, wrote nothing, and the submit read the cart again.
      expect(outcome.created).toBe(true);
      expect(await unitsOf(user.id)).toEqual({ sent: 5, inCart: 0 });
      expect(await quoteCount(user.id)).toBe(1);
    },
  );

  /** Until a statement of this database waits for a row lock (the submit's write, here). */
  const waitForLockWaiter = async () => {
    for (let tries = 0; tries < 500; tries++) {
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity
        where datname = current_database() and wait_event_type = 'Lock'`.execute(db());
      if ((rows[0]?.n ?? 0) > 0) return;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error('No statement waited for the lock');
  };

  it('answers 409 and writes nothing when the cart changes on every attempt, keeping the cart', async () => {
    const { user } = await shopperWithCart([{ quantity: 4 }]);
    // Every write finds the cart changed: the trigger skips the update of its version, as a
    // change committed after each read would make it find no row.
    await test.handle.execScript(`
      create function public.test_cart_changed() returns trigger language plpgsql as $$
      begin return null; end $$;
      create trigger test_cart_changed before update on public.carts
        for each row when (old.user_id = '${user.id}'::uuid) execute function public.test_cart_changed();`);
    try {
      await expect(submitQuoteRequest(db(), user, checkout('delivery'), 'en')).rejects.toThrow(CartChangedError);
    } finally {
      await test.handle.execScript(
        'drop trigger test_cart_changed on public.carts; drop function public.test_cart_changed();',
      );
    }
    expect(await quoteCount(user.id)).toBe(0);
    expect(await outboxRowsOf(user.id)).toEqual([]);
    expect(await cartSummary(db(), { userId: user.id })).toEqual({ count: 4 });
    expect((await submitQuoteRequest(db(), user, checkout('delivery'), 'en')).created).toBe(true);
  });

  it('leaves no request and the cart intact when the commit fails after the request was written', async () => {
    const { user } = await shopperWithCart([{ quantity: 7 }]);
    // A constraint trigger checked at commit: it fails after every insert and the cart's
    // emptying have run, as a crash or a lost connection before the commit would.
    await test.handle.execScript(`
      create function public.test_fail_commit() returns trigger language plpgsql as $$
      begin raise exception 'injected failure before commit'; end $$;
      create constraint trigger test_fail_commit after insert on public.quote_requests
        deferrable initially deferred for each row
        when (new.user_id = '${user.id}'::uuid) execute function public.test_fail_commit();`);
    try {
      await expect(submitQuoteRequest(db(), user, checkout('delivery'), 'en')).rejects.toThrow(/injected failure/);
    } finally {
      await test.handle.execScript(
        'drop trigger test_fail_commit on public.quote_requests; drop function public.test_fail_commit();',
      );
    }
    expect(await quoteCount(user.id)).toBe(0);
    const orphans = await db()
      .selectFrom('quote_request_items')
      .leftJoin('quote_requests', 'quote_requests.id', 'quote_request_items.quote_request_id')
      .select('quote_request_items.quote_request_id')
      .where('quote_requests.id', 'is', null)
      .execute();
    expect(orphans).toEqual([]);
    expect(await cartSummary(db(), { userId: user.id })).toEqual({ count: 7 });
    expect(await outboxRowsOf(user.id)).toEqual([]);
    // The same checkout goes through once the fault is gone.
    expect((await submitQuoteRequest(db(), user, checkout('delivery'), 'en')).created).toBe(true);
  });

  const outboxRowsOf = (userId: string) =>
    db().selectFrom('mail_outbox').select('kind').where(sql<boolean>`payload->>'userId' = ${userId}`).execute();

  it('keeps references unique past Q-999999', async () => {
    await sql`select setval('public.quote_reference_seq', 999998)`.execute(db());
    const made: string[] = [];
    for (let i = 0; i < 3; i++) {
      const { user } = await shopperWithCart();
      made.push((await submitQuoteRequest(db(), user, checkout('delivery'), 'en')).result.reference);
    }
    expect(made).toEqual(['Q-999999', 'Q-1000000', 'Q-1000001']);
  });
});

function sessionUser(id: string) {
  return {
    id,
    email: 'x@example.com',
    firstName: 'Test',
    lastName: 'Customer',
    role: 'customer' as const,
    customerTypeId: 1,
    customerTypeName: { en: 'Retail', fr: 'Particulier' },
    isLandscapeProfessional: false,
    inHouseAccountId: null,
    defaultLocationId: null,
    locale: 'en' as const,
  };
}
