import type { APIRoute } from 'astro';
import { addCartItem, resolveCartOwner } from '../../../features/cart/cart.server.ts';
import { AddCartItemSchema } from '../../../features/cart/cart.ts';
import { VariantUnavailableError } from '../../../features/catalog/variants.server.ts';
import { getDb } from '../../../lib/db/index.server.ts';
import { ApiError, json } from '../../../lib/http/api.ts';
import { readJson } from '../../../lib/http/body.ts';
import { getT } from '../../../lib/i18n/index.ts';

export const prerender = false;

/**
 * Adds { variantId, quantity } to the cart of the signed-in user or of the guest token; answers
 * the cart's count, how many were added (fewer than asked when the line reached 9,999) and the
 * line's quantity (CartAddResultSchema).
 */
export const POST: APIRoute = async ({ request, url, cookies, locals }) => {
  const message = () => getT(locals.locale, 'catalog')('purchase.cartError');
  const input = AddCartItemSchema.safeParse(await readJson(request, locals.locale));
  if (!input.success) {
    if (input.error.issues.some((issue) => issue.path[0] === 'quantity')) {
      const invalid = getT(locals.locale, 'cart')('errors.quantity');
      throw new ApiError(400, 'invalid_quantity', invalid, { fields: { quantity: invalid } });
    }
    throw new ApiError(400, 'invalid_cart_item', message());
  }
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
