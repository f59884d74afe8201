import type { APIRoute } from 'astro';
import { requireAdmin } from '../../../../../../features/accounts/auth.server.ts';
import { productIdParam } from '../../../../../../features/catalog-admin/api.server.ts';
import { finishUpload, listImages } from '../../../../../../features/media/media.server.ts';
import { FinishUploadSchema } from '../../../../../../features/media/media.ts';
import { ImageRefusedError } from '../../../../../../features/media/process.server.ts';
import { publishAfterChange } from '../../../../../../features/publishing/publishing.server.ts';
import { getDb } from '../../../../../../lib/db/index.server.ts';
import { ApiError, json } from '../../../../../../lib/http/api.ts';
import { parseInput, readJson } from '../../../../../../lib/http/body.ts';
import { getT } from '../../../../../../lib/i18n/index.ts';
import { getStorage } from '../../../../../../lib/storage/index.server.ts';

export const prerender = false;

export const GET: APIRoute = async ({ locals, params }) => {
  requireAdmin(locals);
  const db = await getDb();
  const id = await productIdParam(db, params.id, locals.locale);
  return json({ images: await listImages(db, id) });
};

/**
 * Step 2 of an upload, once the file is in storage: { uploadKey, fileName }. Checks its
 * content and size, makes the web variants and adds the image last; 422 with a message
 * naming the file when refused (the stored file is deleted either way).
 */
export const POST: APIRoute = async ({ locals, params, request }) => {
  const user = requireAdmin(locals);
  const db = await getDb();
  const id = await productIdParam(db, params.id, locals.locale);
  const input = parseInput(FinishUploadSchema, await readJson(request, locals.locale), locals.locale);
  try {
    const image = await finishUpload(db, getStorage(), { productId: id, ...input });
    await publishAfterChange(db, user.id);
    return json({ image, images: await listImages(db, id) }, { status: 201 });
  } catch (error) {
    if (error instanceof ImageRefusedError) {
      const t = getT(locals.locale, 'catalog-admin');
      throw new ApiError(
        422,
        `refused_${error.reason}`,
        t(`images.refused.${error.reason}`, { file: input.fileName }),
        {
          cause: error,
        },
      );
    }
    throw error;
  }
};
