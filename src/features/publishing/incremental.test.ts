import { describe, expect, it } from 'vitest';
import { catalogProduct } from '../catalog/catalog.fixtures.ts';
import type { CatalogCategory, CatalogSnapshot } from '../catalog/catalog.ts';
import { MAX_INCREMENTAL_PRODUCTS, planPublish } from './incremental.ts';

const category = (id: number, parentId: number | null, slug: string): CatalogCategory => ({
  id,
  parentId,
  slug_en: slug,
  slug_fr: `${slug}-fr`,
  path_en: parentId === null ? slug : `trees/${slug}`,
  path_fr: parentId === null ? `${slug}-fr` : `arbres/${slug}-fr`,
  name_en: slug,
  name_fr: slug,
  description_en: '',
  description_fr: '',
  sortOrder: id,
  productCount: 1,
});

function snapshot(): CatalogSnapshot {
  return {
    version: 1,
    writtenAt: '2026-11-26T00:00:00.000Z',
    homeCategoryIds: [1],
    lowStockThreshold: 5,
    categories: [category(1, null, 'trees'), category(2, 1, 'maples')],
    products: [catalogProduct({ id: 1 }), catalogProduct({ id: 2 })],
    locations: [],
    contentPages: [],
    redirects: [],
  };
}

describe('planPublish', () => {
  it('renders a price change on the product page, its category trail, home, the category index and the sitemap, in both languages', () => {
    const before = snapshot();
    const after = snapshot();
    const [variant] = catalogProduct({ id: 1 }).variants;
    if (!variant) throw new Error('no variant');
    after.products[0] = catalogProduct({ id: 1, variants: [{ ...variant, listPriceCents: 1 }] });
    expect(planPublish(before, after)).toEqual({
      kind: 'incremental',
      products: [1],
      paths: [
        '/',
        '/browse/trees',
        '/browse/trees/maples',
        '/categories',
        '/fr',
        '/fr/browse/arbres/maples-fr',
        '/fr/browse/trees-fr',
        '/fr/categories',
        '/fr/products/plante-1',
        '/products/plant-1',
        '/sitemap.xml',
      ],
    });
  });

  it('publishes nothing when nothing changed', () => {
    expect(planPublish(snapshot(), snapshot())).toEqual({ kind: 'incremental', products: [], paths: [] });
  });

  it('builds everything for a structural change', () => {
    const cases: [string, (s: CatalogSnapshot) => void][] = [
      [
        'categories changed',
        (s) => {
          s.categories[1] = { ...category(2, 1, 'maples'), name_fr: 'Érables' };
        },
      ],
      ['products added or removed', (s) => void s.products.pop()],
      [
        'a product moved (address or category)',
        (s) => {
          s.products[0] = catalogProduct({ id: 1, slug_fr: 'x' });
        },
      ],
      [
        'a product moved (address or category)',
        (s) => {
          s.products[0] = catalogProduct({ id: 1, categoryId: 1 });
        },
      ],
      [
        'store settings changed',
        (s) => {
          s.homeCategoryIds = [];
        },
      ],
      ['redirects changed', (s) => void s.redirects.push({ fromPath: '/a', toLocation: '/b', status: 301 })],
    ];
    for (const [reason, change] of cases) {
      const after = snapshot();
      change(after);
      expect(planPublish(snapshot(), after)).toEqual({ kind: 'full', reason });
    }
  });

  it('builds everything when more products changed than incremental publishing is for', () => {
    const before = snapshot();
    before.products = Array.from({ length: MAX_INCREMENTAL_PRODUCTS + 1 }, (_, i) => catalogProduct({ id: i + 1 }));
    const after = { ...before, products: before.products.map((p) => ({ ...p, name_en: `${p.name_en}!` })) };
    expect(planPublish(before, after).kind).toBe('full');
  });
});
