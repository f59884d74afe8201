import type { APIRoute } from 'astro';
import { requireAdmin } from '../../../features/accounts/auth.server.ts';
import { readLimitedBody } from '../../../features/media/media.server.ts';
import { MAX_IMAGE_BYTES } from '../../../features/media/media.ts';
import { ImageRefusedError } from '../../../features/media/process.server.ts';
import { ApiError, json } from '../../../lib/http/api.ts';
import { getT } from '../../../lib/i18n/index.ts';
import { getStorage } from '../../../lib/storage/index.server.ts';

export const prerender = false;

/**
 * PUT ?key=uploads/{uuid} with the file as the body: the local half of an upload's first
 * step (with Supabase Storage the browser PUTs to a signed URL instead). The body is counted
 * as it streams and refused at 5 MB + 1 byte (413), so the server never holds more. This
 * path needs the server's body limit raised to 5 MB (the JSON endpoints keep 1 MB).
 */
export const PUT: APIRoute = async ({ locals, request, url }) => {
  requireAdmin(locals);
  const t = getT(locals.locale, 'catalog-admin');
  const key = url.searchParams.get('key') ?? '';
  const file = url.searchParams.get('name') ?? '';
  if (!/^uploads\/[a-z0-9-]+$/.test(key))
    throw new ApiError(404, 'not_found', getT(locals.locale, 'errors')('http.notFound'));
  const declared = Number(request.headers.get('content-length'));
  try {
    if (Number.isFinite(declared) && declared > MAX_IMAGE_BYTES)
      throw new ImageRefusedError('size', `${declared} bytes declared`);
    const bytes = await readLimitedBody(request.body, MAX_IMAGE_BYTES);
    await getStorage().put(key, bytes, 'application/octet-stream');
    return json({ uploadKey: key, bytes: bytes.length }, { status: 201 });
  } catch (error) {
    if (error instanceof ImageRefusedError) {
      throw new ApiError(413, 'refused_size', t('images.refused.size', { file }), { cause: error });
    }
    throw error;
  }
};
