import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createCustomer, createInHouseAccount, createProduct } from '../../../tests/factories/catalog.ts';
import { ENGINES } from '../../../tests/support/databases.ts';
import { useTestDatabase } from '../../../tests/support/suite-database.ts';
import { MAX_QUANTITY } from '../../lib/quantity.ts';
import { VariantUnavailableError } from '../catalog/variants.server.ts';
import {
  addCartItem,
  CartLineNotFoundError,
  cartSummary,
  cartView,
  hashGuestToken,
  mergeGuestCart,
  mergeGuestCartOfRequest,
  newGuestToken,
  readCartLines,
  removeCartItem,
  resolveCartOwner,
  updateCartItem,
} from './cart.server.ts';
import { GUEST_CART_COOKIE } from './cart.ts';

describe.each(ENGINES)('cart queries on %s', (engine) => {
  const db = useTestDatabase(engine);

  it('makes a guest cart on the first add and stores only the token hash', async () => {
    const product = await createProduct(db(), { variants: [{}, {}] });
    const token = newGuestToken();
    const owner = { guestTokenHash: hashGuestToken(token) };
    expect(await cartSummary(db(), owner)).toEqual({ count: 0 });

    expect(await addCartItem(db(), owner, { variantId: product.variants[0].id, quantity: 2 })).toEqual({
      count: 2,
      added: 2,
      lineQuantity: 2,
    });
    expect(await addCartItem(db(), owner, { variantId: product.variants[1].id, quantity: 3 })).toEqual({
      count: 5,
      added: 3,
      lineQuantity: 3,
    });
    expect(await cartSummary(db(), owner)).toEqual({ count: 5 });

    const carts = await db()
      .selectFrom('carts')
      .selectAll()
      .where('guest_token_hash', '=', owner.guestTokenHash)
      .execute();
    expect(carts).toHaveLength(1);
    expect(carts[0]?.user_id).toBeNull();
    // The SHA-256 of the token, never the token itself.
    expect(Buffer.from(carts[0]?.guest_token_hash ?? [])).toEqual(createHash('sha256').update(token).digest());
  });

  it('grows an existing line, capped at 9999, and says how many it added', async () => {
    const product = await createProduct(db(), { variants: [{}, {}] });
    const owner = { guestTokenHash: hashGuestToken(newGuestToken()) };
    const variantId = product.variants[0].id;
    await addCartItem(db(), owner, { variantId: product.variants[1].id, quantity: 1 });
    await addCartItem(db(), owner, { variantId, quantity: 4 });
    expect(await addCartItem(db(), owner, { variantId, quantity: 6 })).toEqual({
      count: 11,
      added: 6,
      lineQuantity: 10,
    });
    // 9,989 fit of the 9,999 asked for.
    expect(await addCartItem(db(), owner, { variantId, quantity: MAX_QUANTITY })).toEqual({
      count: MAX_QUANTITY + 1,
      added: MAX_QUANTITY - 10,
      lineQuantity: MAX_QUANTITY,
    });
    // A full line takes none, and the cart is as it was.
    expect(await addCartItem(db(), owner, { variantId, quantity: 1 })).toEqual({
      count: MAX_QUANTITY + 1,
      added: 0,
      lineQuantity: MAX_QUANTITY,
    });
    expect(await cartSummary(db(), owner)).toEqual({ count: MAX_QUANTITY + 1 });
  });

  it('tells each of many parallel adds its own share of a line that fills up', async () => {
    const product = await createProduct(db());
    const user = await createCustomer(db());
    const owner = { userId: user.id };
    const variantId = product.variants[0].id;
    await addCartItem(db(), owner, { variantId, quantity: 1 });
    // 1 + 12 × 1,000: the line fills up part way through.
    const results = await Promise.all(
      Array.from({ length: 12 }, () => addCartItem(db(), owner, { variantId, quantity: 1000 })),
    );
    expect(results.reduce((sum, result) => sum + result.added, 0)).toBe(MAX_QUANTITY - 1);
    expect(results.filter((result) => result.added === 1000)).toHaveLength(9);
    expect(results.filter((result) => result.added === 998)).toHaveLength(1);
    expect(results.filter((result) => result.added === 0)).toHaveLength(2);
    expect(await cartSummary(db(), owner)).toEqual({ count: MAX_QUANTITY });
  });

  it("keeps a signed-in user's cart apart from guests' carts", async () => {
    const product = await createProduct(db());
    const user = await createCustomer(db());
    const guest = { guestTokenHash: hashGuestToken(newGuestToken()) };
    await addCartItem(db(), { userId: user.id }, { variantId: product.variants[0].id, quantity: 1 });
    await addCartItem(db(), { userId: user.id }, { variantId: product.variants[0].id, quantity: 1 });
    expect(await cartSummary(db(), { userId: user.id })).toEqual({ count: 2 });
    expect(await cartSummary(db(), guest)).toEqual({ count: 0 });
    const carts = await db().selectFrom('carts').select('id').where('user_id', '=', user.id).execute();
    expect(carts).toHaveLength(1);
  });

  it('makes one cart when two first adds arrive at once', async () => {
    const product = await createProduct(db());
    const owner = { guestTokenHash: hashGuestToken(newGuestToken()) };
    const variantId = product.variants[0].id;
    await Promise.all([
      addCartItem(db(), owner, { variantId, quantity: 1 }),
      addCartItem(db(), owner, { variantId, quantity: 1 }),
    ]);
    expect(await cartSummary(db(), owner)).toEqual({ count: 2 });
  });

  it('refuses inactive variants and unpublished products, adding nothing', async () => {
    const inactive = await createProduct(db(), { variants: [{ isActive: false }] });
    const unpublished = await createProduct(db(), { isPublished: false });
    const owner = { guestTokenHash: hashGuestToken(newGuestToken()) };
    await expect(addCartItem(db(), owner, { variantId: inactive.variants[0].id, quantity: 1 })).rejects.toThrow(
      VariantUnavailableError,
    );
    await expect(addCartItem(db(), owner, { variantId: unpublished.variants[0].id, quantity: 1 })).rejects.toThrow(
      VariantUnavailableError,
    );
    await expect(addCartItem(db(), owner, { variantId: 987654, quantity: 1 })).rejects.toThrow(VariantUnavailableError);
    const carts = await db()
      .selectFrom('carts')
      .select('id')
      .where('guest_token_hash', '=', owner.guestTokenHash)
      .execute();
    expect(carts).toEqual([]);
  });

  it('adds every one of many parallel adds to the same variant', async () => {
    const product = await createProduct(db());
    const user = await createCustomer(db());
    const owner = { userId: user.id };
    const variantId = product.variants[0].id;
    await Promise.all(Array.from({ length: 25 }, () => addCartItem(db(), owner, { variantId, quantity: 3 })));
    expect(await cartSummary(db(), owner)).toEqual({ count: 75 });
    const lines = await readCartLines(db(), owner, null);
    expect(lines.map((line) => line.quantity)).toEqual([75]);
  });

  it('prices the lines for the shopper: trade prices for a linked trade account, list prices otherwise', async () => {
    const product = await createProduct(db(), {
      variants: [
        { listPriceCents: 5000, tradePriceCents: 3900, sizeLabel: '#2' },
        { listPriceCents: 12000, tradePriceCents: 9000, sizeLabel: '#7' },
      ],
    });
    const account = await createInHouseAccount(db());
    const trade = await createCustomer(db(), { inHouseAccountId: account.id });
    const owner = { userId: trade.id };
    await addCartItem(db(), owner, { variantId: product.variants[0].id, quantity: 2 });
    await addCartItem(db(), owner, { variantId: product.variants[1].id, quantity: 1 });

    const tradeView = await cartView(db(), owner, { inHouseAccountId: account.id }, 'fr');
    expect(tradeView).toMatchObject({ count: 3, totalCents: 2 * 3900 + 9000, tradePricing: true });
    expect(tradeView.lines).toMatchObject([
      {
        size: 'Contenant nº\u00a02',
        quantity: 2,
        unitPriceCents: 3900,
        priceKind: 'trade',
        subtotalCents: 7800,
        available: true,
      },
      {
        size: 'Contenant nº\u00a07',
        quantity: 1,
        unitPriceCents: 9000,
        priceKind: 'trade',
        subtotalCents: 9000,
        available: true,
      },
    ]);
    expect(tradeView.lines[0]?.href).toMatch(/^\/fr\/products\/plante-/);
    expect(tradeView.lines[0]?.name).toMatch(/^Plante /);
    expect(tradeView.lines[0]?.image).toBeNull();

    const retailView = await cartView(db(), owner, { inHouseAccountId: null }, 'en');
    expect(retailView).toMatchObject({ totalCents: 2 * 5000 + 12000, tradePricing: false });
    expect(retailView.lines[0]).toMatchObject({
      size: '#2',
      unitPriceCents: 5000,
      priceKind: 'list',
      href: expect.stringMatching(/^\/products\/plant-/),
    });
  });

  it('shows a line no longer sold but leaves it out of the total', async () => {
    const product = await createProduct(db(), { variants: [{ listPriceCents: 1000 }, { listPriceCents: 2500 }] });
    const owner = { guestTokenHash: hashGuestToken(newGuestToken()) };
    await addCartItem(db(), owner, { variantId: product.variants[0].id, quantity: 1 });
    await addCartItem(db(), owner, { variantId: product.variants[1].id, quantity: 2 });
    await db().updateTable('variants').set({ is_active: false }).where('id', '=', product.variants[1].id).execute();
    const view = await cartView(db(), owner, null, 'en');
    expect(view.lines.map((line) => line.available)).toEqual([true, false]);
    expect(view).toMatchObject({ count: 3, totalCents: 1000 });
  });

  it("changes and removes only the caller's own lines: another cart's line is not found and stays as it was", async () => {
    const product = await createProduct(db());
    const alice = { userId: (await createCustomer(db())).id };
    const bob = { userId: (await createCustomer(db())).id };
    const guest = { guestTokenHash: hashGuestToken(newGuestToken()) };
    await addCartItem(db(), alice, { variantId: product.variants[0].id, quantity: 4 });
    await addCartItem(db(), bob, { variantId: product.variants[0].id, quantity: 1 });
    const [aliceLine] = await readCartLines(db(), alice, null);
    if (!aliceLine) throw new Error('Alice has a line');

    for (const intruder of [bob, guest, undefined]) {
      await expect(updateCartItem(db(), intruder, aliceLine.id, 9)).rejects.toThrow(CartLineNotFoundError);
      await expect(removeCartItem(db(), intruder, aliceLine.id)).rejects.toThrow(CartLineNotFoundError);
    }
    await expect(updateCartItem(db(), alice, 2_000_000_000, 9)).rejects.toThrow(CartLineNotFoundError);
    expect((await readCartLines(db(), alice, null)).map((line) => line.quantity)).toEqual([4]);
    expect(await cartSummary(db(), bob)).toEqual({ count: 1 });

    await updateCartItem(db(), alice, aliceLine.id, 9);
    expect(await cartSummary(db(), alice)).toEqual({ count: 9 });
    await removeCartItem(db(), alice, aliceLine.id);
    expect(await readCartLines(db(), alice, null)).toEqual([]);
    expect(await cartSummary(db(), bob)).toEqual({ count: 1 });
  });

  it("raises the cart's version with every change of its lines; reads and a refused add leave it", async () => {
    const product = await createProduct(db(), { variants: [{}, {}] });
    const [a, b] = product.variants.map((variant) => variant.id) as [number, number];
    const user = { userId: (await createCustomer(db())).id };
    const version = async () =>
      (await db().selectFrom('carts').select('version').where('user_id', '=', user.userId).executeTakeFirstOrThrow())
        .version;
    await addCartItem(db(), user, { variantId: a, quantity: 1 });
    const made = await version();
    await addCartItem(db(), user, { variantId: a, quantity: 1 });
    expect(await version()).toBe(made + 1);
    await addCartItem(db(), user, { variantId: b, quantity: 1 });
    expect(await version()).toBe(made + 2);
    const [line] = await readCartLines(db(), user, null);
    if (!line) throw new Error('The user has a line');
    await updateCartItem(db(), user, line.id, 5);
    expect(await version()).toBe(made + 3);
    await removeCartItem(db(), user, line.id);
    expect(await version()).toBe(made + 4);
    const guest = { guestTokenHash: hashGuestToken(newGuestToken()) };
    await addCartItem(db(), guest, { variantId: a, quantity: 2 });
    await mergeGuestCart(db(), guest.guestTokenHash, user.userId);
    expect(await version()).toBe(made + 5);
    // Reads and refused changes leave it as it is.
    await readCartLines(db(), user, null);
    await cartSummary(db(), user);
    await expect(addCartItem(db(), user, { variantId: 2_000_000_000, quantity: 1 })).rejects.toThrow(
      VariantUnavailableError,
    );
    expect(await version()).toBe(made + 5);
  });

  it('merges a guest cart into a cart holding the same variants: quantities added, capped at 9,999, guest cart gone', async () => {
    const product = await createProduct(db(), { variants: [{}, {}, {}] });
    const [a, b, c] = product.variants.map((variant) => variant.id) as [number, number, number];
    const user = { userId: (await createCustomer(db())).id };
    const guest = { guestTokenHash: hashGuestToken(newGuestToken()) };
    await addCartItem(db(), user, { variantId: a, quantity: 2 });
    await addCartItem(db(), user, { variantId: b, quantity: 9000 });
    await addCartItem(db(), guest, { variantId: a, quantity: 3 });
    await addCartItem(db(), guest, { variantId: b, quantity: 5000 });
    await addCartItem(db(), guest, { variantId: c, quantity: 7 });

    expect(await mergeGuestCart(db(), guest.guestTokenHash, user.userId)).toBe(true);

    const lines = await readCartLines(db(), user, null);
    expect(Object.fromEntries(lines.map((line) => [line.variantId, line.quantity]))).toEqual({
      [a]: 5,
      [b]: MAX_QUANTITY,
      [c]: 7,
    });
    const guestCarts = await db()
      .selectFrom('carts')
      .select('id')
      .where('guest_token_hash', '=', guest.guestTokenHash)
      .execute();
    expect(guestCarts).toEqual([]);
    expect(await cartSummary(db(), guest)).toEqual({ count: 0 });
    // Nothing left to merge the second time.
    expect(await mergeGuestCart(db(), guest.guestTokenHash, user.userId)).toBe(false);
  });

  it('merges a guest cart into a user who has no cart yet, and merges it once when two requests race', async () => {
    const product = await createProduct(db());
    const user = { userId: (await createCustomer(db())).id };
    const guest = { guestTokenHash: hashGuestToken(newGuestToken()) };
    await addCartItem(db(), guest, { variantId: product.variants[0].id, quantity: 6 });
    const results = await Promise.all([
      mergeGuestCart(db(), guest.guestTokenHash, user.userId),
      mergeGuestCart(db(), guest.guestTokenHash, user.userId),
    ]);
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await cartSummary(db(), user)).toEqual({ count: 6 });
  });

  it('folds the guest cart of a request that also carries a user, and clears the cookie', async () => {
    const product = await createProduct(db());
    const user = { userId: (await createCustomer(db())).id };
    const token = newGuestToken();
    await addCartItem(
      db(),
      { guestTokenHash: hashGuestToken(token) },
      { variantId: product.variants[0].id, quantity: 2 },
    );
    const deleted: string[] = [];
    const cookies = {
      get: (name: string) => (name === GUEST_CART_COOKIE ? { value: token } : undefined),
      set: () => {},
      delete: (name: string) => deleted.push(name),
    };
    await mergeGuestCartOfRequest(db(), { cookies, url: new URL('http://127.0.0.1/cart') }, user.userId);
    expect(deleted).toEqual([GUEST_CART_COOKIE]);
    expect(await cartSummary(db(), user)).toEqual({ count: 2 });
  });
});

