import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { assertStorageKey, type MediaStorage, type UploadTarget } from './storage.ts';

/** The path of the Node server's own upload endpoint (the local half of the two-step upload). */
export const LOCAL_UPLOAD_PATH = '/api/admin/uploads';

/** Objects as files under a directory (DATA_DIR/media), served by the /media route. */
export function localStorage(root: string): MediaStorage {
  const fileOf = (key: string) => {
    assertStorageKey(key);
    return join(root, ...key.split('/'));
  };
  return {
    kind: 'local',
    async put(key, body) {
      const file = fileOf(key);
      await mkdir(dirname(file), { recursive: true });
      // Written beside and renamed: a reader never sees half a picture.
      const temporary = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
      await writeFile(temporary, body);
      await rename(temporary, file);
    },
    async get(key) {
      try {
        return new Uint8Array(await readFile(fileOf(key)));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async remove(keys) {
      const files = keys.map(fileOf);
      await Promise.all(files.map((file) => rm(file, { force: true })));
    },
    async createUploadTarget(key): Promise<UploadTarget> {
      assertStorageKey(key);
      return {
        url: `${LOCAL_UPLOAD_PATH}?key=${encodeURIComponent(key)}`,
        method: 'PUT',
        headers: { 'content-type': 'application/octet-stream' },
      };
    },
    publicUrl() {
      return null;
    },
  };
}
