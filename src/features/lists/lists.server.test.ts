import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomer, createProduct } from '../../../tests/factories/catalog.ts';
import { createTestDatabase, ENGINES, type TestDatabase } from '../../../tests/support/databases.ts';
import { VariantUnavailableError } from '../catalog/variants.server.ts';
import { addToDefaultList } from './lists.server.ts';

describe.each(ENGINES)('add to the default wish list on %s', (engine) => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase(engine);
  });
  afterAll(async () => {
    await test?.drop();
  });
  const db = () => test.handle.db;

  it("makes the user's first list the default, named as asked, then adds to it", async () => {
    const user = await createCustomer(db());
    const product = await createProduct(db(), { variants: [{}, {}] });
    const first = await addToDefaultList(db(), user.id, { variantId: product.variants[0].id, quantity: 1 }, 'Ma liste');
    expect(first).toMatchObject({ list: { name: 'Ma liste', isDefault: true }, itemCount: 1, created: true });
    const second = await addToDefaultList(db(), user.id, { variantId: product.variants[1].id, quantity: 2 }, 'My List');
    expect(second).toMatchObject({ list: { id: first.list.id, name: 'Ma liste' }, itemCount: 2, created: false });
    const again = await addToDefaultList(db(), user.id, { variantId: product.variants[1].id, quantity: 3 }, 'My List');
    expect(again.itemCount).toBe(2);
    const item = await db()
      .selectFrom('wishlist_items')
      .select('quantity')
      .where('wishlist_id', '=', first.list.id)
      .where('variant_id', '=', product.variants[1].id)
      .executeTakeFirstOrThrow();
    expect(item.quantity).toBe(5);
  });

  it('adds to the existing default, not to another list', async () => {
    const user = await createCustomer(db());
    const product = await createProduct(db());
    const lists = await db()
      .insertInto('wishlists')
      .values([
        { user_id: user.id, name: 'Front yard', is_default: false },
        { user_id: user.id, name: 'Backyard', is_default: true },
      ])
      .returning(['id', 'name'])
      .execute();
    const added = await addToDefaultList(db(), user.id, { variantId: product.variants[0].id, quantity: 1 }, 'My List');
    expect(added).toMatchObject({ list: { name: 'Backyard' }, created: false });
    expect(added.list.id).toBe(lists.find((list) => list.name === 'Backyard')?.id);
  });

  it('makes exactly one default list when two first adds arrive at once', async () => {
    const user = await createCustomer(db());
    const product = await createProduct(db(), { variants: [{}, {}] });
    await Promise.all(
      product.variants.map((variant) =>
        addToDefaultList(db(), user.id, { variantId: variant.id, quantity: 1 }, 'My List'),
      ),
    );
    const lists = await db().selectFrom('wishlists').select('id').where('user_id', '=', user.id).execute();
    expect(lists).toHaveLength(1);
  });

  it('refuses a variant that is not for sale and makes no list', async () => {
    const user = await createCustomer(db());
    const product = await createProduct(db(), { variants: [{ isActive: false }] });
    await expect(
      addToDefaultList(db(), user.id, { variantId: product.variants[0].id, quantity: 1 }, 'My List'),
    ).rejects.toThrow(VariantUnavailableError);
    const lists = await db().selectFrom('wishlists').select('id').where('user_id', '=', user.id).execute();
    expect(lists).toEqual([]);
  });
});
