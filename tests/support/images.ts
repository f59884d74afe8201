import sharp from 'sharp';

/**
 * Test pictures made with sharp on the spot (nothing downloaded): a plain colour field with
 * a band, so the variants are real pictures with real sizes.
 */
export async function makePng(width: number, height: number, colour = '#3a7d2c'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .composite([{ input: Buffer.from(bandSvg(width, height)), top: 0, left: 0 }])
    .png()
    .toBuffer();
}

export async function makeJpeg(
  width: number,
  height: number,
  options: { colour?: string; orientation?: number; exif?: boolean } = {},
): Promise<Buffer> {
  let image = sharp({ create: { width, height, channels: 3, background: options.colour ?? '#b0412e' } })
    .composite([{ input: Buffer.from(bandSvg(width, height)), top: 0, left: 0 }])
    .jpeg({ quality: 90 });
  if (options.orientation || options.exif) {
    image = image.withMetadata({
      ...(options.orientation ? { orientation: options.orientation } : {}),
      exif: { IFD0: { Copyright: 'Northfield test', Artist: 'Camera owner' } },
    });
  }
  return image.toBuffer();
}

export async function makeGif(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#ffcc00' } })
    .gif()
    .toBuffer();
}

/** A JPEG of exactly `bytes` bytes (a real picture, padded with a trailing comment-free filler after EOI). */
export async function jpegOfSize(bytes: number): Promise<Buffer> {
  const base = await makeJpeg(1600, 1200);
  if (base.length > bytes) throw new Error(`base JPEG is already ${base.length} bytes`);
  // Bytes after the end-of-image marker are ignored by decoders.
  return Buffer.concat([base, Buffer.alloc(bytes - base.length, 0)]);
}

function bandSvg(width: number, height: number): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect x="0" y="${Math.round(height / 3)}" width="${width}" height="${Math.round(height / 3)}" fill="#ffffff" opacity="0.5"/></svg>`;
}
