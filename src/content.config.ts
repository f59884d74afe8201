import { defineCollection } from 'astro:content';
import { loadCatalogForBuild } from './features/catalog/catalog.server.ts';
import {
  CatalogCategorySchema,
  CatalogContentPageSchema,
  CatalogLocationSchema,
  CatalogProductSchema,
  CatalogSnapshotSchema,
} from './features/catalog/catalog.ts';

// The catalog reaches the static build through these collections; see
// docs/decisions/003-catalog-snapshot-for-static-build.md.
const withId = <T extends { id: number }>(rows: T[]) => rows.map((row) => ({ ...row, id: String(row.id) }));

export const collections = {
  categories: defineCollection({
    loader: async () => withId((await loadCatalogForBuild()).categories),
    schema: CatalogCategorySchema.omit({ id: true }),
  }),
  products: defineCollection({
    loader: async () => withId((await loadCatalogForBuild()).products),
    schema: CatalogProductSchema.omit({ id: true }),
  }),
  locations: defineCollection({
    loader: async () => withId((await loadCatalogForBuild()).locations),
    schema: CatalogLocationSchema.omit({ id: true }),
  }),
  // One entry, "site": the settings and redirects the static pages need.
  site: defineCollection({
    loader: async () => {
      const { homeCategoryIds, lowStockThreshold, redirects } = await loadCatalogForBuild();
      return [{ id: 'site', homeCategoryIds, lowStockThreshold, redirects }];
    },
    schema: CatalogSnapshotSchema.pick({ homeCategoryIds: true, lowStockThreshold: true, redirects: true }),
  }),
  contentPages: defineCollection({
    loader: async () => (await loadCatalogForBuild()).contentPages.map((page) => ({ ...page, id: page.key })),
    schema: CatalogContentPageSchema,
  }),
};
