import type { APIRoute } from 'astro';
import { requireAdmin } from '../../../../../../features/accounts/auth.server.ts';
import { productIdParam } from '../../../../../../features/catalog-admin/api.server.ts';
import { startUpload } from '../../../../../../features/media/media.server.ts';
import { MAX_IMAGE_BYTES, StartUploadSchema } from '../../../../../../features/media/media.ts';
import { getDb } from '../../../../../../lib/db/index.server.ts';
import { ApiError, json } from '../../../../../../lib/http/api.ts';
import { parseInput, readJson } from '../../../../../../lib/http/body.ts';
import { getT } from '../../../../../../lib/i18n/index.ts';
import { getStorage } from '../../../../../../lib/storage/index.server.ts';

export const prerender = false;

/**
 * Step 1 of an upload: { fileName, size } → { uploadKey, target }, where the browser PUTs
 * the file: a signed Supabase Storage URL (on Vercel the file never passes through a
 * function), or the Node server's own /api/admin/uploads. A declared size over 5 MB is
 * refused at once; step 2 checks the stored bytes whatever was declared.
 */
export const POST: APIRoute = async ({ locals, params, request }) => {
  requireAdmin(locals);
  const db = await getDb();
  await productIdParam(db, params.id, locals.locale);
  const input = parseInput(StartUploadSchema, await readJson(request, locals.locale), locals.locale);
  if (input.size > MAX_IMAGE_BYTES) {
    const message = getT(locals.locale, 'catalog-admin')('images.refused.size', { file: input.fileName });
    throw new ApiError(422, 'refused_size', message);
  }
  return json(await startUpload(getStorage()), { status: 201 });
};
