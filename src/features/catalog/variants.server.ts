import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../lib/db/schema.ts';

export class VariantUnavailableError extends Error {
  override name = 'VariantUnavailableError';
}

/** The variant, if a shopper may add it to a cart or a list: active, of a published product. */
export function variantForSale(db: Kysely<Database> | Transaction<Database>, variantId: number) {
  return db
    .selectFrom('variants')
    .innerJoin('products', 'products.id', 'variants.product_id')
    .select('variants.id')
    .where('variants.id', '=', variantId)
    .where('variants.is_active', '=', true)
    .where('products.is_published', '=', true);
}

/** Throws VariantUnavailableError unless the variant is for sale (`variantForSale`). */
export async function requireVariantForSale(
  db: Kysely<Database> | Transaction<Database>,
  variantId: number,
): Promise<void> {
  const variant = await variantForSale(db, variantId).executeTakeFirst();
  if (!variant) throw new VariantUnavailableError(`Variant ${variantId} is not for sale`);
}
