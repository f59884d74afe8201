import type { Insertable } from 'kysely';
import type { Database, SizeKind } from '../../../lib/db/schema.ts';
import { formatSize, parseSizeLabel, type Size } from '../../../lib/size.ts';
import { type Plant, type PlantCategory, type PlantFile, parseSize, slugify } from '../plants.ts';
import type { CategoriesFile, TopCategory, YardCode } from './data.ts';
import type { Random } from './random.ts';
import { topCategory } from './reference.server.ts';
import { type Db, insertInChunks, requireId, type SeedCounts } from './util.server.ts';

/** Products, variants (with trade prices) and stock at every sales yard, from the plant files. */

/** What the later steps need to know about a variant they did not insert themselves. */
export interface VariantInfo {
  id: number;
  sku: string;
  productCode: string;
  categoryKey: PlantCategory;
  nameEn: string;
  nameFr: string;
  botanical: string;
  sizeLabel: string;
  size: Size;
  sizeKind: SizeKind;
  listCents: number;
  tradeCents: number;
  featured: boolean;
}

export async function seedCatalog(
  db: Db,
  random: Random,
  categories: CategoriesFile,
  plantFiles: readonly PlantFile[],
  categoryIds: ReadonlyMap<string, number>,
  yards: ReadonlyMap<YardCode, number>,
  counts: SeedCounts,
): Promise<VariantInfo[]> {
  interface Draft {
    category: TopCategory;
    plant: Plant;
    code: string;
  }
  const drafts: Draft[] = plantFiles.flatMap((file) => {
    const category = topCategory(categories, file.category);
    return file.plants.map((plant, index) => ({ category, plant, code: `${category.code_prefix}-${1001 + index}` }));
  });

  const featured = pickFeatured(random, categories, drafts);
  const usedSlugsEn = new Set<string>();
  const usedSlugsFr = new Set<string>();
  const uniqueSlug = (name: string, code: string, used: Set<string>) => {
    const base = slugify(name) || code.toLowerCase();
    const slug = used.has(base) ? `${base}-${code.slice(4)}` : base;
    used.add(slug);
    return slug;
  };

  const productRows: Insertable<Database['products']>[] = drafts.map(({ category, plant, code }) => {
    const categoryId = categoryIds.get(`${category.key}/${plant.subcategory}`);
    if (categoryId === undefined) throw new Error(`${code}: no subcategory ${category.key}/${plant.subcategory}`);
    const disclaimer = disclaimerFor(categories.disclaimers, category.key, plant);
    return {
      code,
      category_id: categoryId,
      slug_en: uniqueSlug(plant.name_en, code, usedSlugsEn),
      slug_fr: uniqueSlug(plant.name_fr, code, usedSlugsFr),
      name_en: plant.name_en,
      name_fr: plant.name_fr,
      botanical_name: plant.botanical,
      description_en: plant.description_en,
      description_fr: plant.description_fr,
      disclaimer_en: disclaimer.en,
      disclaimer_fr: disclaimer.fr,
      hardiness_zone: plant.zone,
      exposure: plant.exposure,
      height_cm: plant.height_cm,
      spread_cm: plant.spread_cm,
      bloom_from: plant.bloom?.from ?? null,
      bloom_to: plant.bloom?.to ?? null,
      flower_colour_en: plant.flower_colour?.en ?? null,
      flower_colour_fr: plant.flower_colour?.fr ?? null,
      foliage_colour_en: plant.foliage_colour?.en ?? null,
      foliage_colour_fr: plant.foliage_colour?.fr ?? null,
      is_featured: featured.has(code),
    };
  });
  const products = await insertInChunks(productRows, (chunk) =>
    db.insertInto('products').values(chunk).returning(['id', 'code']).execute(),
  );
  const productIds = new Map(products.map((row) => [row.code, row.id]));

  const variantRows: Insertable<Database['variants']>[] = [];
  const infoBySku = new Map<string, Omit<VariantInfo, 'id'>>();
  for (const { category, plant, code } of drafts) {
    const productId = requireId(productIds, code);
    plant.sizes.forEach((size, index) => {
      const { code: sizeCode, kind } = parseSize(size.size);
      const structured = requireSize(size.size);
      const label = formatSize(structured, 'en');
      const sku = `${code}-${sizeCode}`;
      const tradeCents = tradePrice(random, size.list_cents);
      variantRows.push({
        product_id: productId,
        sku,
        size_label: label,
        size_kind: kind,
        size_values: structured.values,
        size_root_ball: structured.rootBall,
        sort_order: index + 1,
        list_price_cents: size.list_cents,
        trade_price_cents: tradeCents,
      });
      infoBySku.set(sku, {
        sku,
        productCode: code,
        categoryKey: category.key,
        nameEn: plant.name_en,
        nameFr: plant.name_fr,
        botanical: plant.botanical,
        sizeLabel: label,
        size: structured,
        sizeKind: kind,
        listCents: size.list_cents,
        tradeCents,
        featured: featured.has(code),
      });
    });
  }
  const variants = await insertInChunks(variantRows, (chunk) =>
    db.insertInto('variants').values(chunk).returning(['id', 'sku']).execute(),
  );
  const infos = variants.map((row) => {
    const info = infoBySku.get(row.sku);
    if (!info) throw new Error(`Unexpected variant ${row.sku}`);
    return { ...info, id: row.id };
  });

  const stockRows = stockLevelsFor(random, infos, [...yards.values()]);
  await insertInChunks(stockRows, (chunk) => db.insertInto('stock_levels').values(chunk).execute());
  counts.products = products.length;
  counts.variants = variants.length;
  counts.stock_levels = stockRows.length;
  return infos;
}

