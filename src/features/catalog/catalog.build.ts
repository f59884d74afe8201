import { getCollection } from 'astro:content';
import type { Locale } from '../../lib/i18n/index.ts';
import type {
  CatalogCategory,
  CatalogContentPage,
  CatalogLocation,
  CatalogProduct,
  CatalogSnapshot,
} from './catalog.ts';

/**
 * Build-time access to the catalog collections, indexed once per build process: thousands
 * of pages each look up their category, products and neighbours without scanning.
 */
export interface CatalogIndex {
  categories: CatalogCategory[];
  products: CatalogProduct[];
  locations: CatalogLocation[];
  contentPages: CatalogContentPage[];
  homeCategoryIds: number[];
  lowStockThreshold: number;
  redirects: CatalogSnapshot['redirects'];
  categoryById: Map<number, CatalogCategory>;
  categoryByPath: Record<Locale, Map<string, CatalogCategory>>;
  childrenOf: Map<number | null, CatalogCategory[]>;
  productById: Map<number, CatalogProduct>;
  productBySlug: Record<Locale, Map<string, CatalogProduct>>;
  productByCode: Map<string, CatalogProduct>;
  /** Products in a category and all its descendants, in catalog order. */
  productsUnder: (categoryId: number) => CatalogProduct[];
  /** The category and its ancestors, root first. */
  trail: (categoryId: number) => CatalogCategory[];
}

let index: Promise<CatalogIndex> | undefined;

export function getCatalog(): Promise<CatalogIndex> {
  index ??= buildIndex();
  return index;
}

async function buildIndex(): Promise<CatalogIndex> {
  const [categoryEntries, productEntries, locationEntries, contentEntries, siteEntries] = await Promise.all([
    getCollection('categories'),
    getCollection('products'),
    getCollection('locations'),
    getCollection('contentPages'),
    getCollection('site'),
  ]);
  const categories = categoryEntries
    .map((entry) => ({ ...entry.data, id: Number(entry.id) }))
    .sort((a, b) => a.sortOrder - b.sortOrder || a.id - b.id);
  const products = productEntries.map((entry) => ({ ...entry.data, id: Number(entry.id) })).sort((a, b) => a.id - b.id);
  const locations = locationEntries.map((entry) => ({ ...entry.data, id: Number(entry.id) }));
  const contentPages = contentEntries.map((entry) => entry.data);
  const site = siteEntries[0]?.data;
  if (!site) throw new Error('The catalog has no site settings entry');

  const categoryById = new Map(categories.map((category) => [category.id, category]));
  const childrenOf = new Map<number | null, CatalogCategory[]>();
  for (const category of categories) {
    const siblings = childrenOf.get(category.parentId) ?? [];
    siblings.push(category);
    childrenOf.set(category.parentId, siblings);
  }
  const trail = (categoryId: number) => {
    const path: CatalogCategory[] = [];
    let current = categoryById.get(categoryId);
    while (current && !path.includes(current)) {
      path.unshift(current);
      current = current.parentId === null ? undefined : categoryById.get(current.parentId);
    }
    return path;
  };
  const directProducts = new Map<number, CatalogProduct[]>();
  for (const product of products) {
    const list = directProducts.get(product.categoryId) ?? [];
    list.push(product);
    directProducts.set(product.categoryId, list);
  }
  const under = new Map<number, CatalogProduct[]>();
  const productsUnder = (categoryId: number): CatalogProduct[] => {
    const cached = under.get(categoryId);
    if (cached) return cached;
    const all = [
      ...(directProducts.get(categoryId) ?? []),
      ...(childrenOf.get(categoryId) ?? []).flatMap((child) => productsUnder(child.id)),
    ].sort((a, b) => a.id - b.id);
    under.set(categoryId, all);
    return all;
  };

  return {
    categories,
    products,
    locations,
    contentPages,
    homeCategoryIds: site.homeCategoryIds,
    lowStockThreshold: site.lowStockThreshold,
    redirects: site.redirects,
    categoryById,
    categoryByPath: {
      en: new Map(categories.map((category) => [category.path_en, category])),
      fr: new Map(categories.map((category) => [category.path_fr, category])),
    },
    childrenOf,
    productById: new Map(products.map((product) => [product.id, product])),
    productBySlug: {
      en: new Map(products.map((product) => [product.slug_en, product])),
      fr: new Map(products.map((product) => [product.slug_fr, product])),
    },
    productByCode: new Map(products.map((product) => [product.code, product])),
    productsUnder,
    trail,
  };
}
