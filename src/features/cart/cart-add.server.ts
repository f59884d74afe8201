import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { placeholder, preparedStatement } from '../../lib/db/prepared.ts';
import type { Database } from '../../lib/db/schema.ts';
import { MAX_QUANTITY } from '../../lib/quantity.ts';
import { VariantUnavailableError, variantForSale } from '../catalog/variants.server.ts';
import { type AddCartItem, type CartAddResult, CartAddResultSchema, type CartOwner } from './cart.ts';

type Db = Kysely<Database>;

/**
 * Adds a quantity of a variant to the owner's cart, creating the cart on first use, and
 * returns the new count, how many were added and the line's quantity, in one statement: one
 * round trip, so an add costs the database as little as a read. The variant must be for sale
 * (else VariantUnavailableError, and nothing is written); the cart is an insert-or-update on
 * its unique owner column, so two first adds at once make one cart, and an add to a cart
 * raises its version (a submit that read the cart before writes nothing, and reads it again);
 * a line that exists grows, capped at 9,999, by an upsert that never loses a concurrent add.
 * The cart's row is written before its line (the line's insert reads the cart's), so an add
 * waits for a submit writing the cart.
 *
 * What was added is the line after the add less the line before it, read under the line's
 * lock (`for update` follows a concurrent add's change), so each of two adds at once is told
 * its own share. One race is left: a line first made by another add after this statement
 * began is not seen before, and an add capped by it is told it added all it asked for, at
 * most (two first adds of one size in one cart, in the same instant, past 9,999 together).
 */
export async function addCartItem(db: Db, owner: CartOwner, item: AddCartItem): Promise<CartAddResult> {
  const result =
    'userId' in owner
      ? await addStatement(db, { ...item, owner: owner.userId }, 'user')
      : await addStatement(db, { ...item, owner: owner.guestTokenHash }, 'guest');
  const row = result.rows[0];
  if (!row) throw new VariantUnavailableError(`Variant ${item.variantId} is not for sale`);
  // A statement that computed an impossible answer fails here rather than misleading the shopper.
  return CartAddResultSchema.parse(row);
}

const addStatement = preparedStatement((db, kind: 'user' | 'guest') => {
  const variantId = placeholder<number>('variantId');
  const quantity = placeholder<number>('quantity');
  const cart =
    kind === 'user'
      ? sql`insert into carts (user_id) select ${placeholder('owner')}::uuid from for_sale
          on conflict (user_id) do update set version = carts.version + 1 returning id`
      : sql`insert into carts (guest_token_hash) select ${placeholder('owner')}::bytea from for_sale
          on conflict (guest_token_hash) do update set version = carts.version + 1 returning id`;
  return sql<CartAddResult>`
    with for_sale as (${variantForSale(db, variantId)}),
    cart as (${cart}),
    previous as (
      select cart_items.quantity from cart_items join cart on cart_items.cart_id = cart.id
      where cart_items.variant_id = ${variantId}
      for update of cart_items
    ),
    line as (
      -- Joined to previous, so that the line is read (and locked) before it grows.
      insert into cart_items (cart_id, variant_id, quantity)
      select cart.id, ${variantId}, ${quantity} from cart left join previous on true
      on conflict (cart_id, variant_id) do update
        set quantity = least(cart_items.quantity + excluded.quantity, ${sql.lit(MAX_QUANTITY)})
      returning cart_id, quantity
    )
    -- The other lines as the statement found them, plus this line as it now is.
    select (line.quantity + coalesce((
      select sum(quantity) from cart_items
      where cart_items.cart_id = line.cart_id and cart_items.variant_id <> ${variantId}
    ), 0))::int as count,
    least(${quantity}::int, line.quantity - coalesce((select quantity from previous), 0))::int as added,
    line.quantity as "lineQuantity"
    from line`;
});
