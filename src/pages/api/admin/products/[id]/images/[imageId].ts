import type { APIRoute } from 'astro';
import { requireAdmin } from '../../../../../../features/accounts/auth.server.ts';
import { positiveIntParam, productIdParam } from '../../../../../../features/catalog-admin/api.server.ts';
import {
  deleteImage,
  ImageNotFoundError,
  listImages,
  updateImageText,
} from '../../../../../../features/media/media.server.ts';
import { ImageTextSchema } from '../../../../../../features/media/media.ts';
import { publishAfterChange } from '../../../../../../features/publishing/publishing.server.ts';
import { getDb } from '../../../../../../lib/db/index.server.ts';
import { ApiError, json } from '../../../../../../lib/http/api.ts';
import { parseInput, readJson } from '../../../../../../lib/http/body.ts';
import { getT } from '../../../../../../lib/i18n/index.ts';
import { getStorage } from '../../../../../../lib/storage/index.server.ts';

export const prerender = false;

/** PATCH { alt_en, alt_fr, title_en, title_fr } of one image of the product. */
export const PATCH: APIRoute = async ({ locals, params, request }) => {
  const user = requireAdmin(locals);
  const db = await getDb();
  const id = await productIdParam(db, params.id, locals.locale);
  const imageId = positiveIntParam(params.imageId, locals.locale);
  const input = parseInput(ImageTextSchema, await readJson(request, locals.locale), locals.locale);
  try {
    const image = await updateImageText(db, id, imageId, input);
    await publishAfterChange(db, user.id);
    return json({ image });
  } catch (error) {
    if (error instanceof ImageNotFoundError) {
      throw new ApiError(404, 'not_found', getT(locals.locale, 'errors')('http.notFound'), { cause: error });
    }
    throw error;
  }
};

/** Deletes the image: its row first, then its files. Any failure says the spec's message. */
export const DELETE: APIRoute = async ({ locals, params }) => {
  const user = requireAdmin(locals);
  const message = getT(locals.locale, 'catalog-admin')('images.deleteError');
  const db = await getDb();
  const id = await productIdParam(db, params.id, locals.locale);
  const imageId = positiveIntParam(params.imageId, locals.locale);
  try {
    await deleteImage(db, getStorage(), id, imageId);
  } catch (error) {
    const status = error instanceof ImageNotFoundError ? 404 : 500;
    throw new ApiError(status, 'image_not_deleted', message, { cause: error });
  }
  await publishAfterChange(db, user.id);
  return json({ images: await listImages(db, id) });
};
