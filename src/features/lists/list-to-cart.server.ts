import type { Kysely } from 'kysely';
import type { Database } from '../../lib/db/schema.ts';
import { sizeFromRow, sizeText } from '../../lib/size.ts';
import { addCartItem, cartSummary } from '../cart/cart.server.ts';
import { localized } from '../catalog/catalog.ts';
import { VariantUnavailableError } from '../catalog/variants.server.ts';
import { ListNotFoundError } from './list-errors.ts';
import type { ListToCartResult } from './lists.ts';

type Db = Kysely<Database>;
type Locale = 'en' | 'fr';

/**
 * Puts the lines of a list in the user's cart at today's prices, through the cart's own add
 * (one transaction per line, as on the product page). Lines no longer for sale are skipped
 * and named; `variantIds` limits the add to those lines (one item's "Add to Cart").
 */
export async function addListToCart(
  db: Db,
  userId: string,
  listId: number,
  locale: Locale,
  variantIds?: readonly number[],
): Promise<ListToCartResult> {
  const owned = await db
    .selectFrom('wishlists')
    .select('id')
    .where('id', '=', listId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!owned) throw new ListNotFoundError(`No list ${listId} for this user`);
  let query = db
    .selectFrom('wishlist_items as item')
    .innerJoin('variants as variant', 'variant.id', 'item.variant_id')
    .innerJoin('products as product', 'product.id', 'variant.product_id')
    .select(['item.variant_id', 'item.quantity', 'variant.size_label', 'product.name_en', 'product.name_fr'])
    .select(['variant.size_kind', 'variant.size_values', 'variant.size_root_ball'])
    .where('item.wishlist_id', '=', listId)
    .orderBy('item.added_at')
    .orderBy('item.variant_id');
  if (variantIds) query = query.where('item.variant_id', 'in', [...variantIds]);
  const lines = await query.execute();
  if (variantIds && lines.length !== new Set(variantIds).size) {
    throw new ListNotFoundError(`Some of variants ${variantIds.join(', ')} are not on list ${listId}`);
  }

  const result: ListToCartResult = { count: 0, added: 0, unitsAdded: 0, skipped: [], full: [] };
  const named = (line: (typeof lines)[number]) => ({
    variantId: line.variant_id,
    name: localized(line, 'name', locale),
    sizeLabel: sizeText(sizeFromRow(line), line.size_label, locale),
  });
  for (const line of lines) {
    try {
      const answer = await addCartItem(db, { userId }, { variantId: line.variant_id, quantity: line.quantity });
      result.count = answer.count;
      if (answer.added > 0) result.added += 1;
      result.unitsAdded += answer.added;
      if (answer.added < line.quantity) result.full.push(named(line));
    } catch (error) {
      if (!(error instanceof VariantUnavailableError)) throw error;
      result.skipped.push(named(line));
    }
  }
  if (result.added === 0) result.count = (await cartSummary(db, { userId })).count;
  return result;
}
