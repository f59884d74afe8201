import type { Kysely } from 'kysely';
import { freeStockOf } from '../../lib/db/free-stock.ts';
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
  const [product, settings] = await Promise.all([
    db
      .selectFrom('products')
      .select('id')
      .where('id', '=', productId)
      .where('is_published', '=', true)
      .executeTakeFirst(),
    db
      .selectFrom('app_settings')
      .select(['key', 'value'])
      .where('key', 'in', ['low_stock_threshold', 'locations'])
      .execute(),
  ]);
  if (!product) throw new ProductNotFoundError(`No published product ${productId}`);
  const setting = (key: string) => settings.find((row) => row.key === key)?.value;
  const threshold = setting('low_stock_threshold');
  const locationSetting = setting('locations') as { primary_location_type_ids_for_product_page?: unknown } | undefined;
  const typeIds = Array.isArray(locationSetting?.primary_location_type_ids_for_product_page)
    ? locationSetting.primary_location_type_ids_for_product_page.filter((id): id is number => Number.isInteger(id))
    : DEFAULT_LOCATION_TYPE_IDS;
  const lowStockThreshold = typeof threshold === 'number' ? threshold : DEFAULT_LOW_STOCK_THRESHOLD;

  const [locationRows, variantRows] = await Promise.all([
    typeIds.length === 0
      ? Promise.resolve([])
      : db
          .selectFrom('locations')
          .select(['id', 'code', 'name_en', 'name_fr', 'city', 'phone', 'hours_en', 'hours_fr'])
          .where('is_active', '=', true)
          .where('location_type_id', 'in', typeIds)
          .orderBy('sort_order')
          .orderBy('id')
          .execute(),
    db
      .selectFrom('variants')
      .select(['id', 'sku', 'size_label', 'size_kind', 'size_values', 'size_root_ball'])
      .select(['list_price_cents', 'trade_price_cents'])
      .where('product_id', '=', productId)
      .where('is_active', '=', true)
      .orderBy('sort_order')
      .orderBy('id')
      .execute(),
  ]);
  const stockRows =
    variantRows.length === 0 || locationRows.length === 0
      ? []
      : await db
          .selectFrom('stock_levels')
          // Net of what open quote versions hold at each yard (decision 054).
          .select(['variant_id', 'location_id', freeStockOf('stock_levels').as('quantity')])
          .where(
            'variant_id',
            'in',
            variantRows.map((variant) => variant.id),
          )
          .where(
            'location_id',
            'in',
            locationRows.map((location) => location.id),
          )
          .execute();
  const quantities = new Map(stockRows.map((row) => [`${row.variant_id}:${row.location_id}`, row.quantity]));

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
