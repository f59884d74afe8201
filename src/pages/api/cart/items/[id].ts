import type { APIContext, APIRoute } from 'astro';
import {
  CartLineNotFoundError,
  cartView,
  removeCartItem,
  requestedLocale,
  resolveCartOwner,
  updateCartItem,
} from '../../../../features/cart/cart.server.ts';
import { CartLineIdSchema, UpdateCartItemSchema } from '../../../../features/cart/cart.ts';
import { getDb } from '../../../../lib/db/index.server.ts';
import { ApiError, json } from '../../../../lib/http/api.ts';
import { readJson } from '../../../../lib/http/body.ts';
import { getT } from '../../../../lib/i18n/index.ts';

export const prerender = false;

/**
 * One line of the caller's cart: PATCH { quantity } sets its quantity, DELETE removes it.
 * Both answer the whole cart as GET /api/cart does. A line that is not in the caller's cart
 * (another shopper's, or gone) is a 404 that says nothing about it.
 */
export const PATCH: APIRoute = (context) =>
  changeLine(context, async (owner, lineId) => {
    const input = UpdateCartItemSchema.safeParse(await readJson(context.request, context.locals.locale));
    if (!input.success) {
      throw new ApiError(400, 'invalid_quantity', getT(context.locals.locale, 'cart')('errors.quantity'));
    }
    await updateCartItem(await getDb(), owner, lineId, input.data.quantity);
  });

export const DELETE: APIRoute = (context) =>
  changeLine(context, async (owner, lineId) => {
    await removeCartItem(await getDb(), owner, lineId);
  });

type Owner = ReturnType<typeof resolveCartOwner>;

async function changeLine(
  { params, url, cookies, locals }: APIContext,
  change: (owner: Owner, lineId: number) => Promise<void>,
): Promise<Response> {
  const notFound = (cause?: unknown) =>
    new ApiError(404, 'cart_item_not_found', getT(locals.locale, 'cart')('errors.notFound'), { cause });
  const lineId = CartLineIdSchema.safeParse(params.id);
  if (!lineId.success) throw notFound();
  const owner = resolveCartOwner({ cookies, url, userId: locals.user?.id ?? null }, { create: false });
  try {
    await change(owner, lineId.data);
  } catch (error) {
    if (error instanceof CartLineNotFoundError) throw notFound(error);
    throw error;
  }
  return json(await cartView(await getDb(), owner, locals.user, requestedLocale(url, locals.locale)));
}
