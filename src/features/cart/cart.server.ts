import { createHash, randomBytes } from 'node:crypto';
import { type InferResult, type Kysely, sql } from 'kysely';
import { placeholder, preparedStatement } from '../../lib/db/prepared.ts';
import type { Database } from '../../lib/db/schema.ts';
import { type Locale, LocaleSchema } from '../../lib/i18n/index.ts';
import { log } from '../../lib/log.ts';
import { MAX_QUANTITY } from '../../lib/quantity.ts';
import { type Size, sizeFromRow, sizeText } from '../../lib/size.ts';
import { priceForUser, type UserPrice } from '../accounts/pricing.ts';
import { hasTradePricing, type SessionUser } from '../accounts/session.ts';
import { productHref } from '../catalog/catalog.ts';
import { formForCategory } from '../catalog/plant-art.ts';
import { productImageUrl } from '../media/media.ts';
import {
  type CartLineView,
  type CartOwner,
  type CartSummary,
  type CartView,
  cartTotals,
  GUEST_CART_COOKIE,
  GUEST_CART_MAX_AGE_S,
  lineSubtotal,
} from './cart.ts';

type Db = Kysely<Database>;

export function newGuestToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashGuestToken(token: string): Uint8Array {
  return new Uint8Array(createHash('sha256').update(token).digest());
}

export { addCartItem } from './cart-add.server.ts';

/**
 * The units in the owner's cart, in one prepared statement: the header asks for it on every
 * page a shopper with a cart opens. An owner without a cart has an empty one (the sum over no
 * rows is one row of 0).
 */
const cartCountStatement = preparedStatement((db, kind: 'user' | 'guest') =>
  db
    .selectFrom('carts')
    .innerJoin('cart_items', 'cart_items.cart_id', 'carts.id')
    .select(sql<number>`coalesce(sum(cart_items.quantity), 0)::int`.as('count'))
    .where((eb) =>
      kind === 'user'
        ? eb('carts.user_id', '=', placeholder<string>('owner'))
        : eb('carts.guest_token_hash', '=', placeholder<Uint8Array>('owner')),
    ),
);

/** The owner's cart summary; an owner without a cart has an empty one. */
export async function cartSummary(db: Db, owner: CartOwner): Promise<CartSummary> {
  const { rows } =
    'userId' in owner
      ? await cartCountStatement(db, { owner: owner.userId }, 'user')
      : await cartCountStatement(db, { owner: owner.guestTokenHash }, 'guest');
  return { count: rows[0]?.count ?? 0 };
}

interface CookieJar {
  get(name: string): { value: string } | undefined;
  set(name: string, value: string, options: Record<string, unknown>): void;
}

/** A line named by id that is not in the caller's cart (another cart's, or none): a 404. */
export class CartLineNotFoundError extends Error {
  override name = 'CartLineNotFoundError';
}

type PricedUser = Pick<SessionUser, 'inHouseAccountId'> | null | undefined;

/**
 * One line of the owner's cart with everything a page or a quote needs, in both languages,
 * priced for `user` by `priceForUser` (the trade price for a linked trade account). The
 * checkout reads the cart through this, so the cart page and the quote show one price.
 */
export interface CartLineRecord {
  id: number;
  variantId: number;
  productId: number;
  productCode: string;
  sku: string;
  /** The label as written (English); `size` is what pages format, when there is one. */
  sizeLabel: string;
  size: Size | null;
  name_en: string;
  name_fr: string;
  slug_en: string;
  slug_fr: string;
  botanicalName: string;
  quantity: number;
  price: UserPrice;
  /** False when the variant is inactive or its product unpublished: it cannot be quoted. */
  available: boolean;
  addedAt: Date;
  /** For the picture: the first product image, else the plant drawing's inputs. */
  image: { key: string; alt_en: string; alt_fr: string } | null;
  rootCategorySlug: string;
  flowerColour: string | null;
  foliageColour: string | null;
}

/**
 * The cart's lines with their variant, product, category and first picture, in no order: for
 * readCartLines, and for a statement that reads them with more (the quote submit's read).
 */
