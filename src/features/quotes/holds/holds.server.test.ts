import { beforeAll, describe, expect, it } from 'vitest';
import { type AccountFixtures, createUser, seedAccountReference } from '../../../../tests/factories/accounts.ts';
import { createLocation, createProduct } from '../../../../tests/factories/catalog.ts';
import { createQuoteRequest, sendTestVersion } from '../../../../tests/factories/quotes.ts';
import { ENGINES } from '../../../../tests/support/databases.ts';
import { useTestDatabase } from '../../../../tests/support/suite-database.ts';
import { ApiError } from '../../../lib/http/api.ts';
import { heldStockHints } from '../../inventory/held-stock.server.ts';
import { loadAvailability } from '../../inventory/inventory.server.ts';
import { quoteDeskApiError } from '../desk/http.server.ts';
import { loadQuoteDetail } from '../model/quote.server.ts';
import { answerVersion } from '../versions/answer.server.ts';
import type { LineAnswerInput } from '../versions/versions.ts';
import { addDays, nurseryDate } from '../versions/versions.ts';
import { changeQuoteStatus } from '../workflow/workflow.server.ts';
import { holdText } from './describe.ts';
import { loadRequestHolds, releaseExpiredHolds, StockShortError } from './holds.server.ts';

const DAY = 24 * 3_600_000;

