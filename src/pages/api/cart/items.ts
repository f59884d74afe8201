import type { APIRoute } from 'astro';
import { addCartItem, resolveCartOwner } from '../../../features/cart/cart.server.ts';
import { AddCartItemSchema } from '../../../features/cart/cart.ts';
import { VariantUnavailableError } from '../../../features/catalog/variants.server.ts';
import { getDb } from '../../../lib/db/index.server.ts';
import { ApiError, json } from '../../../lib/http/api.ts';
import { readJson } from '../../../lib/http/body.ts';
import { getT } from '../../../lib/i18n/index.ts';

export const prerender = false;

/** Adds { variantId, quantity } to the cart of the signed-in user or of the guest token. */
export const POST: APIRoute = async ({ request, url, cookies, locals }) => {
  const message = () => getT(locals.locale, 'catalog')('purchase.cartError');
  const input = AddCartItemSchema.safeParse(await readJson(request, locals.locale));
  if (!input.success) throw new ApiError(400, 'invalid_cart_item', message());
  const owner = resolveCartOwner({ cookies, url, userId: locals.user?.id ?? null }, { create: true });
  if (!owner) throw new Error('A cart owner is always made when asked to create one');
  try {
    return json(await addCartItem(await getDb(), owner, input.data));
  } catch (error) {
    if (error instanceof VariantUnavailableError) {
      throw new ApiError(404, 'variant_not_found', message(), { cause: error });
    }
    throw error;
  }
};
