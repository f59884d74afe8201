import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { placeholder, preparedStatement } from '../../lib/db/prepared.ts';
import type { Database } from '../../lib/db/schema.ts';
import { MAX_QUANTITY } from '../../lib/quantity.ts';
import { VariantUnavailableError, variantForSale } from '../catalog/variants.server.ts';
import type { AddCartItem, CartOwner, CartSummary } from './cart.ts';

type Db = Kysely<Database>;

/**
 * Adds a quantity of a variant to the owner's cart, creating the cart on first use, and
 * returns the new summary, in one statement: one round trip, so an add costs the database
 * as little as a read. The variant must be for sale (else VariantUnavailableError, and
 * nothing is written); the cart is an insert-or-update on its unique owner column, so two
 * first adds at once make one cart, and an add to a cart raises its version (a submit that
 * read the cart before writes nothing, and reads it again); a line that exists grows, capped
 * at 9,999, by an upsert that never loses a concurrent add. The cart's row is written before
 * its line (the line's insert reads the cart's), so an add waits for a submit writing the cart.
 */
export async function addCartItem(db: Db, owner: CartOwner, item: AddCartItem): Promise<CartSummary> {
  const result =
    'userId' in owner
      ? await addStatement(db, { ...item, owner: owner.userId }, 'user')
      : await addStatement(db, { ...item, owner: owner.guestTokenHash }, 'guest');
  const row = result.rows[0];
  if (!row) throw new VariantUnavailableError(`Variant ${item.variantId} is not for sale`);
  return { count: row.count };
}

const addStatement = preparedStatement((db, kind: 'user' | 'guest') => {
  const variantId = placeholder<number>('variantId');
  const cart =
    kind === 'user'
      ? sql`insert into carts (user_id) select ${placeholder('owner')}::uuid from for_sale
          on conflict (user_id) do update set version = carts.version + 1 returning id`
      : sql`insert into carts (guest_token_hash) select ${placeholder('owner')}::bytea from for_sale
          on conflict (guest_token_hash) do update set version = carts.version + 1 returning id`;
  return sql<{ count: number }>`
    with for_sale as (${variantForSale(db, variantId)}),
    cart as (${cart}),
    line as (
      insert into cart_items (cart_id, variant_id, quantity)
      select cart.id, ${variantId}, ${placeholder('quantity')} from cart
      on conflict (cart_id, variant_id) do update
        set quantity = least(cart_items.quantity + excluded.quantity, ${sql.lit(MAX_QUANTITY)})
      returning cart_id, quantity
    )
    -- The other lines as the statement found them, plus this line as it now is.
    select (line.quantity + coalesce((
      select sum(quantity) from cart_items
      where cart_items.cart_id = line.cart_id and cart_items.variant_id <> ${variantId}
    ), 0))::int as count
    from line`;
});
