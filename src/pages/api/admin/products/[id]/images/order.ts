import type { APIRoute } from 'astro';
import { requireAdmin } from '../../../../../../features/accounts/auth.server.ts';
import { productIdParam } from '../../../../../../features/catalog-admin/api.server.ts';
import { listImages, reorderImages, StaleImageOrderError } from '../../../../../../features/media/media.server.ts';
import { ReorderSchema } from '../../../../../../features/media/media.ts';
import { publishAfterChange } from '../../../../../../features/publishing/publishing.server.ts';
import { getDb } from '../../../../../../lib/db/index.server.ts';
import { ApiError, json } from '../../../../../../lib/http/api.ts';
import { parseInput, readJson } from '../../../../../../lib/http/body.ts';
import { getT } from '../../../../../../lib/i18n/index.ts';

export const prerender = false;

/** PUT { imageIds } — every image of the product in its new order, saved in one transaction. */
export const PUT: APIRoute = async ({ locals, params, request }) => {
  const user = requireAdmin(locals);
  const db = await getDb();
  const id = await productIdParam(db, params.id, locals.locale);
  const input = parseInput(ReorderSchema, await readJson(request, locals.locale), locals.locale);
  try {
    await reorderImages(db, id, input.imageIds);
  } catch (error) {
    if (error instanceof StaleImageOrderError) {
      throw new ApiError(409, 'stale', getT(locals.locale, 'catalog-admin')('images.orderStale'), { cause: error });
    }
    throw error;
  }
  await publishAfterChange(db, user.id);
  return json({ images: await listImages(db, id) });
};
