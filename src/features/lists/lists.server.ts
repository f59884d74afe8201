import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../lib/db/schema.ts';
import { MAX_QUANTITY } from '../../lib/quantity.ts';
import { requireVariantForSale } from '../catalog/variants.server.ts';
import { ListDeletionRefusedError, ListNotFoundError } from './list-errors.ts';
import {
  type AddedToList,
  type AddListItem,
  type AddToList,
  deletionRefusal,
  type ListDetails,
  type ListSummary,
} from './lists.ts';

// A list's page and its "add all to cart" live beside this file; importers keep this one.
export { addListToCart } from './list-to-cart.server.ts';
export { loadList } from './list-view.server.ts';
export { ListDeletionRefusedError, ListNotFoundError };

type Db = Kysely<Database>;
type Trx = Transaction<Database>;

/**
 * Adds a variant to the user's default wish list, in one transaction. A user with no list
 * gets a default one named `defaultName` first. An item already on the list grows by the
 * quantity (capped at 9999).
 */
export async function addToDefaultList(
  db: Db,
  userId: string,
  item: Pick<AddListItem, 'variantId' | 'quantity'>,
  defaultName: string,
): Promise<AddedToList> {
  return db.transaction().execute(async (trx) => {
    await requireVariantForSale(trx, item.variantId);

    // A user who has lists has exactly one default (the schema checks it at commit), so a
    // default list is inserted only when there is none; a concurrent first add waits on the
    // unique index and then finds the other's list.
    const inserted = await trx
      .insertInto('wishlists')
      .values({ user_id: userId, name: defaultName, is_default: true })
      .onConflict((conflict) => conflict.column('user_id').where(sql<boolean>`is_default`).doNothing())
      .returning('id')
      .executeTakeFirst();
    const list = await trx
      .selectFrom('wishlists')
      .select(['id', 'name'])
      .where('user_id', '=', userId)
      .where('is_default', '=', true)
      .executeTakeFirstOrThrow();

    const itemCount = await upsertItem(trx, list.id, item);
    return { list: { id: list.id, name: list.name, isDefault: true }, itemCount, created: inserted !== undefined };
  });
}

/** Puts a variant on a list (or grows its line, capped at 9999); returns the list's line count. */
async function upsertItem(trx: Trx, listId: number, item: AddToList): Promise<number> {
  await trx
    .insertInto('wishlist_items')
    .values({ wishlist_id: listId, variant_id: item.variantId, quantity: item.quantity })
    .onConflict((conflict) =>
      conflict.columns(['wishlist_id', 'variant_id']).doUpdateSet({
        quantity: sql<number>`least(wishlist_items.quantity + excluded.quantity, ${sql.lit(MAX_QUANTITY)})`,
      }),
    )
    .execute();
  const { count } = await trx
    .selectFrom('wishlist_items')
    .select(sql<number>`count(*)::int`.as('count'))
    .where('wishlist_id', '=', listId)
    .executeTakeFirstOrThrow();
  return count;
}

/** The user's lists with their line counts: the default first, then by name. */
export async function listsOfUser(db: Db, userId: string): Promise<ListSummary[]> {
  const rows = await db
    .selectFrom('wishlists')
    .select(['id', 'name', 'description', 'is_default'])
    .select((eb) =>
      eb
        .selectFrom('wishlist_items')
        .select(sql<number>`count(*)::int`.as('count'))
        .whereRef('wishlist_items.wishlist_id', '=', 'wishlists.id')
        .as('item_count'),
    )
    .where('user_id', '=', userId)
    .orderBy('is_default', 'desc')
    .orderBy(sql`lower(name)`)
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    description: row.description,
    isDefault: row.is_default,
    itemCount: Number(row.item_count ?? 0),
  }));
}

/**
 * Creates a list. The user's first list is the default: the insert claims the default only
 * when the user has none, and the partial unique index settles two first lists made at
 * once (the second waits for the first, finds the conflict, and is inserted as a plain list).
 */
export async function createList(db: Db, userId: string, details: ListDetails): Promise<ListSummary> {
  return db.transaction().execute(async (trx) => {
    const asDefault = await trx
      .insertInto('wishlists')
      .values({
        user_id: userId,
        name: details.name,
        description: details.description,
        is_default: sql<boolean>`not exists (select 1 from public.wishlists where user_id = ${userId} and is_default)`,
      })
      .onConflict((conflict) => conflict.column('user_id').where(sql<boolean>`is_default`).doNothing())
      .returning(['id', 'name', 'description', 'is_default'])
      .executeTakeFirst();
    const row =
      asDefault ??
      (await trx
        .insertInto('wishlists')
        .values({ user_id: userId, name: details.name, description: details.description, is_default: false })
        .returning(['id', 'name', 'description', 'is_default'])
        .executeTakeFirstOrThrow());
    return { id: row.id, name: row.name, description: row.description, isDefault: row.is_default, itemCount: 0 };
  });
}