/** About a dozen: one from each category, then a couple more from anywhere. */
function pickFeatured(
  random: Random,
  categories: CategoriesFile,
  drafts: readonly { category: TopCategory; code: string }[],
): Set<string> {
  const featured = new Set<string>();
  for (const category of categories.categories) {
    const inCategory = drafts.filter((draft) => draft.category.key === category.key);
    if (inCategory.length > 0) featured.add(random.pick(inCategory).code);
  }
  for (const draft of random.sample(drafts, drafts.length)) {
    if (featured.size >= 12) break;
    featured.add(draft.code);
  }
  return featured;
}

/** 75–80 % of list, rounded to 5 cents, never above list. */
function tradePrice(random: Random, listCents: number): number {
  const rate = 0.75 + random.int(0, 5) / 100;
  return Math.min(listCents, Math.round((listCents * rate) / 5) * 5);
}

/** About 20 % sold out, 15 % low (1–5), the rest in stock; large stock is kept in smaller numbers. */
export function stockLevelsFor(
  random: Random,
  variants: readonly Pick<VariantInfo, 'id' | 'sizeKind' | 'sizeLabel'>[],
  locationIds: readonly number[],
): Insertable<Database['stock_levels']>[] {
  const rows: Insertable<Database['stock_levels']>[] = [];
  for (const variant of variants) {
    const ceiling = stockCeiling(variant.sizeKind, variant.sizeLabel);
    for (const locationId of locationIds) {
      const draw = random.next();
      const quantity = draw < 0.2 ? 0 : draw < 0.35 ? random.int(1, 5) : random.int(6, ceiling);
      rows.push({ variant_id: variant.id, location_id: locationId, quantity });
    }
  }
  return rows;
}

function stockCeiling(kind: SizeKind, label: string): number {
  if (kind === 'caliper' || kind === 'balled_burlapped') return 24;
  if (kind === 'height') return 60;
  const containerSize = kind === 'container' ? Number(label.slice(1)) : 0;
  return containerSize >= 7 ? 45 : 150;
}

/** The product's disclaimer, from the sentences of categories.json that apply to it. */
export function disclaimerFor(
  sentences: CategoriesFile['disclaimers'],
  category: PlantCategory,
  plant: Plant,
): { en: string; fr: string } {
  const kinds = new Set(plant.sizes.map((size) => parseSize(size.size).kind));
  const parts = [sentences.every_plant];
  if (kinds.has('caliper')) parts.push(sentences.caliper);
  else if (kinds.has('height') || kinds.has('balled_burlapped')) parts.push(sentences.height);
  const forCategory = sentences.by_category[category];
  if (forCategory) parts.push(forCategory);
  const zone = String(plant.zone);
  parts.push({ en: sentences.zone.en.replaceAll('{zone}', zone), fr: sentences.zone.fr.replaceAll('{zone}', zone) });
  return { en: parts.map((part) => part.en).join(' '), fr: parts.map((part) => part.fr).join(' ') };
}

function requireSize(label: string): Size {
  const size = parseSizeLabel(label);
  if (!size) throw new Error(`Unknown size label "${label}"`);
  return size;
}
