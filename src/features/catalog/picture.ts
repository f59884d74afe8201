import { IMAGE_WIDTHS, type ImageVariant, productImageUrl, srcsetOf, variantFor } from '../media/media.ts';

/**
 * A product photo as pages write it: WebP and JPEG `srcset`s from the image's stored
 * variants (so no size is guessed), a JPEG fallback `src`, and the intrinsic width and height
 * that keep the layout still while it loads (CLS 0).
 */
export interface PictureSources {
  webp: string;
  jpeg: string;
  src: string;
  width: number;
  height: number;
}

export function pictureSources(
  image: { key: string; width: number; height: number; variants: readonly ImageVariant[] },
  fallbackWidth: number = IMAGE_WIDTHS.large,
): PictureSources {
  const fallback = variantFor(image.variants, 'jpeg', fallbackWidth);
  return {
    webp: srcsetOf(image.variants, 'webp', productImageUrl),
    jpeg: srcsetOf(image.variants, 'jpeg', productImageUrl),
    src: productImageUrl(fallback?.key ?? image.key),
    width: image.width,
    height: image.height,
  };
}

export { PICTURE_SIZES } from './picture-sizes.ts';
