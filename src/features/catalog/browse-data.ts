import type { Locale } from '../../lib/i18n/index.ts';
import { type BrowseFacets, type BrowseItem, EXPOSURES, SIZE_KINDS } from './browse.ts';
import type { CatalogCategory, CatalogProduct } from './catalog.ts';
import { fromPrice, localized } from './catalog.ts';
import { pictureSources } from './picture.ts';
import { formForCategory, plantPaints } from './plant-art.ts';

/** What the build needs to know about the catalog to make a browse page's data. */
export interface BrowseSource {
  childrenOf: Map<number | null, CatalogCategory[]>;
  productsUnder: (categoryId: number) => CatalogProduct[];
  trail: (categoryId: number) => CatalogCategory[];
}

export interface BrowsePageData {
  items: BrowseItem[];
  facets: BrowseFacets;
  /** the same facets with the other language's slugs, for the language switch */
  otherFacets: BrowseFacets;
  /** sub-categories with their names and counts, for the filter */
  subcategories: { id: number; slug: string; name: string; count: number }[];
  /** the size kinds sold in this category, in SIZE_KINDS order */
  sizeKinds: (typeof SIZE_KINDS)[number][];
}

export function toBrowseItem(
  product: CatalogProduct,
  locale: Locale,
  subcategoryId: number,
  rootSlug: string,
): BrowseItem {
  const kinds = new Set(product.variants.map((variant) => SIZE_KINDS.indexOf(variant.sizeKind)));
  const photo = product.images[0];
  const form = formForCategory(rootSlug);
  // Paints, not colour names: the page's data carries no English words on a French page.
  const { bloom, leaf } = plantPaints(form, product.flowerColour_en, product.foliageColour_en);
  const sources = photo ? pictureSources(photo, 480) : undefined;
  return {
    i: product.id,
    n: localized(product, 'name', locale),
    b: product.botanicalName,
    s: localized(product, 'slug', locale),
    c: subcategoryId,
    z: product.hardinessZone ?? -1,
    e: product.exposure.map((exposure) => EXPOSURES.indexOf(exposure)).sort(),
    k: [...kinds].sort(),
    p: fromPrice(product) ?? -1,
    q: product.variants.reduce((sum, variant) => sum + variant.stockTotal, 0),
    f: product.isFeatured ? 1 : 0,
    a: [form, bloom, leaf],
    ...(photo && sources
      ? {
          m: [
            sources.webp,
            sources.jpeg,
            sources.src,
            sources.width,
            sources.height,
            localized(photo, 'alt', locale) || localized(product, 'name', locale),
          ] as [string, string, string, number, number, string],
        }
      : {}),
  };
}

/** Every product under a category, as the page's script sees them, with the filters that apply. */
export function browsePageData(source: BrowseSource, category: CatalogCategory, locale: Locale): BrowsePageData {
  const rootSlug = source.trail(category.id)[0]?.slug_en ?? category.slug_en;
  const children = source.childrenOf.get(category.id) ?? [];
  const subOf = new Map<number, number>();
  for (const child of children) {
    for (const product of source.productsUnder(child.id)) subOf.set(product.id, child.id);
  }
  const products = source.productsUnder(category.id);
  const items = products.map((product) => toBrowseItem(product, locale, subOf.get(product.id) ?? 0, rootSlug));
  const zones = [...new Set(items.map((item) => item.z).filter((zone) => zone >= 0))].sort((a, b) => a - b);
  const kindIndexes = new Set(items.flatMap((item) => item.k));
  const subcategories = children
    .map((child) => ({
      id: child.id,
      slug: localized(child, 'slug', locale),
      name: localized(child, 'name', locale),
      count: child.productCount,
    }))
    .filter((child) => child.count > 0);
  const otherLocale: Locale = locale === 'fr' ? 'en' : 'fr';
  const childById = new Map(children.map((child) => [child.id, child]));
  return {
    items,
    facets: { subcategories: subcategories.map(({ id, slug }) => ({ id, slug })), zones },
    otherFacets: {
      subcategories: subcategories.map(({ id }) => ({
        id,
        slug: localized(childById.get(id) ?? { slug_en: '', slug_fr: '' }, 'slug', otherLocale),
      })),
      zones,
    },
    subcategories,
    sizeKinds: SIZE_KINDS.filter((_, index) => kindIndexes.has(index)),
  };
}
