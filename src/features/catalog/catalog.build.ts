import { getCollection } from 'astro:content';
import { type CatalogIndex, indexCatalog, replacedCatalog, shareBuiltCatalog } from './catalog-index.ts';
import { onDemandCatalog } from './catalog-on-demand.server.ts';

export type { CatalogIndex } from './catalog-index.ts';

let index: Promise<CatalogIndex> | undefined;

/**
 * Build-time access to the catalog collections, indexed once per build process. The render
 * worker that stays behind a published build (docs/decisions/050-incremental-publish.md)
 * replaces it with a newer snapshot's before it renders the pages an edit touched. A catalogue
 * page rendered on demand (Vercel's ISR) reads the database's (catalog-on-demand.server.ts).
 */
export function getCatalog(): Promise<CatalogIndex> {
  const replaced = replacedCatalog();
  if (replaced) return replaced;
  const onDemand = onDemandCatalog();
  if (onDemand) return onDemand;
  if (!index) {
    index = buildIndex();
    shareBuiltCatalog(index);
  }
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
  const site = siteEntries[0]?.data;
  if (!site) throw new Error('The catalog has no site settings entry');
  return indexCatalog({
    categories: categoryEntries.map((entry) => ({ ...entry.data, id: Number(entry.id) })),
    products: productEntries.map((entry) => ({ ...entry.data, id: Number(entry.id) })),
    locations: locationEntries.map((entry) => ({ ...entry.data, id: Number(entry.id) })),
    contentPages: contentEntries.map((entry) => entry.data),
    site,
  });
}
