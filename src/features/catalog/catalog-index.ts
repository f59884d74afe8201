import type { Locale } from '../../lib/i18n/index.ts';
import type {
  CatalogCategory,
  CatalogContentPage,
  CatalogLocation,
  CatalogProduct,
  CatalogSnapshot,
} from './catalog.ts';

/**
 * The catalog indexed once per build process: thousands of pages each look up their
 * category, products and neighbours without scanning. Pure: the build feeds it its content
 * collections; the render worker of an incremental publish feeds it a fresh snapshot
 * (docs/decisions/050-incremental-publish.md), and both get the same objects.
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

export interface CatalogIndexInput {
  categories: CatalogCategory[];
  products: CatalogProduct[];
  locations: CatalogLocation[];
  contentPages: CatalogContentPage[];
  site: Pick<CatalogSnapshot, 'homeCategoryIds' | 'lowStockThreshold' | 'redirects'>;
}

/**
 * Categories by their order, products and locations by id, content pages by key: the same
 * order whichever way the rows came (the content layer returns its entries sorted by their
 * id as text, a snapshot in the database's order).
 */
export function indexCatalog(input: CatalogIndexInput): CatalogIndex {
  const categories = [...input.categories].sort((a, b) => a.sortOrder - b.sortOrder || a.id - b.id);
  const products = [...input.products].sort((a, b) => a.id - b.id);
  const locations = [...input.locations].sort((a, b) => a.id - b.id);
  const contentPages = [...input.contentPages].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const { site } = input;
  const categoryById = new Map(categories.map((category) => [category.id, category]));
  const childrenOf = new Map<number | null, CatalogCategory[]>();
  for (const category of categories) {
    const siblings = childrenOf.get(category.parentId) ?? [];
    siblings.push(category);
    childrenOf.set(category.parentId, siblings);
  }
  const trail = (categoryId: number) => categoryTrail(categoryById, categoryId);
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

/** Moves `id` last, as the build's collections give it (entry data, then the entry's id). */
const idLast = <T extends { id: number }>({ id, ...rest }: T): T => ({ ...rest, id }) as T;

/**
 * The index of a snapshot, object for object what the build's content collections give:
 * a page rendered from it is the page a full build would write.
 */
export function indexSnapshot(snapshot: CatalogSnapshot): CatalogIndex {
  return indexCatalog({
    categories: snapshot.categories.map(idLast),
    products: snapshot.products.map(idLast),
    locations: snapshot.locations.map(idLast),
    contentPages: snapshot.contentPages,
    site: {
      homeCategoryIds: snapshot.homeCategoryIds,
      lowStockThreshold: snapshot.lowStockThreshold,
      redirects: snapshot.redirects,
    },
  });
}

/** A category and its ancestors, the top-level one first (a cycle in the data stops it). */
export function categoryTrail(
  categoryById: ReadonlyMap<number, CatalogCategory>,
  categoryId: number,
): CatalogCategory[] {
  const path: CatalogCategory[] = [];
  let current = categoryById.get(categoryId);
  while (current && !path.includes(current)) {
    path.unshift(current);
    current = current.parentId === null ? undefined : categoryById.get(current.parentId);
  }
  return path;
}

const REPLACED_CATALOG = Symbol.for('nursery.catalogIndex');
const BUILT_CATALOG = Symbol.for('nursery.builtCatalogIndex');
const slots = globalThis as Record<symbol, Promise<CatalogIndex> | undefined>;

/** The index `patchCatalog` set, shared through globalThis across module graphs. */
export function replacedCatalog(): Promise<CatalogIndex> | undefined {
  return slots[REPLACED_CATALOG];
}

/** Notes the index the build read from its collections, for `patchCatalog` in the render worker. */
export function shareBuiltCatalog(index: Promise<CatalogIndex>): void {
  slots[BUILT_CATALOG] = index;
}

/**
 * Puts newer versions of a few products into the catalog `getCatalog()` answers in this
 * process (the render worker's, docs/decisions/050-incremental-publish.md): every other entry
 * stays the object it was, and only the lookups are made again, so an edit costs the same at
 * any catalogue size instead of a whole snapshot read and indexed. The products must already
 * be in the catalog with the same address and category (anything else is a full build).
 */
export async function patchCatalog(changed: CatalogProduct[]): Promise<void> {
  const current = await (slots[REPLACED_CATALOG] ?? slots[BUILT_CATALOG]);
  if (!current) throw new Error('No catalog to patch: the build read none in this process');
  const newer = new Map(changed.map((product) => [product.id, idLast(product)]));
  for (const product of newer.values()) {
    const old = current.productById.get(product.id);
    if (
      !old ||
      old.slug_en !== product.slug_en ||
      old.slug_fr !== product.slug_fr ||
      old.categoryId !== product.categoryId
    )
      throw new Error(`Product ${product.id} moved or is not in the published catalog: a full build is needed`);
  }
  slots[REPLACED_CATALOG] = Promise.resolve(
    indexCatalog({
      categories: current.categories,
      products: current.products.map((product) => newer.get(product.id) ?? product),
      locations: current.locations,
      contentPages: current.contentPages,
      site: {
        homeCategoryIds: current.homeCategoryIds,
        lowStockThreshold: current.lowStockThreshold,
        redirects: current.redirects,
      },
    }),
  );
}