describe('resolveCartOwner', () => {
  function jar(initial: Record<string, string> = {}) {
    const values = new Map(Object.entries(initial));
    const sets: { name: string; value: string; options: Record<string, unknown> }[] = [];
    return {
      sets,
      get: (name: string) => (values.has(name) ? { value: values.get(name) as string } : undefined),
      set: (name: string, value: string, options: Record<string, unknown>) => {
        values.set(name, value);
        sets.push({ name, value, options });
      },
    };
  }
  const url = new URL('https://shop.example/api/cart/items');

  it('uses the signed-in user first', () => {
    const cookies = jar({ [GUEST_CART_COOKIE]: newGuestToken() });
    expect(resolveCartOwner({ cookies, url, userId: 'u-1' }, { create: true })).toEqual({ userId: 'u-1' });
    expect(cookies.sets).toEqual([]);
  });

  it('reads the guest token, or makes one only when asked', () => {
    const token = newGuestToken();
    expect(
      resolveCartOwner({ cookies: jar({ [GUEST_CART_COOKIE]: token }), url, userId: null }, { create: false }),
    ).toEqual({
      guestTokenHash: hashGuestToken(token),
    });
    expect(resolveCartOwner({ cookies: jar(), url, userId: null }, { create: false })).toBeUndefined();
    const cookies = jar();
    const owner = resolveCartOwner({ cookies, url, userId: null }, { create: true });
    expect(cookies.sets).toHaveLength(1);
    const [set] = cookies.sets;
    expect(set?.options).toMatchObject({ httpOnly: true, sameSite: 'lax', secure: true, path: '/' });
    expect(owner).toEqual({ guestTokenHash: hashGuestToken(set?.value ?? '') });
  });

  it('replaces a malformed token instead of trusting it', () => {
    const cookies = jar({ [GUEST_CART_COOKIE]: 'short' });
    resolveCartOwner({ cookies, url: new URL('http://127.0.0.1:4321/'), userId: null }, { create: true });
    expect(cookies.sets[0]?.options).toMatchObject({ secure: false });
  });
});
