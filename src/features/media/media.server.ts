import { randomUUID } from 'node:crypto';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database, ImageVariantRow } from '../../lib/db/schema.ts';
import { readBytes } from '../../lib/http/body.ts';
import { log } from '../../lib/log.ts';
import type { MediaStorage, UploadTarget } from '../../lib/storage/storage.ts';
import {
  type AdminImage,
  type ImageText,
  ImageVariantSchema,
  MAX_IMAGE_BYTES,
  productImageUrl,
  variantFor,
} from './media.ts';
import { checkUpload, ImageRefusedError, processImage } from './process.server.ts';

/** The product has no such image (or no longer): the caller answers 404. */
export class ImageNotFoundError extends Error {
  override name = 'ImageNotFoundError';
}

/** A reorder that does not name exactly the product's images (one was added or deleted meanwhile). */
export class StaleImageOrderError extends Error {
  override name = 'StaleImageOrderError';
}

/** Step 1: a fresh staging key and where the browser sends the file. */
export async function startUpload(storage: MediaStorage): Promise<{ uploadKey: string; target: UploadTarget }> {
  const uploadKey = `uploads/${randomUUID()}`;
  return { uploadKey, target: await storage.createUploadTarget(uploadKey) };
}

/**
 * Reads a request body into memory, refusing it as soon as it passes the limit (5 MB + 1
 * byte is refused without reading the rest). The local half of step 1.
 */
export function readLimitedBody(body: ReadableStream<Uint8Array> | null, limit = MAX_IMAGE_BYTES): Promise<Uint8Array> {
  return readBytes(body, limit, () => new ImageRefusedError('size', `more than ${limit} bytes`));
}

export interface FinishUploadInput {
  productId: number;
  uploadKey: string;
  fileName: string;
}

/**
 * Step 2: checks the stored upload's size and content, makes the web variants, stores them,
 * adds the image at the end of the product's order. The staging object is always deleted;
 * a refused file leaves nothing behind.
 */
