import sharp from 'sharp';
import { IMAGE_FORMATS, IMAGE_WIDTHS, type ImageFormat, MAX_IMAGE_BYTES, sniffImageType } from './media.ts';

/** An upload the checks refused; `reason` picks the message, which names the file. */
export class ImageRefusedError extends Error {
  override name = 'ImageRefusedError';
  readonly reason: 'type' | 'size' | 'unreadable' | 'empty';
  constructor(reason: 'type' | 'size' | 'unreadable' | 'empty', message: string) {
    super(message);
    this.reason = reason;
  }
}

export interface ProcessedVariant {
  width: number;
  height: number;
  format: ImageFormat;
  body: Buffer;
}

export interface ProcessedImage {
  /** Of the largest variant, after orientation. */
  width: number;
  height: number;
  variants: ProcessedVariant[];
}

/** Checks an upload's bytes: not empty, at most 5 MB, a JPEG or PNG by its content. */
export function checkUpload(bytes: Uint8Array): 'jpeg' | 'png' {
  if (bytes.length === 0) throw new ImageRefusedError('empty', 'empty file');
  if (bytes.length > MAX_IMAGE_BYTES) throw new ImageRefusedError('size', `${bytes.length} bytes`);
  const kind = sniffImageType(bytes.subarray(0, 16));
  if (!kind) throw new ImageRefusedError('type', 'neither JPEG nor PNG');
  return kind;
}

const QUALITY: Record<ImageFormat, number> = { webp: 78, jpeg: 80 };

/**
 * The web variants of a photo: orientation applied from EXIF, then every metadata dropped
 * (sharp writes none unless asked), WebP and JPEG at the thumbnail, card and large widths,
 * none wider than the original. One decode; sharp clones the pipeline per output.
 */
export async function processImage(bytes: Uint8Array): Promise<ProcessedImage> {
  checkUpload(bytes);
  let width: number;
  let height: number;
  const source = sharp(bytes, { failOn: 'error', limitInputPixels: 50_000_000 }).autoOrient();
  try {
    const meta = await sharp(bytes, { failOn: 'error' }).metadata();
    if (!meta.width || !meta.height) throw new Error('no dimensions');
    // EXIF orientations 5–8 swap the sides.
    const swapped = (meta.orientation ?? 1) >= 5;
    width = swapped ? meta.height : meta.width;
    height = swapped ? meta.width : meta.height;
  } catch (error) {
    throw new ImageRefusedError('unreadable', error instanceof Error ? error.message : String(error));
  }
  const widths = [...new Set(Object.values(IMAGE_WIDTHS).map((wanted) => Math.min(wanted, width)))].sort(
    (a, b) => a - b,
  );
  try {
    const variants = await Promise.all(
      widths.flatMap((target) =>
        IMAGE_FORMATS.map(async (format): Promise<ProcessedVariant> => {
          const pipeline = source.clone().resize({ width: target, withoutEnlargement: true });
          const output =
            format === 'webp'
              ? pipeline.webp({ quality: QUALITY.webp })
              : pipeline.flatten({ background: '#ffffff' }).jpeg({ quality: QUALITY.jpeg, mozjpeg: true });
          const { data, info } = await output.toBuffer({ resolveWithObject: true });
          return { width: info.width, height: info.height, format, body: data };
        }),
      ),
    );
    return { width, height, variants };
  } catch (error) {
    throw new ImageRefusedError('unreadable', error instanceof Error ? error.message : String(error));
  }
}