export function cartLinesQuery(db: Db, kind: 'user' | 'guest') {
  return db
    .selectFrom('carts')
    .innerJoin('cart_items', 'cart_items.cart_id', 'carts.id')
    .innerJoin('variants', 'variants.id', 'cart_items.variant_id')
    .innerJoin('products', 'products.id', 'variants.product_id')
    .innerJoin('categories', 'categories.id', 'products.category_id')
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('product_images')
          .select(['product_images.storage_key', 'product_images.alt_en', 'product_images.alt_fr'])
          .whereRef('product_images.product_id', '=', 'products.id')
          .orderBy('product_images.position')
          .limit(1)
          .as('image'),
      (join) => join.onTrue(),
    )
    .select([
      'cart_items.id',
      'cart_items.variant_id',
      'cart_items.quantity',
      'cart_items.added_at',
      'variants.sku',
      'variants.size_label',
      'variants.size_kind',
      'variants.size_values',
      'variants.size_root_ball',
      'variants.list_price_cents',
      'variants.trade_price_cents',
      'variants.is_active',
      'products.id as product_id',
      'products.code',
      'products.name_en',
      'products.name_fr',
      'products.slug_en',
      'products.slug_fr',
      'products.botanical_name',
      'products.is_published',
      'products.flower_colour_en',
      'products.foliage_colour_en',
      'categories.path_en',
      'image.storage_key',
      'image.alt_en',
      'image.alt_fr',
    ])
    .where((eb) =>
      kind === 'user'
        ? eb('carts.user_id', '=', placeholder<string>('owner'))
        : eb('carts.guest_token_hash', '=', placeholder<Uint8Array>('owner')),
    );
}

/** A row of cartLinesQuery. */
export type CartLineRow = InferResult<ReturnType<typeof cartLinesQuery>>[number];

const cartLinesStatement = preparedStatement((db, kind: 'user' | 'guest') =>
  cartLinesQuery(db, kind).orderBy('cart_items.added_at').orderBy('cart_items.id'),
);

/** The owner's cart lines, oldest first, with the prices `user` pays. An owner without a cart has none. */
export async function readCartLines(db: Db, owner: CartOwner, user: PricedUser): Promise<CartLineRecord[]> {
  const { rows } =
    'userId' in owner
      ? await cartLinesStatement(db, { owner: owner.userId }, 'user')
      : await cartLinesStatement(db, { owner: owner.guestTokenHash }, 'guest');
  return rows.map((row) => cartLineRecord(row, user));
}

/** A row of cartLinesQuery as a line, priced for `user`. */
export function cartLineRecord(row: CartLineRow, user: PricedUser): CartLineRecord {
  return {
    id: row.id,
    variantId: row.variant_id,
    productId: row.product_id,
    productCode: row.code,
    sku: row.sku,
    sizeLabel: row.size_label,
    size: sizeFromRow(row),
    name_en: row.name_en,
    name_fr: row.name_fr,
    slug_en: row.slug_en,
    slug_fr: row.slug_fr,
    botanicalName: row.botanical_name,
    quantity: row.quantity,
    price: priceForUser(row, user),
    // The rule of variantForSale (catalog/variants.server.ts), read from the joined row.
    available: row.is_active && row.is_published,
    addedAt: row.added_at,
    image: row.storage_key ? { key: row.storage_key, alt_en: row.alt_en ?? '', alt_fr: row.alt_fr ?? '' } : null,
    rootCategorySlug: row.path_en.split('/')[0] ?? '',
    flowerColour: row.flower_colour_en,
    foliageColour: row.foliage_colour_en,
  };
}

/** A line as the cart page shows it, in one language. */
export function toCartLineView(line: CartLineRecord, locale: Locale): CartLineView {
  const name = locale === 'fr' ? line.name_fr : line.name_en;
  return {
    id: line.id,
    variantId: line.variantId,
    sku: line.sku,
    size: sizeText(line.size, line.sizeLabel, locale),
    name,
    botanicalName: line.botanicalName,
    href: productHref(line, locale),
    image: line.image
      ? { src: productImageUrl(line.image.key), alt: (locale === 'fr' ? line.image.alt_fr : line.image.alt_en) || name }
      : null,
    art: {
      form: formForCategory(line.rootCategorySlug),
      flowerColour: line.flowerColour,
      foliageColour: line.foliageColour,
      seed: line.productId,
    },
    quantity: line.quantity,
    unitPriceCents: line.price.cents,
    priceKind: line.price.kind,
    subtotalCents: lineSubtotal(line.price.cents, line.quantity),
    available: line.available,
  };
}

/** The language an island asks for (`?locale=`, its page's), else the request's. */
export function requestedLocale(url: URL, fallback: Locale): Locale {
  const requested = LocaleSchema.safeParse(url.searchParams.get('locale'));
  return requested.success ? requested.data : fallback;
}

/** The cart page's data for the owner (an absent owner has an empty cart), priced for `user`. */
export async function cartView(
  db: Db,
  owner: CartOwner | undefined,
  user: PricedUser,
  locale: Locale,
): Promise<CartView> {
  const lines = owner ? (await readCartLines(db, owner, user)).map((line) => toCartLineView(line, locale)) : [];
  return { lines, ...cartTotals(lines), tradePricing: hasTradePricing(user) };
}