export async function finishUpload(
  db: Kysely<Database>,
  storage: MediaStorage,
  input: FinishUploadInput,
): Promise<AdminImage> {
  const written: string[] = [];
  try {
    const bytes = await storage.get(input.uploadKey);
    if (!bytes) throw new ImageRefusedError('empty', 'nothing was uploaded');
    checkUpload(bytes);
    const processed = await processImage(bytes);
    const base = `products/${input.productId}/${randomUUID()}`;
    const variants: ImageVariantRow[] = [];
    for (const variant of processed.variants) {
      const key = `${base}/${variant.width}.${variant.format === 'jpeg' ? 'jpg' : 'webp'}`;
      await storage.put(key, variant.body, variant.format === 'jpeg' ? 'image/jpeg' : 'image/webp');
      written.push(key);
      variants.push({
        width: variant.width,
        height: variant.height,
        format: variant.format,
        key,
        bytes: variant.body.length,
      });
    }
    const largest = variantFor(variants, 'jpeg', Number.POSITIVE_INFINITY);
    if (!largest) throw new Error('No JPEG variant was made');
    const row = await db.transaction().execute(async (trx) => {
      await lockProduct(trx, input.productId);
      const next = await trx
        .selectFrom('product_images')
        .select(sql<number>`coalesce(max(position) + 1, 0)::int`.as('position'))
        .where('product_id', '=', input.productId)
        .executeTakeFirstOrThrow();
      return trx
        .insertInto('product_images')
        .values({
          product_id: input.productId,
          position: next.position,
          storage_key: largest.key,
          width: largest.width,
          height: largest.height,
          variants: JSON.stringify(variants),
          original_name: input.fileName.slice(0, 255),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    });
    return toAdminImage(row);
  } catch (error) {
    if (written.length > 0) await removeQuietly(storage, written, 'refused_upload_variants');
    throw error;
  } finally {
    await removeQuietly(storage, [input.uploadKey], 'upload_staging');
  }
}

async function removeQuietly(storage: MediaStorage, keys: string[], what: string): Promise<void> {
  try {
    await storage.remove(keys);
  } catch (error) {
    log('warn', 'media_not_removed', { what, keys, error });
  }
}

/** Serialises changes to one product's images (row lock on the product). */
async function lockProduct(trx: Transaction<Database>, productId: number): Promise<void> {
  const product = await trx
    .selectFrom('products')
    .select('id')
    .where('id', '=', productId)
    .forUpdate()
    .executeTakeFirst();
  if (!product) throw new ImageNotFoundError(`No product ${productId}`);
}

type ImageRow = {
  id: number;
  position: number;
  width: number;
  height: number;
  storage_key: string;
  alt_en: string;
  alt_fr: string;
  title_en: string;
  title_fr: string;
  original_name: string;
  variants: unknown;
};

function toAdminImage(row: ImageRow): AdminImage {
  const variants = ImageVariantSchema.array().parse(row.variants);
  const thumbnail = variantFor(variants, 'webp', 160);
  return {
    id: row.id,
    position: row.position,
    width: row.width,
    height: row.height,
    alt_en: row.alt_en,
    alt_fr: row.alt_fr,
    title_en: row.title_en,
    title_fr: row.title_fr,
    originalName: row.original_name,
    thumbnailUrl: productImageUrl(thumbnail?.key ?? row.storage_key),
    variants,
  };
}

export async function listImages(db: Kysely<Database>, productId: number): Promise<AdminImage[]> {
  const rows = await db
    .selectFrom('product_images')
    .selectAll()
    .where('product_id', '=', productId)
    .orderBy('position')
    .execute();
  return rows.map(toAdminImage);
}

/**
 * Saves a new order in one transaction: positions 0…n-1 in the given order, the first being
 * the thumbnail and primary. The list must name exactly the product's images.
 */
export async function reorderImages(
  db: Kysely<Database>,
  productId: number,
  imageIds: readonly number[],
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await lockProduct(trx, productId);
    const current = await trx.selectFrom('product_images').select('id').where('product_id', '=', productId).execute();
    const known = new Set(current.map((row) => row.id));
    if (
      known.size !== imageIds.length ||
      new Set(imageIds).size !== imageIds.length ||
      !imageIds.every((id) => known.has(id))
    ) {
      throw new StaleImageOrderError(`Order for product ${productId} does not match its images`);
    }
    // (product_id, position) is unique, checked at commit: the rows may swap places freely.
    for (const [position, id] of imageIds.entries()) {
      await trx.updateTable('product_images').set({ position }).where('id', '=', id).execute();
    }
  });
}

export async function updateImageText(
  db: Kysely<Database>,
  productId: number,
  imageId: number,
  text: ImageText,
): Promise<AdminImage> {
  const row = await db
    .updateTable('product_images')
    .set(text)
    .where('id', '=', imageId)
    .where('product_id', '=', productId)
    .returningAll()
    .executeTakeFirst();
  if (!row) throw new ImageNotFoundError(`No image ${imageId} on product ${productId}`);
  return toAdminImage(row);
}

/**
 * Deletes an image: the row first (the others close the gap, in the same transaction), the
 * files only once that is committed, so a page never points at a missing file.
 */
export async function deleteImage(
  db: Kysely<Database>,
  storage: MediaStorage,
  productId: number,
  imageId: number,
): Promise<void> {
  const keys = await db.transaction().execute(async (trx) => {
    await lockProduct(trx, productId);
    const row = await trx
      .deleteFrom('product_images')
      .where('id', '=', imageId)
      .where('product_id', '=', productId)
      .returning(['storage_key', 'variants'])
      .executeTakeFirst();
    if (!row) throw new ImageNotFoundError(`No image ${imageId} on product ${productId}`);
    const rest = await trx
      .selectFrom('product_images')
      .select('id')
      .where('product_id', '=', productId)
      .orderBy('position')
      .execute();
    for (const [position, { id }] of rest.entries()) {
      await trx.updateTable('product_images').set({ position }).where('id', '=', id).execute();
    }
    const variants = ImageVariantSchema.array().safeParse(row.variants);
    return [...new Set([row.storage_key, ...(variants.success ? variants.data.map((variant) => variant.key) : [])])];
  });
  // The image is gone from the catalog; files left behind by a storage failure are logged.
  await removeQuietly(storage, keys, 'deleted_image_files');
}
