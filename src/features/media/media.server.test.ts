import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from '../../../tests/factories/catalog.ts';
import { ENGINES, type TestDatabase } from '../../../tests/support/databases.ts';
import { jpegOfSize, makeGif, makeJpeg, makePng } from '../../../tests/support/images.ts';
import { useTestDatabase } from '../../../tests/support/suite-database.ts';
import { localStorage } from '../../lib/storage/local.server.ts';
import type { MediaStorage } from '../../lib/storage/storage.ts';
import {
  deleteImage,
  finishUpload,
  listImages,
  readLimitedBody,
  reorderImages,
  StaleImageOrderError,
  startUpload,
  updateImageText,
} from './media.server.ts';
import { MAX_IMAGE_BYTES } from './media.ts';
import { ImageRefusedError } from './process.server.ts';

async function upload(
  db: TestDatabase['handle']['db'],
  storage: MediaStorage,
  productId: number,
  bytes: Buffer,
  fileName: string,
) {
  const { uploadKey } = await startUpload(storage);
  await storage.put(uploadKey, bytes, 'application/octet-stream');
  return finishUpload(db, storage, { productId, uploadKey, fileName });
}

async function storedFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(dir.length + 1))
    .sort();
}

describe.each(ENGINES)('product images on %s', (engine) => {
  const db = useTestDatabase(engine);
  let dir: string;
  let storage: MediaStorage;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'nursery-images-'));
    storage = localStorage(dir);
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('keeps WebP and JPEG variants at three widths, with their sizes, and drops the upload', async () => {
    const product = await createProduct(db());
    const image = await upload(db(), storage, product.id, await makePng(2000, 1500), 'maple.png');
    expect(image.position).toBe(0);
    expect(image.originalName).toBe('maple.png');
    const summary = image.variants.map((v) => `${v.format} ${v.width}x${v.height}`).sort();
    expect(summary).toEqual([
      'jpeg 1200x900',
      'jpeg 160x120',
      'jpeg 480x360',
      'webp 1200x900',
      'webp 160x120',
      'webp 480x360',
    ]);
    for (const variant of image.variants) {
      const bytes = await storage.get(variant.key);
      expect(bytes?.length).toBe(variant.bytes);
      const meta = await sharp(bytes as Uint8Array).metadata();
      expect(meta.format).toBe(variant.format);
      expect(meta.width).toBe(variant.width);
    }
    const files = await storedFiles(dir);
    expect(files.some((file) => file.startsWith('uploads'))).toBe(false);
  });

  it('never makes a variant wider than the original', async () => {
    const product = await createProduct(db());
    const image = await upload(db(), storage, product.id, await makeJpeg(300, 300), 'small.jpg');
    expect([...new Set(image.variants.map((v) => v.width))].sort((a, b) => a - b)).toEqual([160, 300]);
  });

  it('applies the EXIF orientation and strips the metadata', async () => {
    const product = await createProduct(db());
    // 600×400 stored, orientation 6 (rotate 90°): shown as 400×600.
    const original = await makeJpeg(600, 400, { orientation: 6, exif: true });
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const image = await upload(db(), storage, product.id, original, 'portrait.jpg');
    expect(image.width).toBe(400);
    expect(image.height).toBe(600);
    for (const variant of image.variants) {
      const meta = await sharp((await storage.get(variant.key)) as Uint8Array).metadata();
      expect(meta.height).toBeGreaterThan(meta.width ?? 0);
      expect(meta.exif).toBeUndefined();
      expect(meta.orientation ?? 1).toBe(1);
    }
  });

  it('judges by content: a GIF named .png and text named .jpg are refused, and leave nothing', async () => {
    const product = await createProduct(db());
    const before = await storedFiles(dir);
    await expect(upload(db(), storage, product.id, await makeGif(50, 50), 'sneaky.png')).rejects.toMatchObject({
      name: 'ImageRefusedError',
      reason: 'type',
    });
    await expect(
      upload(db(), storage, product.id, Buffer.from('not a picture at all\n'), 'notes.jpg'),
    ).rejects.toMatchObject({
      reason: 'type',
    });
    // JPEG's signature, then nonsense: refused as unreadable.
    await expect(
      upload(
        db(),
        storage,
        product.id,
        Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(100, 7)]),
        'broken.jpg',
      ),
    ).rejects.toMatchObject({ reason: 'unreadable' });
    expect(await listImages(db(), product.id)).toEqual([]);
    expect(await storedFiles(dir)).toEqual(before);
  });

  it('accepts exactly 5 MB and refuses one byte more', async () => {
    const product = await createProduct(db());
    const exactly = await jpegOfSize(MAX_IMAGE_BYTES);
    expect(exactly.length).toBe(5 * 1024 * 1024);
    await expect(upload(db(), storage, product.id, exactly, 'five.jpg')).resolves.toMatchObject({ position: 0 });
    const over = await jpegOfSize(MAX_IMAGE_BYTES + 1);
    await expect(upload(db(), storage, product.id, over, 'five-plus.jpg')).rejects.toMatchObject({ reason: 'size' });
  });

  it('counts a streamed body and stops at 5 MB + 1 byte', async () => {
    const stream = (total: number) =>
      new ReadableStream<Uint8Array>({
        start(controller) {
          for (let sent = 0; sent < total; sent += 64 * 1024)
            controller.enqueue(new Uint8Array(Math.min(64 * 1024, total - sent)));
          controller.close();
        },
      });
    expect((await readLimitedBody(stream(MAX_IMAGE_BYTES))).length).toBe(MAX_IMAGE_BYTES);
    await expect(readLimitedBody(stream(MAX_IMAGE_BYTES + 1))).rejects.toBeInstanceOf(ImageRefusedError);
  });

  it('adds images at the end; the first is the primary; reorders in one transaction', async () => {
    const product = await createProduct(db());
    const a = await upload(db(), storage, product.id, await makePng(400, 300), 'a.png');
    const b = await upload(db(), storage, product.id, await makePng(400, 300, '#224488'), 'b.png');
    const c = await upload(db(), storage, product.id, await makeJpeg(400, 300), 'c.jpg');
    expect((await listImages(db(), product.id)).map((image) => image.id)).toEqual([a.id, b.id, c.id]);
    await reorderImages(db(), product.id, [c.id, a.id, b.id]);
    const after = await listImages(db(), product.id);
    expect(after.map((image) => [image.id, image.position])).toEqual([
      [c.id, 0],
      [a.id, 1],
      [b.id, 2],
    ]);
    // An order that forgets an image, or names another product's, changes nothing.
    await expect(reorderImages(db(), product.id, [a.id, b.id])).rejects.toBeInstanceOf(StaleImageOrderError);
    const other = await createProduct(db());
    const foreign = await upload(db(), storage, other.id, await makePng(200, 200), 'x.png');
    await expect(reorderImages(db(), product.id, [a.id, b.id, foreign.id])).rejects.toBeInstanceOf(
      StaleImageOrderError,
    );
    expect((await listImages(db(), product.id)).map((image) => image.id)).toEqual([c.id, a.id, b.id]);
  });

  it('keeps a whole, valid order through concurrent reorders', async () => {
    const product = await createProduct(db());
    const ids: number[] = [];
    for (const colour of ['#111111', '#333333', '#555555', '#777777', '#999999']) {
      ids.push((await upload(db(), storage, product.id, await makePng(200, 200, colour), `${colour}.png`)).id);
    }
    const orders = Array.from({ length: 12 }, (_, n) => {
      const order = [...ids];
      // A different rotation and swap per request.
      for (let i = 0; i < n; i++) order.push(order.shift() as number);
      if (n % 2) [order[0], order[4]] = [order[4] as number, order[0] as number];
      return order;
    });
    const results = await Promise.allSettled(orders.map((order) => reorderImages(db(), product.id, order)));
    expect(results.every((result) => result.status === 'fulfilled')).toBe(true);
    const final = await listImages(db(), product.id);
    expect(final.map((image) => image.position)).toEqual([0, 1, 2, 3, 4]);
    const finalOrder = final.map((image) => image.id);
    // Exactly one of the orders asked for, never a mix of two.
    expect(orders.map((order) => order.join())).toContain(finalOrder.join());
  });

  it('saves alt text and title in both languages', async () => {
    const product = await createProduct(db());
    const image = await upload(db(), storage, product.id, await makePng(300, 300), 'text.png');
    const text = {
      alt_en: 'Red maple leaves',
      alt_fr: "Feuilles d'érable rouge",
      title_en: 'Fall',
      title_fr: 'Automne',
    };
    expect(await updateImageText(db(), product.id, image.id, text)).toMatchObject(text);
    const other = await createProduct(db());
    await expect(updateImageText(db(), other.id, image.id, text)).rejects.toMatchObject({ name: 'ImageNotFoundError' });
  });

  it('deletes the row, closes the gap, then removes the files', async () => {
    const product = await createProduct(db());
    const a = await upload(db(), storage, product.id, await makePng(300, 300), 'a.png');
    const b = await upload(db(), storage, product.id, await makePng(300, 300), 'b.png');
    const removedWhen: string[] = [];
    const watching: MediaStorage = {
      ...storage,
      async remove(keys) {
        // The row is already gone when the files go.
        const rows = await db().selectFrom('product_images').select('id').where('id', '=', a.id).execute();
        removedWhen.push(rows.length === 0 ? 'after-row' : 'before-row');
        return storage.remove(keys);
      },
    };
    await deleteImage(db(), watching, product.id, a.id);
    expect(removedWhen).toEqual(['after-row']);
    for (const variant of a.variants) expect(await storage.get(variant.key)).toBeNull();
    const rest = await listImages(db(), product.id);
    expect(rest.map((image) => [image.id, image.position])).toEqual([[b.id, 0]]);
    // Another product's image, or one already deleted: not found, nothing touched.
    await expect(deleteImage(db(), storage, product.id, a.id)).rejects.toMatchObject({ name: 'ImageNotFoundError' });
  });

  it('keeps the files when the row cannot be deleted', async () => {
    const product = await createProduct(db());
    const image = await upload(db(), storage, product.id, await makePng(300, 300), 'keep.png');
    const other = await createProduct(db());
    await expect(deleteImage(db(), storage, other.id, image.id)).rejects.toMatchObject({ name: 'ImageNotFoundError' });
    for (const variant of image.variants) expect(await storage.get(variant.key)).not.toBeNull();
  });
});
