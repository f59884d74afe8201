import type { CatalogProduct, CatalogSnapshot } from '../catalog/catalog.ts';
import { categoryHref, productHref } from '../catalog/catalog.ts';
import { categoryTrail } from '../catalog/catalog-index.ts';

/**
 * What a publish must do to bring the served site to a new catalog snapshot
 * (docs/decisions/050-incremental-publish.md): render again the pages the changed products
 * appear on, or, when the change is structural, a full build.
 */
export type PublishPlan =
  | { kind: 'full'; reason: string }
  | { kind: 'incremental'; products: number[]; paths: string[] };

/** Past this many edited products at once (an import, a bulk price change), one full build is cheaper. */
export const MAX_INCREMENTAL_PRODUCTS = 50;

/** Pages every product edit may change: the home page (featured products, prices), the category index, the sitemap (last-modified dates). */
const ALWAYS = ['/', '/fr', '/categories', '/fr/categories', '/sitemap.xml'];

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Fields whose change moves a product's pages or links (addresses, category): a full build. */
const STRUCTURAL_PRODUCT_FIELDS = ['code', 'slug_en', 'slug_fr', 'categoryId'] as const;

/**
 * `candidates`: when the caller knows that no other product can have changed (the catalogue's
 * change log names none, productsChangedSince), only these are compared, so the plan costs
 * the same at any catalogue size.
 */
export function planPublish(
  before: CatalogSnapshot,
  after: CatalogSnapshot,
  candidates?: ReadonlySet<number>,
): PublishPlan {
  const full = (reason: string): PublishPlan => ({ kind: 'full', reason });
  if (!same(before.categories, after.categories)) return full('categories changed');
  if (!same(before.locations, after.locations)) return full('sales yards changed');
  if (!same(before.contentPages, after.contentPages)) return full('content pages changed');
  if (!same(before.redirects, after.redirects)) return full('redirects changed');
  if (!same(before.homeCategoryIds, after.homeCategoryIds) || before.lowStockThreshold !== after.lowStockThreshold)
    return full('store settings changed');
  if (before.products.length !== after.products.length) return full('products added or removed');
  const old = new Map(before.products.map((product) => [product.id, product]));
  const changed: CatalogProduct[] = [];
  const compared = candidates ? after.products.filter((product) => candidates.has(product.id)) : after.products;
  for (const product of compared) {
    const previous = old.get(product.id);
    if (!previous) return full('products added or removed');
    if (same(previous, product)) continue;
    if (STRUCTURAL_PRODUCT_FIELDS.some((field) => previous[field] !== product[field]))
      return full('a product moved (address or category)');
    changed.push(product);
  }
  if (changed.length > MAX_INCREMENTAL_PRODUCTS) return full(`${changed.length} products changed at once`);
  if (changed.length === 0) return { kind: 'incremental', products: [], paths: [] };
  const categories = new Map(after.categories.map((category) => [category.id, category]));
  const paths = new Set<string>(ALWAYS);
  for (const product of changed) {
    for (const locale of ['en', 'fr'] as const) {
      paths.add(productHref(product, locale));
      for (const category of categoryTrail(categories, product.categoryId)) paths.add(categoryHref(category, locale));
    }
  }
  return { kind: 'incremental', products: changed.map((product) => product.id), paths: [...paths].sort() };
}
