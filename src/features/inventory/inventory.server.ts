import { type Kysely, sql } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import { freeStockOf } from '../../lib/db/free-stock.ts';
import { placeholder, preparedStatement } from '../../lib/db/prepared.ts';
import type { Database } from '../../lib/db/schema.ts';
import type { Locale } from '../../lib/i18n/index.ts';
import { typography } from '../../lib/i18n/typography.ts';
import { sizeFromRow, sizeText } from '../../lib/size.ts';
import { priceForUser } from '../accounts/pricing.ts';
import { hasTradePricing, type SessionUser } from '../accounts/session.ts';
import { stockLabel } from '../catalog/stock.ts';
import { type Availability, orderByMyLocation } from './inventory.ts';

type Db = Kysely<Database>;

const DEFAULT_LOW_STOCK_THRESHOLD = 5;
/** Sales yards, when the setting does not say which location types the product page lists. */
const DEFAULT_LOCATION_TYPE_IDS = [1];

export class ProductNotFoundError extends Error {
  override name = 'ProductNotFoundError';
}

/**
 * The location types the product page lists: the whole numbers of setting
 * `locations.primary_location_type_ids_for_product_page` when it is a list, the sales yards
 * when it is not.
 */
const listedTypeIds = sql<number[]>`coalesce((
  select array(
    select (e #>> '{}')::int from jsonb_array_elements(s.value -> 'primary_location_type_ids_for_product_page') e
    where jsonb_typeof(e) = 'number' and (e #>> '{}')::numeric % 1 = 0
  )
  from public.app_settings s
  where s.key = 'locations' and jsonb_typeof(s.value -> 'primary_location_type_ids_for_product_page') = 'array'
), ${sql.lit(`{${DEFAULT_LOCATION_TYPE_IDS.join(',')}}`)}::int[])`;

/**
 * Everything the product page's stock island shows, in one statement (one round trip, which
 * costs more than the reads themselves: docs/decisions/048-native-first-islands.md): the
 * product if published (one row, or none), the low-stock threshold, the active locations of
 * the listed types in the order the page shows them, and the product's active variants in
 * order, each with its free stock at every one of those locations that holds a stock row for
 * it (no row: no stock there; a variant without any: one entry, no location).
 */
const availabilityStatement = preparedStatement((db) =>
  db
    .with('listed', (qb) => qb.selectNoFrom(listedTypeIds.as('type_ids')))
    .selectFrom(['products', 'listed'])
    .select((eb) => [
      'products.id',
      eb.selectFrom('app_settings').select('value').where('key', '=', 'low_stock_threshold').as('threshold'),
      jsonArrayFrom(
        eb
          .selectFrom('locations')
          .select(['id', 'code', 'name_en', 'name_fr', 'city', 'phone', 'hours_en', 'hours_fr'])
          .where('is_active', '=', true)
          .where('location_type_id', '=', sql<number>`any(listed.type_ids)`)
          .orderBy('sort_order')
          .orderBy('id'),
      ).as('locations'),
      jsonArrayFrom(
        eb
          .selectFrom('variants')
          .leftJoin(
            (join) =>
              join
                .selectFrom('stock_levels')
                .innerJoin('locations', 'locations.id', 'stock_levels.location_id')
                .select([
                  'stock_levels.variant_id',
                  'stock_levels.location_id',
                  freeStockOf('stock_levels').as('quantity'),
                ])
                .where('locations.is_active', '=', true)
                .where('locations.location_type_id', '=', sql<number>`any(listed.type_ids)`)
                .as('stock'),
            (join) => join.onRef('stock.variant_id', '=', 'variants.id'),
          )
          .select(['variants.id', 'variants.sku', 'variants.size_label', 'variants.size_kind', 'variants.size_values'])
          .select(['variants.size_root_ball', 'variants.list_price_cents', 'variants.trade_price_cents'])
          .select(['stock.location_id', 'stock.quantity'])
          .whereRef('variants.product_id', '=', 'products.id')
          .where('variants.is_active', '=', true)
          .orderBy('variants.sort_order')
          .orderBy('variants.id'),
      ).as('stock'),
    ])
    .where('products.id', '=', placeholder<number>('productId'))
    .where('products.is_published', '=', true),
);

/**
 * Live stock of a published product's active variants at each location the product page
 * lists (setting `locations.primary_location_type_ids_for_product_page`), net of what open
 * quote versions hold there, with the price this user pays. Throws ProductNotFoundError for an unknown or unpublished product.
 */
export async function loadAvailability(
  db: Db,
  productId: number,
  user: Pick<SessionUser, 'inHouseAccountId' | 'defaultLocationId'> | null,
  locale: Locale,
): Promise<Availability> {
  const [head] = (await availabilityStatement(db, { productId })).rows;
  if (!head) throw new ProductNotFoundError(`No published product ${productId}`);
  const lowStockThreshold = typeof head.threshold === 'number' ? head.threshold : DEFAULT_LOW_STOCK_THRESHOLD;
  const { locations: locationRows, stock: stockRows } = head;
  // One row per variant and listed location it has stock at (a variant without any: one row, no location).
  const variantRows = [...new Map(stockRows.map((row) => [row.id, row])).values()];
  const quantities = new Map(
    stockRows.flatMap((row) => (row.location_id === null ? [] : [[`${row.id}:${row.location_id}`, row.quantity]])),
  );

  const myLocationId =
    user?.defaultLocationId != null && locationRows.some((location) => location.id === user.defaultLocationId)
      ? user.defaultLocationId
      : null;
  const locations = orderByMyLocation(locationRows, myLocationId, (location) => location.id);
  return {
    productId,
    priceKind: hasTradePricing(user) ? 'trade' : 'list',
    lowStockThreshold,
    myLocationId,
    locations: locations.map((location) => ({
      id: location.id,
      code: location.code,
      // Written as the catalogue's pages write them (the contact page lists the same yards).
      name: typography(locale === 'fr' ? location.name_fr : location.name_en, locale),
      city: location.city,
      phone: location.phone,
      hours: typography(locale === 'fr' ? location.hours_fr : location.hours_en, locale),
    })),
    variants: variantRows.map((variant) => {
      const stock = locations.map((location) => {
        const quantity = quantities.get(`${variant.id}:${location.id}`) ?? 0;
        return { locationId: location.id, quantity, label: stockLabel(quantity, lowStockThreshold) };
      });
      const totalQuantity = stock.reduce((sum, entry) => sum + entry.quantity, 0);
      return {
        id: variant.id,
        sku: variant.sku,
        sizeLabel: sizeText(sizeFromRow(variant), variant.size_label, locale),
        priceCents: priceForUser(variant, user).cents,
        listPriceCents: variant.list_price_cents,
        totalQuantity,
        label: stockLabel(totalQuantity, lowStockThreshold),
        stock,
      };
    }),
  };
}
