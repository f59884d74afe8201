import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../lib/db/schema.ts';
import { hasTradePricing, type SessionUser } from '../accounts/session.ts';
import { FROM_PRICES_MAX, type FromPrices } from './from-prices.ts';

/** `?ids=3,14,15`: the products whose "from" price a page shows, each once. */
export const FromPricesQuerySchema = z.object({
  ids: z
    .string()
    .regex(/^[1-9]\d{0,8}(,[1-9]\d{0,8})*$/)
    .transform((text) => [...new Set(text.split(',').map(Number))])
    .pipe(z.array(z.number().int().positive()).min(1).max(FROM_PRICES_MAX)),
});

/**
 * The "from" price of each product asked, as the shopper pays it: the lowest trade price of its
 * sizes for a shopper with trade pricing, the lowest list price for everyone else (the price
 * the catalogue's cards were built with). Only sizes for sale count: active, of a published
 * product. A product with none is left out.
 */
export async function fromPricesFor(
  db: Kysely<Database>,
  productIds: readonly number[],
  user: Pick<SessionUser, 'inHouseAccountId'> | null,
): Promise<FromPrices> {
  const trade = hasTradePricing(user);
  const rows = await db
    .selectFrom('variants')
    .innerJoin('products', 'products.id', 'variants.product_id')
    .select((eb) => [
      'variants.product_id as productId',
      (trade ? eb.fn.min('variants.trade_price_cents') : eb.fn.min('variants.list_price_cents')).as('cents'),
    ])
    .where('variants.product_id', 'in', [...productIds])
    .where('variants.is_active', '=', true)
    .where('products.is_published', '=', true)
    .groupBy('variants.product_id')
    .execute();
  return {
    priceKind: trade ? 'trade' : 'list',
    fromCents: Object.fromEntries(rows.map((row) => [row.productId, Number(row.cents)])),
  };
}
