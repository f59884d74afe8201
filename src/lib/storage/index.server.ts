import { join } from 'node:path';
import { env } from '../env.ts';
import { localStorage } from './local.server.ts';
import type { MediaStorage } from './storage.ts';
import { supabaseStorage } from './supabase.server.ts';

let storage: MediaStorage | undefined;

/** The server's media storage: Supabase Storage when SUPABASE_URL is set, else DATA_DIR/media. */
export function getStorage(): MediaStorage {
  if (storage) return storage;
  const config = env();
  storage =
    config.SUPABASE_URL && config.SUPABASE_SERVICE_ROLE_KEY
      ? supabaseStorage({
          url: config.SUPABASE_URL,
          serviceRoleKey: config.SUPABASE_SERVICE_ROLE_KEY,
          bucket: config.SUPABASE_STORAGE_BUCKET,
        })
      : localStorage(mediaDirectory(config.dataDir));
  return storage;
}

export function mediaDirectory(dataDir: string): string {
  return join(dataDir, 'media');
}