/** Sets a line's quantity, if the line is in the owner's cart; otherwise CartLineNotFoundError. */
export async function updateCartItem(db: Db, owner: CartOwner | undefined, lineId: number, quantity: number) {
  if (!owner) throw new CartLineNotFoundError(`Cart line ${lineId} is not in this cart`);
  const result = await withChangedCart(db, owner)
    .updateTable('cart_items')
    .set({ quantity })
    .where('id', '=', lineId)
    .where('cart_id', '=', (eb) => eb.selectFrom('changed').select('changed.id'))
    .executeTakeFirst();
  if (result.numUpdatedRows === 0n) throw new CartLineNotFoundError(`Cart line ${lineId} is not in this cart`);
}

/** Removes a line, if it is in the owner's cart; otherwise CartLineNotFoundError. */
export async function removeCartItem(db: Db, owner: CartOwner | undefined, lineId: number) {
  if (!owner) throw new CartLineNotFoundError(`Cart line ${lineId} is not in this cart`);
  const result = await withChangedCart(db, owner)
    .deleteFrom('cart_items')
    .where('id', '=', lineId)
    .where('cart_id', '=', (eb) => eb.selectFrom('changed').select('changed.id'))
    .executeTakeFirst();
  if (result.numDeletedRows === 0n) throw new CartLineNotFoundError(`Cart line ${lineId} is not in this cart`);
}

/**
 * The owner's cart as `changed`, its version raised by the statement that changes one of its
 * lines (checkout.server.ts writes a request only from the version it read). The line's
 * change reads `changed`, so the cart's row is written, and locked, first.
 */
function withChangedCart(db: Db, owner: CartOwner) {
  return db.with('changed', (cte) =>
    cte
      .updateTable('carts')
      .set((eb) => ({ version: eb('version', '+', 1) }))
      .where((eb) =>
        'userId' in owner ? eb('user_id', '=', owner.userId) : eb('guest_token_hash', '=', owner.guestTokenHash),
      )
      .returning('id'),
  );
}

/**
 * Folds a guest cart into the user's cart in one transaction: each line's quantity is added
 * to the user's line of the same variant (capped at 9,999), new variants are copied, and the
 * guest cart is deleted. The guest cart row is locked first, so two requests merging the
 * same cart at once merge it once. Returns whether there was a guest cart to merge.
 */
export async function mergeGuestCart(db: Db, guestTokenHash: Uint8Array, userId: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const guest = await trx
      .selectFrom('carts')
      .select('id')
      .where('guest_token_hash', '=', guestTokenHash)
      .forUpdate()
      .executeTakeFirst();
    if (!guest) return false;
    const lines = await trx
      .selectFrom('cart_items')
      .select(['variant_id', 'quantity', 'added_at'])
      .where('cart_id', '=', guest.id)
      .execute();
    if (lines.length > 0) {
      const cart = await trx
        .insertInto('carts')
        .values({ user_id: userId })
        .onConflict((conflict) =>
          conflict.column('user_id').doUpdateSet((eb) => ({ version: eb('carts.version', '+', 1) })),
        )
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('cart_items')
        .values(
          lines.map((line) => ({
            cart_id: cart.id,
            variant_id: line.variant_id,
            quantity: line.quantity,
            added_at: line.added_at,
          })),
        )
        .onConflict((conflict) =>
          conflict.columns(['cart_id', 'variant_id']).doUpdateSet({
            quantity: sql<number>`least(cart_items.quantity + excluded.quantity, ${sql.lit(MAX_QUANTITY)})`,
          }),
        )
        .execute();
    }
    await trx.deleteFrom('carts').where('id', '=', guest.id).execute();
    return true;
  });
}

/**
 * A request that carries both a signed-in user and a guest-cart cookie: the guest cart is
 * merged into the user's and the cookie cleared. This runs at sign-in and on every request
 * rendered by the server, so a guest cart made while the access session had lapsed (an add
 * from a static page) is folded back at the next request. A failed merge is logged and the
 * cookie kept, so the next request tries again.
 */
export async function mergeGuestCartOfRequest(
  db: Db,
  request: { cookies: CookieJar & { delete(name: string, options: { path: string }): void }; url: URL },
  userId: string,
): Promise<void> {
  const token = request.cookies.get(GUEST_CART_COOKIE)?.value;
  if (token === undefined) return;
  if (isGuestToken(token)) {
    try {
      await mergeGuestCart(db, hashGuestToken(token), userId);
    } catch (error) {
      log('error', 'guest_cart_merge_failed', { userId, path: request.url.pathname, error });
      return;
    }
  }
  request.cookies.delete(GUEST_CART_COOKIE, { path: '/' });
}

function isGuestToken(value: string): boolean {
  return /^[A-Za-z0-9_-]{43}$/.test(value);
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
  if (existing && isGuestToken(existing)) return { guestTokenHash: hashGuestToken(existing) };
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