describe.each(ENGINES)('stock held by open quote versions on %s', (engine) => {
  const db = useTestDatabase(engine);
  let fixtures: AccountFixtures;
  let staff: { id: string };
  beforeAll(async () => {
    fixtures = await seedAccountReference(db());
    staff = await createUser(db(), { role: 'admin' });
  });

  /** A product whose variants have these quantities at the yard (the fixtures' pickup yard unless named). */
  async function stocked(quantities: number[], yardId = fixtures.locationId) {
    const product = await createProduct(db(), {
      variants: quantities.map((quantity) => ({ stock: { [yardId]: quantity } })),
    });
    return { ...product, variants: product.variants.map((variant) => ({ ...variant, variantId: variant.id })) };
  }

  /** A request in review for these variants, picked up at the fixtures' yard unless it says otherwise. */
  async function requestFor(
    lines: { variantId: number; sku: string; quantity: number }[],
    options: { fulfilment?: 'pickup' | 'delivery'; userId?: string } = {},
  ) {
    const customer = options.userId ? { id: options.userId, email: 'x@example.com' } : await createUser(db());
    const quote = await createQuoteRequest(db(), {
      user: customer,
      fulfilment: options.fulfilment ?? 'pickup',
      locationId: fixtures.locationId,
      lines: lines.map((line) => ({ ...line, unitPriceCents: 1000 })),
    });
    await changeQuoteStatus(db(), { quoteId: quote.id, to: 'in_review', staffId: staff.id });
    return quote;
  }

  const send = (quoteId: number, lines: number, options: { quantities?: number[]; validUntil?: string } = {}) =>
    sendTestVersion(db(), { quoteId, staffId: staff.id, lines, ...options });

  async function freeAtYard(productId: number, yardId = fixtures.locationId) {
    const availability = await loadAvailability(db(), productId, null, 'en');
    return availability.variants.map(
      (variant) => variant.stock.find((entry) => entry.locationId === yardId)?.quantity ?? 0,
    );
  }

  async function onHand(variantId: number, yardId = fixtures.locationId) {
    const row = await db()
      .selectFrom('stock_levels')
      .select('quantity')
      .where('variant_id', '=', variantId)
      .where('location_id', '=', yardId)
      .executeTakeFirst();
    return row?.quantity;
  }

  async function versionIds(quoteId: number) {
    return ((await loadQuoteDetail(db(), quoteId))?.versions ?? []).map((version) => version.id);
  }

  const holdStates = async (quoteId: number) =>
    (await loadRequestHolds(db(), quoteId)).map((hold) => [hold.line, hold.quantity, hold.state, hold.reason]);

  it('holds each line at the pickup yard when the version is sent; shoppers see the stock net of it', async () => {
    const product = await stocked([10, 4]);
    const [a, b] = product.variants;
    if (!a || !b) throw new Error('two variants');
    const quote = await requestFor([
      { ...a, quantity: 3 },
      { ...b, quantity: 4 },
    ]);
    await send(quote.id, 2);
    expect(await holdStates(quote.id)).toEqual([
      [1, 3, 'held', null],
      [2, 4, 'held', null],
    ]);
    expect(await freeAtYard(product.id)).toEqual([7, 0]);
    expect(await onHand(a.id)).toBe(10);
    // The admin's stock form keeps the count on hand and says what is held and free.
    const levels = [
      { variantId: a.id, locationId: fixtures.locationId, onHand: 10 },
      { variantId: b.id, locationId: fixtures.locationId, onHand: 4 },
    ];
    expect(Object.values(await heldStockHints(db(), levels, 'en'))).toEqual([
      'Held by open quotes: 3; free to sell: 7',
      'Held by open quotes: 4; free to sell: 0',
    ]);
    const [hold] = await loadRequestHolds(db(), quote.id);
    if (!hold) throw new Error('a hold');
    expect(holdText(hold, 'en')).toBe('Held at Milton Sales Yard: 3');
    expect(holdText(hold, 'fr')).toBe('Réservé au Centre de Milton\u00a0: 3');
  });

  it('releases version 1’s holds when the desk takes it back, and holds version 2’s quantities instead', async () => {
    const product = await stocked([10]);
    const [a] = product.variants;
    if (!a) throw new Error('a variant');
    const quote = await requestFor([{ ...a, quantity: 3 }]);
    await send(quote.id, 1);
    await changeQuoteStatus(db(), { quoteId: quote.id, to: 'in_review', staffId: staff.id });
    expect(await freeAtYard(product.id)).toEqual([10]);
    await send(quote.id, 1, { quantities: [8] });
    const [v1, v2] = await versionIds(quote.id);
    const holds = await loadRequestHolds(db(), quote.id);
    expect(holds.map((hold) => [hold.versionId, hold.quantity, hold.state, hold.reason])).toEqual([
      [v1, 3, 'released', 'superseded'],
      [v2, 8, 'held', null],
    ]);
    expect(await freeAtYard(product.id)).toEqual([2]);
  });

  it('sells the accepted lines (the yard’s stock goes down), releases the refused one, sells a taken alternative from what is free', async () => {
    const product = await stocked([10, 6, 5]);
    const [a, b, alt] = product.variants;
    if (!a || !b || !alt) throw new Error('three variants');
    const quote = await requestFor([
      { ...a, quantity: 3 },
      { ...b, quantity: 2 },
      { ...b, quantity: 1 },
    ]);
    await sendTestVersion(db(), {
      quoteId: quote.id,
      staffId: staff.id,
      lines: 3,
      alternatives: { 3: [{ sku: alt.sku, unitPrice: '12', reason: 'Bigger' }] },
    });
    expect(await freeAtYard(product.id)).toEqual([7, 3, 5]);
    const [versionId = 0] = await versionIds(quote.id);
    const answers: LineAnswerInput[] = [
      { line: 1, answer: 'accept' },
      { line: 2, answer: 'refuse' },
      { line: 3, answer: 'alternative', alternative: 1 },
    ];
    expect(await answerVersion(db(), { versionId, answers, ipAddress: '', userAgent: '' })).toMatchObject({
      kind: 'recorded',
    });
    expect(await holdStates(quote.id)).toEqual([
      [1, 3, 'sold', 'sold'],
      [2, 2, 'released', 'refused'],
      [3, 1, 'released', 'alternative'],
    ]);
    expect([await onHand(a.id), await onHand(b.id), await onHand(alt.id)]).toEqual([7, 6, 4]);
    expect(await freeAtYard(product.id)).toEqual([7, 6, 4]);
  });

  it('releases every hold when the customer declines, and leaves the stock as it was', async () => {
    const product = await stocked([5]);
    const [a] = product.variants;
    if (!a) throw new Error('a variant');
    const quote = await requestFor([{ ...a, quantity: 5 }]);
    await send(quote.id, 1);
    expect(await freeAtYard(product.id)).toEqual([0]);
    const [versionId = 0] = await versionIds(quote.id);
    await answerVersion(db(), { versionId, answers: [{ line: 1, answer: 'refuse' }], ipAddress: '', userAgent: '' });
    expect(await holdStates(quote.id)).toEqual([[1, 5, 'released', 'declined']]);
    expect(await onHand(a.id)).toBe(5);
    expect(await freeAtYard(product.id)).toEqual([5]);
  });

  it('releases an expired version’s holds in the hourly job, once, however many runs', async () => {
    const product = await stocked([9]);
    const [a] = product.variants;
    if (!a) throw new Error('a variant');
    const quote = await requestFor([{ ...a, quantity: 4 }]);
    await send(quote.id, 1, { validUntil: addDays(nurseryDate(new Date()), 1) });
    // Still valid today: nothing to release.
    await releaseExpiredHolds(db());
    expect(await freeAtYard(product.id)).toEqual([5]);
    const later = new Date(Date.now() + 3 * DAY);
    const runs = await Promise.all([
      releaseExpiredHolds(db(), { now: later }),
      releaseExpiredHolds(db(), { now: later }),
    ]);
    expect(await holdStates(quote.id)).toEqual([[1, 4, 'released', 'expired']]);
    expect(runs.filter((count) => count > 0)).toHaveLength(1);
    expect(await releaseExpiredHolds(db(), { now: later })).toBe(0);
    expect(await freeAtYard(product.id)).toEqual([9]);
    expect(await onHand(a.id)).toBe(9);
  });

  it('never holds more than the yard has: of two versions sent at once, one is held, the other refused naming the short line', async () => {
    const product = await stocked([5, 20]);
    const [a, b] = product.variants;
    if (!a || !b) throw new Error('two variants');
    const first = await requestFor([
      { ...b, quantity: 2 },
      { ...a, quantity: 3 },
    ]);
    const second = await requestFor([
      { ...a, quantity: 4 },
      { ...b, quantity: 2 },
    ]);
    const results = await Promise.allSettled([send(first.id, 2), send(second.id, 2)]);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    const refused = results.find((result) => result.status === 'rejected');
    const error = refused?.status === 'rejected' ? refused.reason : undefined;
    expect(error).toBeInstanceOf(StockShortError);
    const shortages = (error as StockShortError).shortages;
    expect(shortages).toHaveLength(1);
    expect(shortages[0]?.sku).toBe(a.sku);
    // Whichever went first, the other found what it left.
    expect(shortages[0]?.available).toBe(results[0]?.status === 'fulfilled' ? 2 : 1);
    const loser = results[0]?.status === 'fulfilled' ? second : first;
    const detail = await loadQuoteDetail(db(), loser.id);
    expect(detail?.status).toBe('in_review');
    expect(detail?.versions).toEqual([]);
    expect(await loadRequestHolds(db(), loser.id)).toEqual([]);
    const [x = 0, y = 0] = await freeAtYard(product.id);
    expect(x).toBeGreaterThanOrEqual(0);
    expect(x + y).toBe(5 + 20 - (results[0]?.status === 'fulfilled' ? 5 : 6));
    // The desk is told in its language, with the SKU and what is free.
    for (const locale of ['en', 'fr'] as const) {
      let api: unknown;
      try {
        quoteDeskApiError(error, locale);
      } catch (thrown) {
        api = thrown;
      }
      expect(api).toBeInstanceOf(ApiError);
      expect(api).toMatchObject({ status: 409, code: 'stock_short' });
      expect((api as ApiError).message).toContain(a.sku);
    }
  });

  it('holds a delivery at the customer’s own sales yard, else at the main yard', async () => {
    const own = await createLocation(db(), { name: 'Ottawa', sortOrder: 50 });
    const product = await stocked([6]);
    const [a] = product.variants;
    if (!a) throw new Error('a variant');
    await db().insertInto('stock_levels').values({ variant_id: a.id, location_id: own.id, quantity: 6 }).execute();
    const customer = await createUser(db());
    await db().updateTable('users').set({ default_location_id: own.id }).where('id', '=', customer.id).execute();
    const mine = await requestFor([{ ...a, quantity: 2 }], { fulfilment: 'delivery', userId: customer.id });
    await send(mine.id, 1);
    expect((await loadRequestHolds(db(), mine.id)).map((hold) => hold.yard.id)).toEqual([own.id]);
    const main = await db()
      .selectFrom('locations')
      .select('id')
      .where('is_active', '=', true)
      .where('location_type_id', '=', 1)
      .orderBy('sort_order')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await db()
      .insertInto('stock_levels')
      .values({ variant_id: a.id, location_id: main.id, quantity: 6 })
      .onConflict((conflict) => conflict.columns(['variant_id', 'location_id']).doNothing())
      .execute();
    const anyone = await requestFor([{ ...a, quantity: 1 }], { fulfilment: 'delivery' });
    await send(anyone.id, 1);
    expect((await loadRequestHolds(db(), anyone.id)).map((hold) => hold.yard.id)).toEqual([main.id]);
  });
});
