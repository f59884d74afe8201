import type { Kysely } from 'kysely';
import type { Database } from '../../lib/db/schema.ts';
import { localizePath } from '../../lib/i18n/index.ts';
import { sizeFromRow, sizeText } from '../../lib/size.ts';
import { priceForUser } from '../accounts/pricing.ts';
import type { SessionUser } from '../accounts/session.ts';
import { localized } from '../catalog/catalog.ts';
import { formForCategory, plantArtSvg, plantPaints } from '../catalog/plant-art.ts';
import { productImageUrl } from '../media/media.ts';
import type { ListItemView, ListView } from './lists.ts';

type Db = Kysely<Database>;
type Locale = 'en' | 'fr';

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
