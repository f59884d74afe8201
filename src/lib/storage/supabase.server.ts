import { createClient } from '@supabase/supabase-js';
import { assertStorageKey, type MediaStorage, type UploadTarget } from './storage.ts';

export interface SupabaseStorageOptions {
  url: string;
  serviceRoleKey: string;
  bucket: string;
  /** For tests: the fetch the client uses. */
  fetch?: typeof fetch;
}

/** Objects in a Supabase Storage bucket (public read), through @supabase/supabase-js. */
export function supabaseStorage(options: SupabaseStorageOptions): MediaStorage {
  const client = createClient(options.url, options.serviceRoleKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    ...(options.fetch ? { global: { fetch: options.fetch } } : {}),
  });
  const bucket = () => client.storage.from(options.bucket);
  const fail = (action: string, key: string, error: { message: string }) =>
    new Error(`Supabase Storage could not ${action} ${key}: ${error.message}`, { cause: error });
  return {
    kind: 'supabase',
    async put(key, body, contentType) {
      assertStorageKey(key);
      const { error } = await bucket().upload(key, body, { contentType, upsert: true, cacheControl: '31536000' });
      if (error) throw fail('store', key, error);
    },
    async get(key) {
      assertStorageKey(key);
      const { data, error } = await bucket().download(key);
      if (error) {
        const status = (error as { status?: number; statusCode?: string }).status;
        if (status === 404 || status === 400 || /not found/i.test(error.message)) return null;
        throw fail('read', key, error);
      }
      return new Uint8Array(await data.arrayBuffer());
    },
    async remove(keys) {
      if (keys.length === 0) return;
      for (const key of keys) assertStorageKey(key);
      const { error } = await bucket().remove([...keys]);
      if (error) throw fail('remove', keys.join(', '), error);
    },
    async createUploadTarget(key): Promise<UploadTarget> {
      assertStorageKey(key);
      const { data, error } = await bucket().createSignedUploadUrl(key);
      if (error) throw fail('sign an upload for', key, error);
      return {
        url: data.signedUrl,
        method: 'PUT',
        headers: { 'content-type': 'application/octet-stream', 'x-upsert': 'false' },
      };
    },
    publicUrl(key) {
      assertStorageKey(key);
      return bucket().getPublicUrl(key).data.publicUrl;
    },
  };
}
