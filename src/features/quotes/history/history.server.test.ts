import { describe, expect, it } from 'vitest';
import { createCustomer, createProduct } from '../../../../tests/factories/catalog.ts';
import { checkoutInput as checkout, shopperWithCart as fillCart } from '../../../../tests/factories/quotes.ts';
import { ENGINES } from '../../../../tests/support/databases.ts';
import { useTestDatabase } from '../../../../tests/support/suite-database.ts';
import { addCartItem, cartSummary, readCartLines } from '../../cart/cart.server.ts';
import { submitQuoteRequest } from '../submit/checkout.server.ts';
import { listQuoteRequests, loadOwnQuote, QuoteNotFoundError, reorderQuoteRequest } from './history.server.ts';

describe.each(ENGINES)("a customer's quote history on %s", (engine) => {
  const db = useTestDatabase(engine);
  const shopperWithCart = (lines?: { listPriceCents?: number; quantity: number }[]) => fillCart(db(), lines);

  it("answers another customer's request as not found, with nothing of it", async () => {
    const { user: owner } = await shopperWithCart();
    const stranger = await createCustomer(db());
    const { result } = await submitQuoteRequest(db(), owner, checkout('delivery'), 'en');
    expect(await loadOwnQuote(db(), stranger.id, result.id)).toBeUndefined();
    await expect(reorderQuoteRequest(db(), stranger.id, result.id, 'en')).rejects.toThrow(QuoteNotFoundError);
    expect(await cartSummary(db(), { userId: stranger.id })).toEqual({ count: 0 });
    expect((await listQuoteRequests(db(), stranger.id, { page: 1, size: 10 })).items).toEqual([]);
  });

  it('pages the history newest first, with item counts and totals', async () => {
    const user = await createCustomer(db());
    const product = await createProduct(db(), { variants: [{ listPriceCents: 1000 }] });
    const references: string[] = [];
    for (let i = 1; i <= 7; i++) {
      await addCartItem(db(), { userId: user.id }, { variantId: product.variants[0]?.id ?? 0, quantity: i });
      references.push((await submitQuoteRequest(db(), user, checkout('delivery'), 'en')).result.reference);
    }
    const first = await listQuoteRequests(db(), user.id, { page: 1, size: 5 });
    expect(first).toMatchObject({ total: 7, page: 1, size: 5, pageCount: 2 });
    expect(first.items.map((item) => item.reference)).toEqual(references.slice(2).reverse());
    expect(first.items[0]).toMatchObject({
      itemCount: 7,
      subtotalCents: 7000,
      status: 'submitted',
      fulfilment: 'delivery',
    });
    const second = await listQuoteRequests(db(), user.id, { page: 2, size: 5 });
    expect(second.items.map((item) => item.reference)).toEqual(references.slice(0, 2).reverse());
    // A page past the end shows the last one.
    expect((await listQuoteRequests(db(), user.id, { page: 9, size: 5 })).page).toBe(2);
  });

  it("adds a request's items back to the cart at today's prices, naming those no longer sold", async () => {
    const { user, product } = await shopperWithCart([{ quantity: 2 }, { quantity: 5 }]);
    const { result } = await submitQuoteRequest(db(), user, checkout('delivery'), 'en');
    await db()
      .updateTable('variants')
      .set({ is_active: false })
      .where('id', '=', product.variants[1]?.id ?? 0)
      .execute();
    const reorder = await reorderQuoteRequest(db(), user.id, result.id, 'en');
    // One line of 2 back in the cart: the customer is told 2 items, as the cart counts them.
    expect(reorder).toEqual({
      count: 2,
      added: 1,
      unitsAdded: 2,
      skipped: [expect.stringMatching(/^Plant \d+ \(#2\)$/)],
    });
    const cart = await readCartLines(db(), { userId: user.id }, { inHouseAccountId: null });
    expect(cart.map((line) => [line.variantId, line.quantity])).toEqual([[product.variants[0]?.id, 2]]);
  });
});
