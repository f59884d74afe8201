import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import type { SizeKind } from '../../lib/db/schema.ts';
import { parseSeedFile, SEED_DIR } from './seed/files.ts';

/** The demo catalog's plant data: one JSON file per top-level category (supabase/seed/plants/FORMAT.md). */

export const PLANTS_DIR = join(SEED_DIR, 'plants');

export const PLANT_CATEGORIES = [
  'broadleafs',
  'evergreens',
  'fruits',
  'grasses',
  'groundcovers',
  'perennials',
  'roses',
  'shrubs',
  'trees',
  'vines',
] as const;

export type PlantCategory = (typeof PLANT_CATEGORIES)[number];

const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** `#5`, `15cm pot`, `80cm`, `50mm WB`, `B&B 150cm`: the nursery's size labels. */
const SIZE_LABEL = /^(#[1-9][0-9]?|[1-9][0-9]?cm pot|[1-9][0-9]{1,2}cm|[1-9][0-9]{1,2}mm WB|B&B [1-9][0-9]{1,2}cm)$/;

const text = z.string().trim().min(1);
const month = z.int().min(1).max(12);
const bilingual = z.object({ en: text, fr: text });

export const PlantSizeSchema = z.object({
  size: z.string().regex(SIZE_LABEL, 'must be a size label such as "#5", "15cm pot", "80cm", "50mm WB" or "B&B 150cm"'),
  list_cents: z.int().positive(),
});

export const PlantSchema = z.object({
  botanical: text,
  name_en: text,
  name_fr: text,
  subcategory: z.string().regex(SLUG, 'must be a lower-case slug'),
  zone: z.int().min(0).max(9),
  exposure: z.array(z.enum(['full_sun', 'part_sun', 'part_shade', 'full_shade'])).min(1),
  height_cm: z.int().positive(),
  spread_cm: z.int().positive(),
  bloom: z.object({ from: month, to: month }).nullable(),
  flower_colour: bilingual.nullable(),
  foliage_colour: bilingual.nullable(),
  description_en: text,
  description_fr: text,
  sizes: z
    .array(PlantSizeSchema)
    .min(1)
    .refine(
      (sizes) => new Set(sizes.map((entry) => sizeCode(entry.size))).size === sizes.length,
      'sizes must not repeat',
    ),
});

export const SubcategorySchema = z.object({
  slug: z.string().regex(SLUG, 'must be a lower-case slug'),
  name_en: text,
  name_fr: text,
});

export const PlantFileSchema = z
  .object({
    category: z.enum(PLANT_CATEGORIES),
    subcategories: z.array(SubcategorySchema).min(1),
    plants: z.array(PlantSchema).min(1),
  })
  .superRefine((file, ctx) => {
    const slugs = new Set<string>();
    file.subcategories.forEach((subcategory, index) => {
      if (slugs.has(subcategory.slug)) {
        ctx.addIssue({
          code: 'custom',
          path: ['subcategories', index, 'slug'],
          message: `"${subcategory.slug}" is listed twice`,
        });
      }
      slugs.add(subcategory.slug);
    });
    file.plants.forEach((plant, index) => {
      if (!slugs.has(plant.subcategory)) {
        ctx.addIssue({
          code: 'custom',
          path: ['plants', index, 'subcategory'],
          message: `"${plant.subcategory}" is not one of this file's subcategories`,
        });
      }
    });
  });

export type PlantSize = z.infer<typeof PlantSizeSchema>;
export type Plant = z.infer<typeof PlantSchema>;
export type Subcategory = z.infer<typeof SubcategorySchema>;
export type PlantFile = z.infer<typeof PlantFileSchema>;

export class PlantFileError extends Error {
  override name = 'PlantFileError';
}

/**
 * Reads and validates every `<category>.json` present in `dir`, in PLANT_CATEGORIES order.
 * Categories without a file are left out; a file that does not match the format throws a
 * PlantFileError naming the file and the field.
 */
export async function loadPlantFiles(dir: string = PLANTS_DIR): Promise<PlantFile[]> {
  const present = new Set(await readdir(dir));
  const files: PlantFile[] = [];
  for (const category of PLANT_CATEGORIES) {
    const name = `${category}.json`;
    if (!present.has(name)) continue;
    const path = join(dir, name);
    files.push(parsePlantFile(await readFile(path, 'utf8'), path, category));
  }
  return files;
}

export function parsePlantFile(source: string, path: string, category: PlantCategory): PlantFile {
  const file = parseSeedFile(source, path, PlantFileSchema, PlantFileError);
  if (file.category !== category) {
    throw new PlantFileError(`${path}: category: is "${file.category}", expected "${category}" (the file's name)`);
  }
  return file;
}

export interface SizeInfo {
  /** The SKU suffix: `#5` → C5, `15cm pot` → P15, `80cm` → H80, `50mm WB` → W50, `B&B 150cm` → BB150. */
  code: string;
  kind: SizeKind;
}

export function parseSize(label: string): SizeInfo {
  const number = label.match(/[0-9]+/)?.[0];
  if (!number || !SIZE_LABEL.test(label)) throw new Error(`Unknown size label "${label}"`);
  if (label.startsWith('#')) return { code: `C${number}`, kind: 'container' };
  if (label.startsWith('B&B')) return { code: `BB${number}`, kind: 'balled_burlapped' };
  if (label.endsWith('pot')) return { code: `P${number}`, kind: 'pot' };
  if (label.endsWith('WB')) return { code: `W${number}`, kind: 'caliper' };
  return { code: `H${number}`, kind: 'height' };
}

function sizeCode(label: string): string {
  return SIZE_LABEL.test(label) ? parseSize(label).code : label;
}

/** Lower-case ASCII slug: accents removed, every run of other characters becomes one "-". */
export function slugify(value: string): string {
  return value
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/œ/gi, 'oe')
    .replace(/æ/gi, 'ae')
    .replace(/ß/g, 'ss')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
