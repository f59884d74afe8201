import { describe, expect, it } from 'vitest';
import { browsePageData } from './browse-data.ts';
import { catalogProduct } from './catalog.fixtures.ts';
import type { CatalogCategory } from './catalog.ts';
import { isBrowsePath } from './catalog.ts';

describe('browse paths and page data', () => {
  it('knows a browse path in either language', () => {
    expect(isBrowsePath('/browse/trees/x')).toBe(true);
    expect(isBrowsePath('/fr/browse')).toBe(true);
    expect(isBrowsePath('/browser')).toBe(false);
    expect(isBrowsePath('/products/browse')).toBe(false);
  });

  it('gives each product its sub-category under the page and the filters the page can offer', () => {
    const category = (id: number, parentId: number | null, slug: string, productCount: number): CatalogCategory => ({
      id,
      parentId,
      slug_en: slug,
      slug_fr: `${slug}-fr`,
      path_en: slug,
      path_fr: `${slug}-fr`,
      name_en: slug,
      name_fr: `${slug} (fr)`,
      description_en: '',
      description_fr: '',
      sortOrder: id,
      productCount,
    });
    const trees = category(1, null, 'trees', 3);
    const shade = category(2, 1, 'shade', 2);
    const empty = category(3, 1, 'empty', 0);
    const products = [
      catalogProduct({ id: 1, categoryId: 2 }),
      catalogProduct({ id: 2, categoryId: 2, hardinessZone: 2 }),
      catalogProduct({ id: 3, categoryId: 1, hardinessZone: null }),
    ];
    const data = browsePageData(
      {
        childrenOf: new Map([[1, [shade, empty]]]),
        productsUnder: (id) => (id === 1 ? products : id === 2 ? products.slice(0, 2) : []),
        trail: () => [trees],
      },
      trees,
      'fr',
    );
    expect(data.items.map((item) => [item.i, item.c, item.z])).toEqual([
      [1, 2, 4],
      [2, 2, 2],
      [3, 0, -1],
    ]);
    // The drawing's paints, not the English colour names (Red, Green): no English in French data.
    expect(data.items[0]).toMatchObject({
      n: 'Plante 1',
      s: 'plante-1',
      p: 39900,
      q: 15,
      a: ['tree', '#c8322f', '#6b9c4a'],
    });
    expect(JSON.stringify(data)).not.toMatch(/\b(Red|Green)\b/);
    expect(data.subcategories).toEqual([{ id: 2, slug: 'shade-fr', name: 'shade (fr)', count: 2 }]);
    expect(data.facets.zones).toEqual([2, 4]);
    expect(data.sizeKinds).toEqual(['caliper']);
  });
});
