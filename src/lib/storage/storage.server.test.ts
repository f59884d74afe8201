import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type StorageStandIn, startStorageStandIn } from '../../../tests/support/supabase-storage.ts';
import { localStorage } from './local.server.ts';
import type { MediaStorage } from './storage.ts';
import { isStorageKey } from './storage.ts';
import { supabaseStorage } from './supabase.server.ts';

/**
 * One suite, two storages: the local directory, and Supabase Storage through the real
 * @supabase/supabase-js client against a local stand-in of the Storage API routes it calls
 * (tests/support/supabase-storage.ts) — no network, no Supabase project.
 */
const kinds = ['local', 'supabase'] as const;

describe.each(kinds)('media storage (%s)', (kind) => {
  let storage: MediaStorage;
  let cleanup: () => Promise<void>;
  let standIn: StorageStandIn | undefined;

  beforeAll(async () => {
    if (kind === 'local') {
      const dir = await mkdtemp(join(tmpdir(), 'nursery-media-'));
      storage = localStorage(dir);
      cleanup = () => rm(dir, { recursive: true, force: true });
    } else {
      standIn = await startStorageStandIn();
      storage = supabaseStorage({ url: standIn.url, serviceRoleKey: standIn.serviceRoleKey, bucket: standIn.bucket });
      cleanup = () => standIn?.close() ?? Promise.resolve();
    }
  });
  afterAll(() => cleanup());

  it('stores, reads back and removes an object', async () => {
    const body = new Uint8Array([1, 2, 3, 250]);
    await storage.put('products/1/a/160.webp', body, 'image/webp');
    expect(await storage.get('products/1/a/160.webp')).toEqual(body);
    await storage.remove(['products/1/a/160.webp']);
    expect(await storage.get('products/1/a/160.webp')).toBeNull();
  });

  it('answers null for a key never written, and removing it is no error', async () => {
    expect(await storage.get('products/404/none.jpg')).toBeNull();
    await expect(storage.remove(['products/404/none.jpg'])).resolves.toBeUndefined();
  });

  it('overwrites an object under the same key', async () => {
    await storage.put('products/2/b.jpg', new Uint8Array([1]), 'image/jpeg');
    await storage.put('products/2/b.jpg', new Uint8Array([2, 2]), 'image/jpeg');
    expect(await storage.get('products/2/b.jpg')).toEqual(new Uint8Array([2, 2]));
  });

  it('removes several objects at once', async () => {
    await storage.put('products/3/x.jpg', new Uint8Array([1]), 'image/jpeg');
    await storage.put('products/3/y.jpg', new Uint8Array([2]), 'image/jpeg');
    await storage.remove(['products/3/x.jpg', 'products/3/y.jpg']);
    expect(await storage.get('products/3/x.jpg')).toBeNull();
    expect(await storage.get('products/3/y.jpg')).toBeNull();
  });

  it('refuses keys that could leave the storage', async () => {
    for (const key of ['../etc/passwd', '/abs.jpg', 'a//b.jpg', 'a/../b.jpg', '']) {
      expect(isStorageKey(key)).toBe(false);
      await expect(storage.put(key, new Uint8Array([1]), 'image/jpeg')).rejects.toThrow(/Not a storage key/);
    }
  });

  it('gives an upload target the browser can PUT the file to', async () => {
    const target = await storage.createUploadTarget('uploads/0f0e');
    expect(target.method).toBe('PUT');
    if (kind === 'local') {
      // Through the Node server's own endpoint.
      expect(target.url).toBe('/api/admin/uploads?key=uploads%2F0f0e');
    } else {
      // Straight to storage with a signed URL, as the browser does on Vercel.
      const response = await fetch(target.url, {
        method: 'PUT',
        headers: target.headers,
        body: new Uint8Array([9, 8]),
      });
      expect(response.ok).toBe(true);
      expect(await storage.get('uploads/0f0e')).toEqual(new Uint8Array([9, 8]));
    }
  });

  it('names where the browser loads a picture', () => {
    const url = storage.publicUrl('products/1/a/480.webp');
    if (kind === 'local') expect(url).toBeNull();
    else expect(url).toBe(`${standIn?.url}/storage/v1/object/public/product-images/products/1/a/480.webp`);
  });
});
