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

/** One line of a cart with what a page or a quote needs to show and price it. */
export interface CartLine {
  variantId: number;
  quantity: number;
  sku: string;
  sizeLabel: string;
  productCode: string;
  nameEn: string;
  nameFr: string;
  botanicalName: string;
  slugEn: string;
  slugFr: string;
  listPriceCents: number;
  tradePriceCents: number;
  /** Active variant of a published product: it may be bought today. */
  forSale: boolean;
}

/**
 * The owner's cart lines, oldest first (an owner without a cart has none). Prices are the
 * variant's today; `priceForUser` picks the one the shopper pays. Takes a transaction too.
 */
export async function readCartLines(db: Db, owner: CartOwner): Promise<CartLine[]> {
  const query = db
    .selectFrom('cart_items')
    .innerJoin('carts', 'carts.id', 'cart_items.cart_id')
    .innerJoin('variants', 'variants.id', 'cart_items.variant_id')
    .innerJoin('products', 'products.id', 'variants.product_id')
    .select([
      'cart_items.variant_id',
      'cart_items.quantity',
      'variants.sku',
      'variants.size_label',
      'variants.list_price_cents',
      'variants.trade_price_cents',
      'variants.is_active',
      'products.code',
      'products.name_en',
      'products.name_fr',
      'products.botanical_name',
      'products.slug_en',
      'products.slug_fr',
      'products.is_published',
    ])
    .orderBy('cart_items.added_at')
    .orderBy('cart_items.variant_id');
  const rows = await ('userId' in owner
    ? query.where('carts.user_id', '=', owner.userId)
    : query.where('carts.guest_token_hash', '=', owner.guestTokenHash)
  ).execute();
  return rows.map((row) => ({
    variantId: row.variant_id,
    quantity: row.quantity,
    sku: row.sku,
    sizeLabel: row.size_label,
    productCode: row.code,
    nameEn: row.name_en,
    nameFr: row.name_fr,
    botanicalName: row.botanical_name,
    slugEn: row.slug_en,
    slugFr: row.slug_fr,
    listPriceCents: row.list_price_cents,
    tradePriceCents: row.trade_price_cents,
    forSale: row.is_active && row.is_published,
  }));
}
