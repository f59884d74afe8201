import type { APIRoute } from 'astro';
import { getStorage } from '../../lib/storage/index.server.ts';
import { contentTypeOfKey, isStorageKey } from '../../lib/storage/storage.ts';

export const prerender = false;

/**
 * Product pictures by storage key. Keys are never reused, so a picture is cached for a
 * year. With Supabase Storage the picture is fetched from its public URL instead.
 * Uploads still awaiting their checks (uploads/…) are never served.
 */
export const GET: APIRoute = async ({ params }) => {
  const key = params.key ?? '';
  if (!isStorageKey(key) || key.startsWith('uploads/')) return new Response('Not Found', { status: 404 });
  const storage = getStorage();
  const publicUrl = storage.publicUrl(key);
  if (publicUrl) {
    return new Response(null, {
      status: 301,
      headers: { location: publicUrl, 'cache-control': 'public, max-age=31536000' },
    });
  }
  const bytes = await storage.get(key);
  if (!bytes) return new Response('Not Found', { status: 404, headers: { 'cache-control': 'no-store' } });
  return new Response(bytes as Uint8Array<ArrayBuffer>, {
    headers: {
      'content-type': contentTypeOfKey(key),
      'content-length': String(bytes.length),
      'cache-control': 'public, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
    },
  });
};
