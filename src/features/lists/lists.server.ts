import { type Kysely, sql } from 'kysely';
import type { Database } from '../../lib/db/schema.ts';
import { requireVariantForSale } from '../catalog/variants.server.ts';
import type { AddedToList, AddListItem } from './lists.ts';

type Db = Kysely<Database>;

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

    await trx
      .insertInto('wishlist_items')
      .values({ wishlist_id: list.id, variant_id: item.variantId, quantity: item.quantity })
      .onConflict((conflict) =>
        conflict.columns(['wishlist_id', 'variant_id']).doUpdateSet({
          quantity: sql<number>`least(wishlist_items.quantity + excluded.quantity, 9999)`,
        }),
      )
      .execute();
    const { count } = await trx
      .selectFrom('wishlist_items')
      .select(sql<number>`count(*)::int`.as('count'))
      .where('wishlist_id', '=', list.id)
      .executeTakeFirstOrThrow();
    return {
      list: { id: list.id, name: list.name, isDefault: true },
      itemCount: count,
      created: inserted !== undefined,
    };
  });
}
