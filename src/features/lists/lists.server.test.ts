import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createCustomer, createInHouseAccount, createProduct } from '../../../tests/factories/catalog.ts';
import { ENGINES } from '../../../tests/support/databases.ts';
import { useTestDatabase } from '../../../tests/support/suite-database.ts';
import { ApiError, errorResponse } from '../../lib/http/api.ts';
import { getT } from '../../lib/i18n/index.ts';
import { addCartItem, cartSummary } from '../cart/cart.server.ts';
import { VariantUnavailableError } from '../catalog/variants.server.ts';
import {
  addListToCart,
  addToDefaultList,
  addToList,
  createList,
  deleteList,
  ListDeletionRefusedError,
  ListNotFoundError,
  listsOfUser,
  loadList,
  makeDefaultList,
  removeListItem,
  setListItemQuantity,
  updateList,
} from './lists.server.ts';
import { listApiError } from './lists-api.server.ts';

describe.each(ENGINES)('wish lists on %s', (engine) => {
  const db = useTestDatabase(engine);
  const defaults = async (userId: string) =>
    (
      await db()
        .selectFrom('wishlists')
        .select('id')
        .where('user_id', '=', userId)
        .where('is_default', '=', true)
        .execute()
    ).map((row) => row.id);
  const shopper = async () => {
    const user = await createCustomer(db());
    return { ...user, inHouseAccountId: null };
  };

  describe('add to the default list', () => {
    it("makes the user's first list the default, named as asked, then adds to it", async () => {
      const user = await createCustomer(db());
      const product = await createProduct(db(), { variants: [{}, {}] });
      const first = await addToDefaultList(
        db(),
        user.id,
        { variantId: product.variants[0].id, quantity: 1 },
        'Ma liste',
      );
      expect(first).toMatchObject({ list: { name: 'Ma liste', isDefault: true }, itemCount: 1, created: true });
      const second = await addToDefaultList(
        db(),
        user.id,
        { variantId: product.variants[1].id, quantity: 2 },
        'My List',
      );
      expect(second).toMatchObject({ list: { id: first.list.id, name: 'Ma liste' }, itemCount: 2, created: false });
      const again = await addToDefaultList(
        db(),
        user.id,
        { variantId: product.variants[1].id, quantity: 3 },
        'My List',
      );
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
      const added = await addToDefaultList(
        db(),
        user.id,
        { variantId: product.variants[0].id, quantity: 1 },
        'My List',
      );
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

  describe('create, rename, make default, delete', () => {
    it('makes the first list the default and the next ones plain lists', async () => {
      const user = await createCustomer(db());
      const first = await createList(db(), user.id, { name: 'Backyard', description: '' });
      const second = await createList(db(), user.id, { name: 'Front yard', description: 'Along the walk' });
      expect(first).toMatchObject({ name: 'Backyard', isDefault: true, itemCount: 0 });
      expect(second).toMatchObject({ name: 'Front yard', description: 'Along the walk', isDefault: false });
      expect(await defaults(user.id)).toEqual([first.id]);
    });

    it('leaves exactly one default when the first two lists are created at once', async () => {
      const user = await createCustomer(db());
      const made = await Promise.all([
        createList(db(), user.id, { name: 'One', description: '' }),
        createList(db(), user.id, { name: 'Two', description: '' }),
      ]);
      expect(made.filter((list) => list.isDefault)).toHaveLength(1);
      expect(await defaults(user.id)).toHaveLength(1);
      expect(await listsOfUser(db(), user.id)).toHaveLength(2);
    });

    it('lists the default first, then by name, with item counts', async () => {
      const user = await createCustomer(db());
      const product = await createProduct(db(), { variants: [{}, {}] });
      const zinnias = await createList(db(), user.id, { name: 'Zinnias', description: '' });
      const asters = await createList(db(), user.id, { name: 'asters', description: '' });
      for (const variant of product.variants) {
        await addToList(db(), user.id, asters.id, { variantId: variant.id, quantity: 2 });
      }
      expect(await listsOfUser(db(), user.id)).toEqual([
        { id: zinnias.id, name: 'Zinnias', description: '', isDefault: true, itemCount: 0 },
        { id: asters.id, name: 'asters', description: '', isDefault: false, itemCount: 2 },
      ]);
    });

    it('renames a list and sets its description', async () => {
      const user = await createCustomer(db());
      const list = await createList(db(), user.id, { name: 'Hedge', description: '' });
      const saved = await updateList(db(), user.id, list.id, { name: 'Cedar hedge', description: 'North side' });
      expect(saved).toMatchObject({ id: list.id, name: 'Cedar hedge', description: 'North side', isDefault: true });
    });

    it('moves the default in one step, and parallel calls leave exactly one default', async () => {
      const user = await createCustomer(db());
      const lists = [];
      for (const name of ['A', 'B', 'C', 'D', 'E'])
        lists.push(await createList(db(), user.id, { name, description: '' }));
      await makeDefaultList(db(), user.id, lists[2].id);
      expect(await defaults(user.id)).toEqual([lists[2].id]);

      const results = await Promise.allSettled(lists.map((list) => makeDefaultList(db(), user.id, list.id)));
      expect(results.map((result) => result.status)).toEqual(Array(lists.length).fill('fulfilled'));
      const after = await defaults(user.id);
      expect(after).toHaveLength(1);
      expect(lists.map((list) => list.id)).toContain(after[0]);
    });

    it('refuses to delete the default list and keeps it', async () => {
      const user = await createCustomer(db());
      const main = await createList(db(), user.id, { name: 'Main', description: '' });
      await createList(db(), user.id, { name: 'Other', description: '' });
      const refused = await deleteList(db(), user.id, main.id).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(ListDeletionRefusedError);
      expect((refused as ListDeletionRefusedError).reason).toBe('default');
      expect(await defaults(user.id)).toEqual([main.id]);
    });

    it("refuses to delete the user's only list", async () => {
      const user = await createCustomer(db());
      const only = await createList(db(), user.id, { name: 'Only', description: '' });
      await expect(deleteList(db(), user.id, only.id)).rejects.toThrow(ListDeletionRefusedError);
      expect(await listsOfUser(db(), user.id)).toHaveLength(1);
    });

    it('deletes a plain list with its lines, once another is the default', async () => {
      const user = await createCustomer(db());
      const product = await createProduct(db());
      const first = await createList(db(), user.id, { name: 'First', description: '' });
      const second = await createList(db(), user.id, { name: 'Second', description: '' });
      await addToList(db(), user.id, first.id, { variantId: product.variants[0].id, quantity: 1 });
      await makeDefaultList(db(), user.id, second.id);
      await deleteList(db(), user.id, first.id);
      expect((await listsOfUser(db(), user.id)).map((list) => list.id)).toEqual([second.id]);
      const lines = await db()
        .selectFrom('wishlist_items')
        .select('variant_id')
        .where('wishlist_id', '=', first.id)
        .execute();
      expect(lines).toEqual([]);
    });
  });

  describe('lines', () => {
    it('adds to a chosen list, sets a quantity and removes a line', async () => {
      const user = await shopper();
      const product = await createProduct(db(), { variants: [{ listPriceCents: 2500 }] });
      const variantId = product.variants[0].id;
      await createList(db(), user.id, { name: 'Default', description: '' });
      const chosen = await createList(db(), user.id, { name: 'Chosen', description: '' });
      const added = await addToList(db(), user.id, chosen.id, { variantId, quantity: 3 });
      expect(added).toEqual({
        list: { id: chosen.id, name: 'Chosen', isDefault: false },
        itemCount: 1,
        created: false,
      });
      await addToList(db(), user.id, chosen.id, { variantId, quantity: 9998 });
      expect(await setListItemQuantity(db(), user.id, chosen.id, variantId, 12)).toEqual({ variantId, quantity: 12 });

      const view = await loadList(db(), user, chosen.id, 'fr');
      expect(view?.items).toHaveLength(1);
      expect(view?.items[0]).toMatchObject({
        variantId,
        quantity: 12,
        productName: expect.stringMatching(/^Plante /),
        productPath: expect.stringMatching(/^\/fr\/products\/plante-/),
        unitPriceCents: 2500,
        priceKind: 'list',
        forSale: true,
        picture: { src: expect.stringMatching(/^data:image\/svg\+xml,/), alt: '' },
      });

      await removeListItem(db(), user.id, chosen.id, variantId);
      expect((await loadList(db(), user, chosen.id, 'en'))?.items).toEqual([]);
      await expect(removeListItem(db(), user.id, chosen.id, variantId)).rejects.toThrow(ListNotFoundError);
    });

    it('caps a line at 9,999 and refuses a plant that is not for sale', async () => {
      const user = await createCustomer(db());
      const product = await createProduct(db(), { variants: [{}, { isActive: false }] });
      const list = await createList(db(), user.id, { name: 'Cap', description: '' });
      await addToList(db(), user.id, list.id, { variantId: product.variants[0].id, quantity: 9000 });
      await addToList(db(), user.id, list.id, { variantId: product.variants[0].id, quantity: 9000 });
      const line = await db()
        .selectFrom('wishlist_items')
        .select('quantity')
        .where('wishlist_id', '=', list.id)
        .executeTakeFirstOrThrow();
      expect(line.quantity).toBe(9999);
      await expect(
        addToList(db(), user.id, list.id, { variantId: product.variants[1].id, quantity: 1 }),
      ).rejects.toThrow(VariantUnavailableError);
    });
  });

  describe("another user's list", () => {
    it('is not found by any function, changes nothing, and answers a 404 with no data', async () => {
      const owner = await shopper();
      const stranger = await shopper();
      const product = await createProduct(db());
      const variantId = product.variants[0].id;
      const list = await createList(db(), owner.id, { name: 'Private', description: 'Secret garden' });
      const other = await createList(db(), owner.id, { name: 'Other', description: '' });
      await addToList(db(), owner.id, list.id, { variantId, quantity: 2 });
      await createList(db(), stranger.id, { name: 'Mine', description: '' });

      expect(await loadList(db(), stranger, list.id, 'en')).toBeUndefined();
      const attempts: [string, () => Promise<unknown>][] = [
        ['rename', () => updateList(db(), stranger.id, list.id, { name: 'Taken', description: '' })],
        ['make default', () => makeDefaultList(db(), stranger.id, other.id)],
        ['delete', () => deleteList(db(), stranger.id, other.id)],
        ['add a line', () => addToList(db(), stranger.id, list.id, { variantId, quantity: 1 })],
        ['set a quantity', () => setListItemQuantity(db(), stranger.id, list.id, variantId, 7)],
        ['remove a line', () => removeListItem(db(), stranger.id, list.id, variantId)],
        ['add to cart', () => addListToCart(db(), stranger.id, list.id, 'en')],
      ];
      const t = getT('en', 'lists');
      for (const [what, attempt] of attempts) {
        const error = await attempt().then(
          () => undefined,
          (caught: unknown) => caught,
        );
        expect(error, what).toBeInstanceOf(ListNotFoundError);
        const apiError = listApiError(error, t, 'edit');
        expect(apiError, what).toBeInstanceOf(ApiError);
        const response = errorResponse(apiError as ApiError);
        expect(response.status, what).toBe(404);
        expect(await response.json(), what).toEqual({ error: { code: 'not_found', message: 'Not Found' } });
      }

      const after = await loadList(db(), owner, list.id, 'en');
      expect(after).toMatchObject({ name: 'Private', description: 'Secret garden', isDefault: true });
      expect(after?.items.map((item) => item.quantity)).toEqual([2]);
      expect((await listsOfUser(db(), owner.id)).map((entry) => entry.name)).toEqual(['Private', 'Other']);
      expect((await cartSummary(db(), { userId: stranger.id })).count).toBe(0);
    });
  });

  describe('add to cart', () => {
    it('adds every line at its quantity, names and skips what is no longer sold', async () => {
      const user = await shopper();
      const sold = await createProduct(db(), { variants: [{}, {}] });
      const retired = await createProduct(db(), { variants: [{ sizeLabel: '#5' }] });
      const list = await createList(db(), user.id, { name: 'All', description: '' });
      await addToList(db(), user.id, list.id, { variantId: sold.variants[0].id, quantity: 2 });
      await addToList(db(), user.id, list.id, { variantId: sold.variants[1].id, quantity: 3 });
      await addToList(db(), user.id, list.id, { variantId: retired.variants[0].id, quantity: 4 });
      await db().updateTable('products').set({ is_published: false }).where('id', '=', retired.id).execute();

      const view = await loadList(db(), user, list.id, 'en');
      expect(view?.items.map((item) => item.forSale)).toEqual([true, true, false]);

      const result = await addListToCart(db(), user.id, list.id, 'en');
      expect(result.count).toBe(5);
      expect(result.added).toBe(2);
      // The toast counts units, as the cart does: 2 + 3.
      expect(result.unitsAdded).toBe(5);
      expect(result.skipped).toEqual([
        { variantId: retired.variants[0].id, name: expect.stringMatching(/^Plant /), sizeLabel: '#5' },
      ]);
      expect((await cartSummary(db(), { userId: user.id })).count).toBe(5);

      const one = await addListToCart(db(), user.id, list.id, 'en', [sold.variants[1].id]);
      expect(one).toMatchObject({ count: 8, added: 1, unitsAdded: 3, skipped: [] });
      await expect(addListToCart(db(), user.id, list.id, 'en', [999_999_999])).rejects.toThrow(ListNotFoundError);
    });

    it('names the sizes the cart took only part of, or none, because their line reached 9,999', async () => {
      const user = await shopper();
      const plant = await createProduct(db(), { variants: [{ sizeLabel: '#1' }, { sizeLabel: '#2' }] });
      const list = await createList(db(), user.id, { name: 'Big job', description: '' });
      await addToList(db(), user.id, list.id, { variantId: plant.variants[0].id, quantity: 5 });
      await addToList(db(), user.id, list.id, { variantId: plant.variants[1].id, quantity: 5 });
      await addCartItem(db(), { userId: user.id }, { variantId: plant.variants[0].id, quantity: 9_997 });
      const first = await addListToCart(db(), user.id, list.id, 'en');
      expect(first).toMatchObject({ count: 9_999 + 5, added: 2, unitsAdded: 2 + 5, skipped: [] });
      expect(first.full).toEqual([
        { variantId: plant.variants[0].id, name: expect.stringMatching(/^Plant /), sizeLabel: '#1' },
      ]);
      // Again: the first size takes none at all and is named again; the second still grows.
      const again = await addListToCart(db(), user.id, list.id, 'en');
      expect(again).toMatchObject({ count: 9_999 + 10, added: 1 });
      expect(again.full.map((line) => line.variantId)).toEqual([plant.variants[0].id]);
    });

    it('prices lines for a trade user at the trade price', async () => {
      const account = await createInHouseAccount(db());
      const user = await createCustomer(db(), { inHouseAccountId: account.id });
      const product = await createProduct(db(), { variants: [{ listPriceCents: 5000, tradePriceCents: 4000 }] });
      const list = await createList(db(), user.id, { name: 'Trade', description: '' });
      await addToList(db(), user.id, list.id, { variantId: product.variants[0].id, quantity: 1 });
      const view = await loadList(db(), { id: user.id, inHouseAccountId: account.id }, list.id, 'en');
      expect(view?.items[0]).toMatchObject({ unitPriceCents: 4000, priceKind: 'trade' });
    });
  });

  it('keeps the schema rule too: one default per user at commit', async () => {
    const user = await createCustomer(db());
    await createList(db(), user.id, { name: 'Main', description: '' });
    await expect(
      db()
        .transaction()
        .execute((trx) =>
          trx.updateTable('wishlists').set({ is_default: false }).where('user_id', '=', user.id).execute(),
        ),
    ).rejects.toThrow();
    const { rows } = await sql<{ defaults: number }>`
      select count(*)::int as defaults from wishlists where user_id = ${user.id} and is_default
    `.execute(db());
    expect(rows[0]?.defaults).toBe(1);
  });
});
