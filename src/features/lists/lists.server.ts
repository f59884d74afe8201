import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../lib/db/schema.ts';
import { localizePath } from '../../lib/i18n/index.ts';
import { MAX_QUANTITY } from '../../lib/quantity.ts';
import { sizeFromRow, sizeText } from '../../lib/size.ts';
import { priceForUser } from '../accounts/pricing.ts';
import type { SessionUser } from '../accounts/session.ts';
import { addCartItem, cartSummary } from '../cart/cart.server.ts';
import { localized } from '../catalog/catalog.ts';
import { formForCategory, plantArtSvg, plantPaints } from '../catalog/plant-art.ts';
import { requireVariantForSale, VariantUnavailableError } from '../catalog/variants.server.ts';
import { productImageUrl } from '../media/media.ts';
import {
  type AddedToList,
  type AddListItem,
  type AddToList,
  deletionRefusal,
  type ListDetails,
  type ListItemView,
  type ListSummary,
  type ListToCartResult,
  type ListView,
} from './lists.ts';

type Db = Kysely<Database>;
type Trx = Transaction<Database>;
type Locale = 'en' | 'fr';

/**
 * A list (or a line of it) that does not exist or belongs to someone else: both answer the
 * same 404, so an id tells a stranger nothing.
 */
export class ListNotFoundError extends Error {
  override name = 'ListNotFoundError';
}

/** A delete the rules refuse: the default list, or the user's only list. */
export class ListDeletionRefusedError extends Error {
  override name = 'ListDeletionRefusedError';
  readonly reason: 'default' | 'only_list';

  constructor(reason: 'default' | 'only_list') {
    super(
      reason === 'default' ? 'The default wish list cannot be deleted' : "A user's only wish list cannot be deleted",
    );
    this.reason = reason;
  }
}

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

/** The lines of a list with what the page shows of each plant; today's price for this shopper. */
async function listItems(
  db: Db,
  listId: number,
  locale: Locale,
  user: Pick<SessionUser, 'inHouseAccountId'> | null,
): Promise<ListItemView[]> {
  const rows = await db
    .selectFrom('wishlist_items as item')
    .innerJoin('variants as variant', 'variant.id', 'item.variant_id')
    .innerJoin('products as product', 'product.id', 'variant.product_id')
    .innerJoin('categories as category', 'category.id', 'product.category_id')
    .select([
      'item.variant_id',
      'item.quantity',
      'variant.sku',
      'variant.size_label',
      'variant.size_kind',
      'variant.size_values',
      'variant.size_root_ball',
      'variant.list_price_cents',
      'variant.trade_price_cents',
      'variant.is_active',
      'product.id as product_id',
      'product.name_en',
      'product.name_fr',
      'product.slug_en',
      'product.slug_fr',
      'product.botanical_name',
      'product.is_published',
      'product.flower_colour_en',
      'product.foliage_colour_en',
      'category.path_en',
    ])
    .select((eb) => {
      // The first picture of the product (its thumbnail), if it has any.
      const first = (column: 'storage_key' | 'alt_en' | 'alt_fr') =>
        eb
          .selectFrom('product_images')
          .select(column)
          .whereRef('product_images.product_id', '=', 'product.id')
          .orderBy('position')
          .limit(1);
      return [
        first('storage_key').as('image_key'),
        first('alt_en').as('image_alt_en'),
        first('alt_fr').as('image_alt_fr'),
      ];
    })
    .where('item.wishlist_id', '=', listId)
    .orderBy('item.added_at')
    .orderBy('item.variant_id')
    .execute();
  return rows.map((row) => {
    const productName = localized(row, 'name', locale);
    const price = priceForUser(row, user);
    const form = formForCategory(row.path_en.split('/')[0] ?? '');
    const art = plantArtSvg({
      form,
      ...plantPaints(form, row.flower_colour_en, row.foliage_colour_en),
      seed: row.product_id,
    });
    return {
      variantId: row.variant_id,
      quantity: row.quantity,
      productName,
      botanicalName: row.botanical_name,
      productPath: localizePath(`/products/${localized(row, 'slug', locale)}`, locale),
      sizeLabel: sizeText(sizeFromRow(row), row.size_label, locale),
      sku: row.sku,
      unitPriceCents: price.cents,
      priceKind: price.kind,
      forSale: row.is_active && row.is_published,
      picture: row.image_key
        ? {
            src: productImageUrl(row.image_key),
            alt: (locale === 'fr' ? row.image_alt_fr : row.image_alt_en) || productName,
          }
        : { src: `data:image/svg+xml,${encodeURIComponent(art)}`, alt: '' },
    };
  });
}

/** One of the user's lists with its lines, or undefined when the user has no such list. */
export async function loadList(
  db: Db,
  user: Pick<SessionUser, 'id' | 'inHouseAccountId'>,
  listId: number,
  locale: Locale,
): Promise<ListView | undefined> {
  const list = await db
    .selectFrom('wishlists')
    .select(['id', 'name', 'description', 'is_default'])
    .where('id', '=', listId)
    .where('user_id', '=', user.id)
    .executeTakeFirst();
  if (!list) return undefined;
  const items = await listItems(db, list.id, locale, user);
  return {
    id: list.id,
    name: list.name,
    description: list.description,
    isDefault: list.is_default,
    itemCount: items.length,
    items,
  };
}

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

  const result: ListToCartResult = { count: 0, added: 0, skipped: [] };
  for (const line of lines) {
    try {
      const summary = await addCartItem(db, { userId }, { variantId: line.variant_id, quantity: line.quantity });
      result.count = summary.count;
      result.added += 1;
    } catch (error) {
      if (!(error instanceof VariantUnavailableError)) throw error;
      result.skipped.push({
        variantId: line.variant_id,
        name: localized(line, 'name', locale),
        sizeLabel: sizeText(sizeFromRow(line), line.size_label, locale),
      });
    }
  }
  if (result.added === 0) result.count = (await cartSummary(db, { userId })).count;
  return result;
}
