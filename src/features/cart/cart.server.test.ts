import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomer, createProduct } from '../../../tests/factories/catalog.ts';
import { createTestDatabase, ENGINES, type TestDatabase } from '../../../tests/support/databases.ts';
import { VariantUnavailableError } from '../catalog/variants.server.ts';
import { addCartItem, cartSummary, hashGuestToken, newGuestToken, resolveCartOwner } from './cart.server.ts';
import { GUEST_CART_COOKIE } from './cart.ts';

describe.each(ENGINES)('cart queries on %s', (engine) => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase(engine);
  });
  afterAll(async () => {
    await test?.drop();
  });
  const db = () => test.handle.db;

  it('makes a guest cart on the first add and stores only the token hash', async () => {
    const product = await createProduct(db(), { variants: [{}, {}] });
    const token = newGuestToken();
    const owner = { guestTokenHash: hashGuestToken(token) };
    expect(await cartSummary(db(), owner)).toEqual({ count: 0 });

    expect(await addCartItem(db(), owner, { variantId: product.variants[0].id, quantity: 2 })).toEqual({ count: 2 });
    expect(await addCartItem(db(), owner, { variantId: product.variants[1].id, quantity: 3 })).toEqual({ count: 5 });
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

  it('grows an existing line, capped at 9999', async () => {
    const product = await createProduct(db());
    const owner = { guestTokenHash: hashGuestToken(newGuestToken()) };
    const variantId = product.variants[0].id;
    await addCartItem(db(), owner, { variantId, quantity: 4 });
    expect(await addCartItem(db(), owner, { variantId, quantity: 6 })).toEqual({ count: 10 });
    expect(await addCartItem(db(), owner, { variantId, quantity: 9999 })).toEqual({ count: 9999 });
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
