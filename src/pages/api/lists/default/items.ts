import type { APIRoute } from 'astro';
import { requireUser } from '../../../../features/accounts/auth.server.ts';
import { VariantUnavailableError } from '../../../../features/catalog/variants.server.ts';
import { addToDefaultList } from '../../../../features/lists/lists.server.ts';
import { AddListItemSchema } from '../../../../features/lists/lists.ts';
import { getDb } from '../../../../lib/db/index.server.ts';
import { ApiError, json } from '../../../../lib/http/api.ts';
import { readJson } from '../../../../lib/http/body.ts';
import { getT } from '../../../../lib/i18n/index.ts';

export const prerender = false;

/** Adds { variantId, quantity } to the signed-in user's default wish list, making it if needed. */
export const POST: APIRoute = async ({ request, locals }) => {
  const user = requireUser(locals);
  const input = AddListItemSchema.safeParse(await readJson(request, locals.locale));
  const locale = (input.success ? input.data.locale : undefined) ?? locals.locale;
  const t = getT(locale, 'catalog');
  if (!input.success) throw new ApiError(400, 'invalid_list_item', t('purchase.listError'));
  try {
    const added = await addToDefaultList(await getDb(), user.id, input.data, t('lists.defaultName'));
    return json(added, { status: added.created ? 201 : 200 });
  } catch (error) {
    if (error instanceof VariantUnavailableError) {
      throw new ApiError(404, 'variant_not_found', t('purchase.listError'), { cause: error });
    }
    throw error;
  }
};