/** Renames a list and sets its description. */
export async function updateList(db: Db, userId: string, listId: number, details: ListDetails): Promise<ListSummary> {
  const row = await db
    .updateTable('wishlists')
    .set({ name: details.name, description: details.description })
    .where('id', '=', listId)
    .where('user_id', '=', userId)
    .returning(['id', 'name', 'description', 'is_default'])
    .executeTakeFirst();
  if (!row) throw new ListNotFoundError(`No list ${listId} for this user`);
  const { count } = await db
    .selectFrom('wishlist_items')
    .select(sql<number>`count(*)::int`.as('count'))
    .where('wishlist_id', '=', listId)
    .executeTakeFirstOrThrow();
  return { id: row.id, name: row.name, description: row.description, isDefault: row.is_default, itemCount: count };
}

/** Locks every list of the user, so that make-default and delete run one after the other. */
async function lockLists(trx: Trx, userId: string) {
  return trx
    .selectFrom('wishlists')
    .select(['id', 'is_default'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .forUpdate()
    .execute();
}

/**
 * Makes a list the user's default, in one transaction: the old default is cleared, then the
 * new one set (the unique index allows one default at a time; the deferred trigger checks
 * there is exactly one at commit). The user's lists are locked first, so parallel calls
 * take turns and the last one wins.
 */
export async function makeDefaultList(db: Db, userId: string, listId: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const lists = await lockLists(trx, userId);
    const target = lists.find((list) => list.id === listId);
    if (!target) throw new ListNotFoundError(`No list ${listId} for this user`);
    if (target.is_default) return;
    await trx
      .updateTable('wishlists')
      .set({ is_default: false })
      .where('user_id', '=', userId)
      .where('is_default', '=', true)
      .execute();
    await trx.updateTable('wishlists').set({ is_default: true }).where('id', '=', listId).execute();
  });
}

/**
 * Deletes a list and its lines. The default list and the user's only list are refused here,
 * under the lock, whatever the database would allow (its trigger lets the last list go).
 */
export async function deleteList(db: Db, userId: string, listId: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const lists = await lockLists(trx, userId);
    const target = lists.find((list) => list.id === listId);
    if (!target) throw new ListNotFoundError(`No list ${listId} for this user`);
    const refusal = deletionRefusal({ isDefault: target.is_default }, lists.length);
    if (refusal) throw new ListDeletionRefusedError(refusal);
    await trx.deleteFrom('wishlists').where('id', '=', listId).execute();
  });
}

/** The list's row if the user owns it; locked against a concurrent delete while lines are added. */
async function requireOwnList(trx: Trx, userId: string, listId: number) {
  const list = await trx
    .selectFrom('wishlists')
    .select(['id', 'name', 'is_default'])
    .where('id', '=', listId)
    .where('user_id', '=', userId)
    .forShare()
    .executeTakeFirst();
  if (!list) throw new ListNotFoundError(`No list ${listId} for this user`);
  return list;
}

/** Adds a variant to a list the user chose (the product page's chooser). */
export async function addToList(db: Db, userId: string, listId: number, item: AddToList): Promise<AddedToList> {
  return db.transaction().execute(async (trx) => {
    const list = await requireOwnList(trx, userId, listId);
    await requireVariantForSale(trx, item.variantId);
    const itemCount = await upsertItem(trx, list.id, item);
    return { list: { id: list.id, name: list.name, isDefault: list.is_default }, itemCount, created: false };
  });
}

/** Sets how many of a plant the list holds. */
export async function setListItemQuantity(
  db: Db,
  userId: string,
  listId: number,
  variantId: number,
  quantity: number,
): Promise<{ variantId: number; quantity: number }> {
  const row = await db
    .updateTable('wishlist_items')
    .set({ quantity })
    .where('variant_id', '=', variantId)
    .where('wishlist_id', 'in', (eb) =>
      eb.selectFrom('wishlists').select('id').where('id', '=', listId).where('user_id', '=', userId),
    )
    .returning(['variant_id', 'quantity'])
    .executeTakeFirst();
  if (!row) throw new ListNotFoundError(`No line for variant ${variantId} on list ${listId} of this user`);
  return { variantId: row.variant_id, quantity: row.quantity };
}

/** Takes a plant off a list. */
export async function removeListItem(db: Db, userId: string, listId: number, variantId: number): Promise<void> {
  const result = await db
    .deleteFrom('wishlist_items')
    .where('variant_id', '=', variantId)
    .where('wishlist_id', 'in', (eb) =>
      eb.selectFrom('wishlists').select('id').where('id', '=', listId).where('user_id', '=', userId),
    )
    .executeTakeFirst();
  if (result.numDeletedRows === 0n) {
    throw new ListNotFoundError(`No line for variant ${variantId} on list ${listId} of this user`);
  }
}
