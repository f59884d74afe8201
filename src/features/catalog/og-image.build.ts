import sharp from 'sharp';
import { type PlantForm, plantArtSvg, plantPaints } from './plant-art.ts';

export const OG_WIDTH = 1200;
export const OG_HEIGHT = 630;

/** A 1200×630 PNG of a plant form's drawing, for Open Graph and product structured data. */
export async function plantArtPng(form: PlantForm): Promise<Buffer> {
  const svg = plantArtSvg({ form, ...plantPaints(form, null, null), seed: 3 });
  const art = await sharp(Buffer.from(svg)).resize(OG_HEIGHT, OG_HEIGHT).png().toBuffer();
  return sharp({ create: { width: OG_WIDTH, height: OG_HEIGHT, channels: 3, background: '#eef3e6' } })
    .composite([{ input: art, left: Math.round((OG_WIDTH - OG_HEIGHT) / 2), top: 0 }])
    .png()
    .toBuffer();
}
