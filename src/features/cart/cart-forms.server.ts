import type { APIContext } from 'astro';
import { getDb } from '../../lib/db/index.server.ts';
import { readForm } from '../../lib/http/body.ts';
import { sameSitePath } from '../../lib/http/redirect.ts';
import { type Locale, LocaleSchema, localizePath } from '../../lib/i18n/index.ts';
import { VariantUnavailableError } from '../catalog/variants.server.ts';
import { addCartItem, CartLineNotFoundError, removeCartItem, resolveCartOwner, updateCartItem } from './cart.server.ts';
import {
  AddCartItemFormSchema,
  CartLineFormSchema,
  CartLineIdSchema,
  type CartNotice,
  CartNoticeSchema,
} from './cart.ts';
import {
  CART_ADD_FRAGMENT,
  CART_NOTICE_LINE_PARAM,
  CART_NOTICE_PARAM,
  type CartAddOutcome,
  cartAddOutcome,
} from './cart-forms.ts';

/**
 * The cart's plain-HTML form posts (cart-forms.ts, docs/decisions/048-native-first-islands.md).
 * Each answers 303 See Other back to the page the shopper was on, with the result in the
 * address, so a reload does not post again. They act as the JSON endpoints do: the same
 * checks, the same cart (the signed-in user's, else the guest token's) and, for a line, only
 * inside that cart. The same-origin check has run first (middleware).
 */

const seeOther = (location: string) =>
  new Response(null, { status: 303, headers: { location, 'cache-control': 'no-store' } });

/** The language the form's page was in (its `locale` field), else the request's. */
function formLocale(form: URLSearchParams, fallback: Locale): Locale {
  const named = LocaleSchema.safeParse(form.get('locale'));
  return named.success ? named.data : fallback;
}

/**
 * POST /cart/items: adds { variantId, quantity } and goes back to `back`, its fragment naming
 * the outcome as the island tells it (`cartAddOutcome`): added, added up to 9,999, the line full
 * already, a quantity refused, or a size not sold.
 */
export async function addToCartFromForm({ request, url, cookies, locals }: APIContext): Promise<Response> {
  const form = await readForm(request, locals.locale);
  const locale = formLocale(form, locals.locale);
  // Back to the page the form was on, never off the site; its own fragment gives way to ours.
  const back = sameSitePath(form.get('back'), localizePath('/', locale)).split('#')[0];
  const backWith = (outcome: CartAddOutcome) => seeOther(`${back}#${CART_ADD_FRAGMENT[outcome]}`);
  const input = AddCartItemFormSchema.safeParse({ variantId: form.get('variantId'), quantity: form.get('quantity') });
  if (!input.success) {
    const badQuantity = input.error.issues.some((issue) => issue.path[0] === 'quantity');
    return backWith(badQuantity ? 'invalid-quantity' : 'not-added');
  }
  const owner = resolveCartOwner({ cookies, url, userId: locals.user?.id ?? null }, { create: true });
  if (!owner) throw new Error('A cart owner is always made when asked to create one');
  try {
    const result = await addCartItem(await getDb(), owner, input.data);
    return backWith(cartAddOutcome(input.data.quantity, result.added));
  } catch (error) {
    if (error instanceof VariantUnavailableError) return backWith('not-added');
    throw error;
  }
}

/** POST /cart/items/{id}: `intent=update` with `quantity`, or `intent=remove`; back to the cart page. */
export async function changeCartLineFromForm({ params, request, url, cookies, locals }: APIContext): Promise<Response> {
  const form = await readForm(request, locals.locale);
  const locale = formLocale(form, locals.locale);
  const cartPage = (notice: CartNotice, lineId?: number) => {
    const query = new URLSearchParams({ [CART_NOTICE_PARAM]: notice });
    if (lineId !== undefined) query.set(CART_NOTICE_LINE_PARAM, String(lineId));
    return seeOther(`${localizePath('/cart', locale)}?${query}`);
  };
  const lineId = CartLineIdSchema.safeParse(params.id);
  if (!lineId.success) return cartPage('not-found');
  const input = CartLineFormSchema.safeParse(Object.fromEntries(form));
  if (!input.success) return cartPage('invalid-quantity', lineId.data);
  const owner = resolveCartOwner({ cookies, url, userId: locals.user?.id ?? null }, { create: false });
  const db = await getDb();
  try {
    if (input.data.intent === 'update') {
      await updateCartItem(db, owner, lineId.data, input.data.quantity);
      return cartPage('updated', lineId.data);
    }
    await removeCartItem(db, owner, lineId.data);
    return cartPage('removed');
  } catch (error) {
    if (error instanceof CartLineNotFoundError) return cartPage('not-found');
    throw error;
  }
}

/** The notice a cart page was sent back with, and the line it is about. */
export function cartNoticeOf(url: URL): { notice: CartNotice; lineId: number | undefined } | undefined {
  const notice = CartNoticeSchema.safeParse(url.searchParams.get(CART_NOTICE_PARAM));
  if (!notice.success) return undefined;
  const lineId = CartLineIdSchema.safeParse(url.searchParams.get(CART_NOTICE_LINE_PARAM) ?? '');
  return { notice: notice.data, lineId: lineId.success ? lineId.data : undefined };
}
