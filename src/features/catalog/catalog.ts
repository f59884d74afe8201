import { z } from 'zod';
import type { Locale } from '../../lib/i18n/index.ts';
import { SizeSchema } from '../../lib/size.ts';
import { ImageVariantSchema } from '../media/media.ts';

/**
 * The catalog as the static build sees it: list prices and a stock summary as of the
 * build. Live stock per yard and trade prices come from /api at view time.
 */
export const ExposureSchema = z.enum(['full_sun', 'part_sun', 'part_shade', 'full_shade']);
export const SizeKindSchema = z.enum(['container', 'pot', 'height', 'caliper', 'balled_burlapped']);

export const CatalogImageSchema = z.object({
  id: z.number().int(),
  key: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  alt_en: z.string(),
  alt_fr: z.string(),
  title_en: z.string(),
  title_fr: z.string(),
  /** Web renditions (WebP and JPEG at several widths); older rows have none. */
  variants: z.array(ImageVariantSchema).default([]),
});

export const CatalogVariantSchema = z.object({
  id: z.number().int(),
  sku: z.string(),
  /** The label as written (English), shown when there is no structured size. */
  sizeLabel: z.string(),
  size: SizeSchema.nullable().default(null),
  sizeKind: SizeKindSchema,
  listPriceCents: z.number().int().nonnegative(),
  stockTotal: z.number().int().nonnegative(),
});

export const CatalogProductSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  categoryId: z.number().int(),
  slug_en: z.string(),
  slug_fr: z.string(),
  name_en: z.string(),
  name_fr: z.string(),
  botanicalName: z.string(),
  description_en: z.string(),
  description_fr: z.string(),
  disclaimer_en: z.string(),
  disclaimer_fr: z.string(),
  hardinessZone: z.number().int().nullable(),
  exposure: z.array(ExposureSchema),
  heightCm: z.number().int().nullable(),
  spreadCm: z.number().int().nullable(),
  bloomFrom: z.number().int().nullable(),
  bloomTo: z.number().int().nullable(),
  flowerColour_en: z.string().nullable(),
  flowerColour_fr: z.string().nullable(),
  foliageColour_en: z.string().nullable(),
  foliageColour_fr: z.string().nullable(),
  isFeatured: z.boolean(),
  updatedAt: z.string(),
  images: z.array(CatalogImageSchema),
  variants: z.array(CatalogVariantSchema),
});

export const CatalogCategorySchema = z.object({
  id: z.number().int(),
  parentId: z.number().int().nullable(),
  slug_en: z.string(),
  slug_fr: z.string(),
  path_en: z.string(),
  path_fr: z.string(),
  name_en: z.string(),
  name_fr: z.string(),
  description_en: z.string(),
  description_fr: z.string(),
  sortOrder: z.number().int(),
  /** Published products in this category and all below it. */
  productCount: z.number().int().nonnegative(),
});

export const CatalogLocationSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  locationTypeId: z.number().int(),
  name_en: z.string(),
  name_fr: z.string(),
  streetAddress: z.string(),
  city: z.string(),
  province: z.string(),
  postalCode: z.string(),
  phone: z.string(),
  hours_en: z.string(),
  hours_fr: z.string(),
});

export const CatalogContentPageSchema = z.object({
  key: z.string(),
  slug_en: z.string(),
  slug_fr: z.string(),
  title_en: z.string(),
  title_fr: z.string(),
  summary_en: z.string(),
  summary_fr: z.string(),
  body_en: z.string(),
  body_fr: z.string(),
  updatedAt: z.string(),
});

export const CatalogRedirectSchema = z.object({
  fromPath: z.string(),
  toLocation: z.string(),
  status: z.union([z.literal(301), z.literal(302), z.literal(307), z.literal(308)]),
});

export const CatalogSnapshotSchema = z.object({
  version: z.literal(1),
  writtenAt: z.string(),
  homeCategoryIds: z.array(z.number().int()),
  lowStockThreshold: z.number().int().nonnegative(),
  categories: z.array(CatalogCategorySchema),
  products: z.array(CatalogProductSchema),
  locations: z.array(CatalogLocationSchema),
  contentPages: z.array(CatalogContentPageSchema),
  redirects: z.array(CatalogRedirectSchema),
});

export type CatalogImage = z.infer<typeof CatalogImageSchema>;
export type CatalogVariant = z.infer<typeof CatalogVariantSchema>;
export type CatalogProduct = z.infer<typeof CatalogProductSchema>;
export type CatalogCategory = z.infer<typeof CatalogCategorySchema>;
export type CatalogLocation = z.infer<typeof CatalogLocationSchema>;
export type CatalogContentPage = z.infer<typeof CatalogContentPageSchema>;
export type CatalogSnapshot = z.infer<typeof CatalogSnapshotSchema>;

/** Reads a per-locale field: `localized(product, 'name', 'fr')` → product.name_fr. */
export function localized<K extends string, T extends Record<`${K}_en` | `${K}_fr`, unknown>>(
  row: T,
  key: K,
  locale: Locale,
): T[`${K}_en`] {
  return row[`${key}_${locale}`] as T[`${K}_en`];
}

export function categoryHref(category: Pick<CatalogCategory, 'path_en' | 'path_fr'>, locale: Locale): string {
  return locale === 'fr' ? `/fr/browse/${category.path_fr}` : `/browse/${category.path_en}`;
}

export function productHref(product: Pick<CatalogProduct, 'slug_en' | 'slug_fr'>, locale: Locale): string {
  return locale === 'fr' ? `/fr/products/${product.slug_fr}` : `/products/${product.slug_en}`;
}

export function contentHref(page: Pick<CatalogContentPage, 'slug_en' | 'slug_fr'>, locale: Locale): string {
  return locale === 'fr' ? `/fr/content/${page.slug_fr}` : `/content/${page.slug_en}`;
}

/** The lowest list price of a product, for "from $X" on cards. */
export function fromPrice(product: Pick<CatalogProduct, 'variants'>): number | undefined {
  let lowest: number | undefined;
  for (const variant of product.variants) {
    if (lowest === undefined || variant.listPriceCents < lowest) lowest = variant.listPriceCents;
  }
  return lowest;
}

export { type StockLabel, stockLabel } from './stock.ts';

/** A browse path in either language (`/browse/...`, `/fr/browse/...`): its misses say 'Category Not Found!'. */
export function isBrowsePath(pathname: string): boolean {
  return /^(\/fr)?\/browse(\/|$)/.test(pathname);
}
