import { createHash, randomBytes } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../lib/db/schema.ts';
import { requireVariantForSale } from '../catalog/variants.server.ts';
import {
  type AddCartItem,
  type CartOwner,
  type CartSummary,
  GUEST_CART_COOKIE,
  GUEST_CART_MAX_AGE_S,
  MAX_LINE_QUANTITY,
} from './cart.ts';

type Db = Kysely<Database>;

export function newGuestToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashGuestToken(token: string): Uint8Array {
  return new Uint8Array(createHash('sha256').update(token).digest());
}

/**
 * Adds a quantity of a variant to the owner's cart, creating the cart on first use, in one
 * transaction. A line that exists grows (capped at 9999). Returns the new summary.
 */
export async function addCartItem(db: Db, owner: CartOwner, item: AddCartItem): Promise<CartSummary> {
  return db.transaction().execute(async (trx) => {
    await requireVariantForSale(trx, item.variantId);

    // Insert-or-touch in one statement: two first adds at once still make one cart.
    const insert = trx.insertInto('carts');
    const cart = await ('userId' in owner
      ? insert
          .values({ user_id: owner.userId })
          .onConflict((conflict) => conflict.column('user_id').doUpdateSet({ updated_at: sql`now()` }))
      : insert
          .values({ guest_token_hash: owner.guestTokenHash })
          .onConflict((conflict) => conflict.column('guest_token_hash').doUpdateSet({ updated_at: sql`now()` }))
    )
      .returning('id')
      .executeTakeFirstOrThrow();

    await trx
      .insertInto('cart_items')
      .values({ cart_id: cart.id, variant_id: item.variantId, quantity: item.quantity })
      .onConflict((conflict) =>
        conflict.columns(['cart_id', 'variant_id']).doUpdateSet({
          quantity: sql<number>`least(cart_items.quantity + excluded.quantity, ${sql.lit(MAX_LINE_QUANTITY)})`,
        }),
      )
      .execute();
    return { count: await countItems(trx, cart.id) };
  });
}

/** The owner's cart summary; an owner without a cart has an empty one. */
export async function cartSummary(db: Db, owner: CartOwner): Promise<CartSummary> {
  const cart = await ('userId' in owner
    ? db.selectFrom('carts').select('id').where('user_id', '=', owner.userId)
    : db.selectFrom('carts').select('id').where('guest_token_hash', '=', owner.guestTokenHash)
  ).executeTakeFirst();
  return { count: cart ? await countItems(db, cart.id) : 0 };
}

async function countItems(db: Db, cartId: string): Promise<number> {
  const row = await db
    .selectFrom('cart_items')
    .select(sql<number>`coalesce(sum(quantity), 0)::int`.as('count'))
    .where('cart_id', '=', cartId)
    .executeTakeFirstOrThrow();
  return row.count;
}

interface CookieJar {
  get(name: string): { value: string } | undefined;
  set(name: string, value: string, options: Record<string, unknown>): void;
}

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Whose cart this request reaches: the signed-in user's, else the guest token's. With
 * `create`, a guest without a token gets one (an HttpOnly cookie; only its hash is stored).
 */
export function resolveCartOwner(
  request: { cookies: CookieJar; url: URL; userId: string | null },
  options: { create: boolean },
): CartOwner | undefined {
  if (request.userId) return { userId: request.userId };
  const existing = request.cookies.get(GUEST_CART_COOKIE)?.value;
  if (existing && /^[A-Za-z0-9_-]{43}$/.test(existing)) return { guestTokenHash: hashGuestToken(existing) };
  if (!options.create) return undefined;
  const token = newGuestToken();
  request.cookies.set(GUEST_CART_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: !LOCAL_HOSTS.has(request.url.hostname),
    maxAge: GUEST_CART_MAX_AGE_S,
  });
  return { guestTokenHash: hashGuestToken(token) };
}
