import type { APIRoute } from 'astro';
import { requireAdmin } from '../../../../features/accounts/auth.server.ts';
import { productIdParam, productMessages } from '../../../../features/catalog-admin/api.server.ts';
import {
  loadProductForEdit,
  ProductConflictError,
  StaleProductError,
  saveProduct,
} from '../../../../features/catalog-admin/catalog-admin.server.ts';
import { ProductEditSchema } from '../../../../features/catalog-admin/catalog-admin.ts';
import { publishAfterChange } from '../../../../features/publishing/publishing.server.ts';
import { getDb } from '../../../../lib/db/index.server.ts';
import { ApiError, json } from '../../../../lib/http/api.ts';
import { parseInput, readJson } from '../../../../lib/http/body.ts';
import { getT } from '../../../../lib/i18n/index.ts';

export const prerender = false;

/** The product as the edit form opens it. */
export const GET: APIRoute = async ({ locals, params }) => {
  requireAdmin(locals);
  const db = await getDb();
  const id = await productIdParam(db, params.id, locals.locale);
  return json(await loadProductForEdit(db, id));
};

/**
 * PUT the edit form (ProductEditSchema, with the version it opened). 409 `stale` when the
 * product was saved since: nothing is written. Publishes the change in the background.
 */
export const PUT: APIRoute = async ({ locals, params, request }) => {
  const user = requireAdmin(locals);
  const db = await getDb();
  const id = await productIdParam(db, params.id, locals.locale);
  const input = parseInput(
    ProductEditSchema(productMessages(locals.locale)),
    await readJson(request, locals.locale),
    locals.locale,
  );
  const t = getT(locals.locale, 'catalog-admin');
  try {
    await saveProduct(db, id, input, user.id);
  } catch (error) {
    if (error instanceof StaleProductError) throw new ApiError(409, 'stale', t('edit.stale'), { cause: error });
    if (error instanceof ProductConflictError) {
      const message = t(`edit.taken.${error.field as 'slug_en' | 'slug_fr' | 'sku'}`);
      throw new ApiError(409, 'taken', message, { fields: { [error.field]: message }, cause: error });
    }
    throw error;
  }
  await publishAfterChange(db, user.id);
  return json(await loadProductForEdit(db, id));
};
