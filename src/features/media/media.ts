import { z } from 'zod';

/**
 * Product images (spec §4, §5, §9): JPG, JPEG and PNG only, judged by content, at most 5 MB;
 * each kept as web variants (WebP and JPEG at three widths). Safe on both sides.
 * docs/decisions/027-product-images.md
 */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

/** Widths of the web variants: thumbnail, card and large (never wider than the original). */
export const IMAGE_WIDTHS = { thumbnail: 160, card: 480, large: 1200 } as const;
export const IMAGE_FORMATS = ['webp', 'jpeg'] as const;
export type ImageFormat = (typeof IMAGE_FORMATS)[number];

export const ImageVariantSchema = z.object({
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  format: z.enum(IMAGE_FORMATS),
  key: z.string(),
  bytes: z.number().int().nonnegative(),
});
export type ImageVariant = z.infer<typeof ImageVariantSchema>;

export type ImageKind = 'jpeg' | 'png';

/** What the first bytes say the file is: JPEG (FF D8 FF), PNG (its 8-byte signature), or neither. */
export function sniffImageType(head: Uint8Array): ImageKind | null {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpeg';
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (head.length >= png.length && png.every((byte, index) => head[index] === byte)) return 'png';
  return null;
}

/** Names the picker and the drop zone accept; the server decides by content all the same. */
export const ACCEPTED_EXTENSIONS = ['.jpg', '.jpeg', '.png'] as const;
export const ACCEPT_ATTRIBUTE = 'image/jpeg,image/png,.jpg,.jpeg,.png';

/** Why a file is refused: each has a message naming the file (catalog-admin:images.refused.*). */
export type RefusalReason = 'type' | 'size' | 'unreadable' | 'empty';

/** A quick check in the browser before sending; the server checks again, by content. */
export function precheckFile(file: { name: string; size: number }): RefusalReason | null {
  if (file.size === 0) return 'empty';
  if (file.size > MAX_IMAGE_BYTES) return 'size';
  const name = file.name.toLowerCase();
  if (!ACCEPTED_EXTENSIONS.some((extension) => name.endsWith(extension))) return 'type';
  return null;
}

const fileName = z.string().trim().min(1).max(255);

/** Step 1 of an upload: ask where to send the file. */
export const StartUploadSchema = z.object({ fileName, size: z.number().int().nonnegative() });
/** Step 2 (after the file is sent): check it, make the variants, add the image. */
export const FinishUploadSchema = z.object({ fileName, uploadKey: z.string().regex(/^uploads\/[a-z0-9-]+$/) });
/** The new order: every image of the product, by id, first = primary. */
export const ReorderSchema = z.object({ imageIds: z.array(z.number().int().positive()).min(1).max(500) });

const text = (max: number) => z.string().trim().max(max);
/** Alt text and title in both languages. */
export const ImageTextSchema = z.object({
  alt_en: text(250),
  alt_fr: text(250),
  title_en: text(120),
  title_fr: text(120),
});
export type ImageText = z.infer<typeof ImageTextSchema>;

/** An image as the admin sees it. */
export interface AdminImage extends ImageText {
  id: number;
  position: number;
  width: number;
  height: number;
  originalName: string;
  /** A small variant's URL for the list */
  thumbnailUrl: string;
  variants: ImageVariant[];
}

/**
 * `srcset` for one format: each width once, smallest first. Pages write it from the image
 * row's variants, so the browser never asks for a size that does not exist.
 */
export function srcsetOf(
  variants: readonly ImageVariant[],
  format: ImageFormat,
  urlOf: (key: string) => string,
): string {
  return variants
    .filter((variant) => variant.format === format)
    .sort((a, b) => a.width - b.width)
    .map((variant) => `${urlOf(variant.key)} ${variant.width}w`)
    .join(', ');
}

/** The variant of a format closest to (not under, when possible) a wanted width. */
export function variantFor(
  variants: readonly ImageVariant[],
  format: ImageFormat,
  width: number,
): ImageVariant | undefined {
  const ofFormat = variants.filter((variant) => variant.format === format).sort((a, b) => a.width - b.width);
  return ofFormat.find((variant) => variant.width >= width) ?? ofFormat.at(-1);
}

/**
 * Where a product picture is served from, by its storage key. Product media are published
 * under /media (the storage interface of the admin's image management serves them).
 */
export function productImageUrl(key: string): string {
  return `/media/${key.split('/').map(encodeURIComponent).join('/')}`;
}
