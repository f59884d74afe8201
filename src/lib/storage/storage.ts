/**
 * Where product images live: one small interface, a directory under DATA_DIR by default and
 * Supabase Storage when SUPABASE_URL is set (docs/decisions/027-product-images.md).
 * Keys are paths like `products/12/9f3c…/480.webp`; they never change once written.
 */
export interface MediaStorage {
  readonly kind: 'local' | 'supabase';
  put(key: string, body: Uint8Array, contentType: string): Promise<void>;
  /** The stored bytes, or null when there is no such object. */
  get(key: string): Promise<Uint8Array | null>;
  /** Removes the objects; keys already gone are not an error. */
  remove(keys: readonly string[]): Promise<void>;
  /**
   * Where the browser sends a file for this key. Supabase: a signed upload URL, straight to
   * storage (a Vercel function takes at most 4.5 MB of body). Local: our own upload endpoint.
   */
  createUploadTarget(key: string): Promise<UploadTarget>;
  /** A public URL the browser may load directly, or null when /media serves the object. */
  publicUrl(key: string): string | null;
}

export interface UploadTarget {
  url: string;
  method: 'PUT';
  headers: Record<string, string>;
}

const KEY = /^[a-z0-9]+(?:[a-z0-9._-]*[a-z0-9])?(?:\/[a-z0-9]+(?:[a-z0-9._-]*[a-z0-9])?)*$/i;

/** A storage key is relative, with no empty, `.` or `..` segment. */
export function isStorageKey(key: string): boolean {
  return key.length <= 512 && KEY.test(key) && !key.split('/').some((part) => part === '.' || part === '..');
}

export function assertStorageKey(key: string): void {
  if (!isStorageKey(key)) throw new Error(`Not a storage key: ${JSON.stringify(key)}`);
}

const CONTENT_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
};

/** The content type of a stored key by its extension; uploads awaiting checks are octet streams. */
export function contentTypeOfKey(key: string): string {
  const extension = key.slice(key.lastIndexOf('.') + 1).toLowerCase();
  return CONTENT_TYPES[extension] ?? 'application/octet-stream';
}
