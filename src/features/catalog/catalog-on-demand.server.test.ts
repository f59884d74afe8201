import { describe, expect, it } from 'vitest';
import { indexSnapshot } from './catalog-index.ts';
import { onDemandCatalog, withCatalogFromDatabase } from './catalog-on-demand.server.ts';

const empty = () =>
  indexSnapshot({
    version: 1,
    writtenAt: '2026-01-01T00:00:00.000Z',
    categories: [],
    products: [],
    locations: [],
    contentPages: [],
    homeCategoryIds: [],
    lowStockThreshold: 5,
    redirects: [],
  });

describe('the catalog of a page rendered on demand', () => {
  it('is none outside such a render: prerendered pages keep the build catalog', () => {
    expect(onDemandCatalog()).toBeUndefined();
  });

  it('is read once per request, through awaits, and never shared with another request', async () => {
    let reads = 0;
    const read = async () => {
      reads += 1;
      return empty();
    };
    const render = async () => {
      const first = onDemandCatalog();
      await new Promise((resolve) => setTimeout(resolve, 1));
      // Several components of one page ask for the catalog: one read.
      expect(onDemandCatalog()).toBe(first);
      return first;
    };
    const [a, b] = await Promise.all([withCatalogFromDatabase(render, read), withCatalogFromDatabase(render, read)]);
    expect(reads).toBe(2);
    expect(a).not.toBe(b);
    // A revalidation after an edit is a new request: it reads the database again.
    await withCatalogFromDatabase(render, read);
    expect(reads).toBe(3);
    expect(onDemandCatalog()).toBeUndefined();
  });
});
