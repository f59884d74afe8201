import { describe, expect, it } from 'vitest';
import { jsonForScript } from '../../lib/json-script.ts';
import { orderByMyLocation } from '../inventory/inventory.ts';
import { browsePageData } from './browse-data.ts';
import type { CatalogCategory, CatalogProduct } from './catalog.ts';
import { isBrowsePath } from './catalog.ts';
import { productJsonLd, productMetaDescription } from './product-page.ts';

function product(overrides: Partial<CatalogProduct> & { id: number }): CatalogProduct {
  return {
    code: `TRE-${1000 + overrides.id}`,
    categoryId: 2,
    slug_en: `plant-${overrides.id}`,
    slug_fr: `plante-${overrides.id}`,
    name_en: `Plant ${overrides.id}`,
    name_fr: `Plante ${overrides.id}`,
    botanicalName: 'Acer saccharum',
    description_en: 'A tree.',
    description_fr: 'Un arbre.',
    disclaimer_en: '',
    disclaimer_fr: '',
    hardinessZone: 4,
    exposure: ['full_sun'],
    heightCm: 1000,
    spreadCm: 800,
    bloomFrom: 4,
    bloomTo: 5,
    flowerColour_en: 'Red',
    flowerColour_fr: 'Rouge',
    foliageColour_en: 'Green',
    foliageColour_fr: 'Vert',
    isFeatured: false,
    updatedAt: '2026-11-21T00:00:00.000Z',
    images: [],
    variants: [
      {
        id: 1,
        sku: 'TRE-1001-W40',
        sizeLabel: '40mm WB',
        size: wireBasket(40),
        sizeKind: 'caliper',
        listPriceCents: 39900,
        stockTotal: 12,
      },
      {
        id: 2,
        sku: 'TRE-1001-W50',
        sizeLabel: '50mm WB',
        size: wireBasket(50),
        sizeKind: 'caliper',
        listPriceCents: 49900,
        stockTotal: 3,
      },
      {
        id: 3,
        sku: 'TRE-1001-W60',
        sizeLabel: '60mm WB',
        size: wireBasket(60),
        sizeKind: 'caliper',
        listPriceCents: 64900,
        stockTotal: 0,
      },
    ],
    ...overrides,
  };
}

const wireBasket = (value: number) => ({ kind: 'caliper' as const, values: [value], rootBall: 'wire_basket' as const });

describe('product structured data', () => {
  it('offers every size in CAD with its availability', () => {
    const data = productJsonLd({
      product: product({ id: 1 }),
      locale: 'fr',
      name: 'Plante 1',
      canonical: 'https://shop.example/fr/products/plante-1',
      images: ['https://shop.example/og/tree.png'],
      brand: 'Pépinières Northfield',
      category: 'Arbres > Arbres d’ombrage',
      lowStockThreshold: 5,
    });
    expect(data).toMatchObject({
      '@type': 'Product',
      inLanguage: 'fr-CA',
      name: 'Plante 1',
      sku: 'TRE-1001',
      description: 'Un arbre.',
    });
    expect(data.offers.map((offer) => [offer.price, offer.priceCurrency, offer.availability])).toEqual([
      ['399.00', 'CAD', 'https://schema.org/InStock'],
      ['499.00', 'CAD', 'https://schema.org/LimitedAvailability'],
      ['649.00', 'CAD', 'https://schema.org/OutOfStock'],
    ]);
    expect(data.offers[1]?.url).toBe('https://shop.example/fr/products/plante-1?sku=TRE-1001-W50');
    expect(data.offers[0]?.name).toBe('Plante 1, Calibre 40\u00a0mm (panier de broche)');
  });

  it('names each offer with its size in English, with a space before the unit', () => {
    const data = productJsonLd({
      product: product({ id: 1 }),
      locale: 'en',
      name: 'Plant 1',
      canonical: 'https://shop.example/products/plant-1',
      images: [],
      brand: 'Northfield Nurseries',
      category: 'Trees',
      lowStockThreshold: 5,
    });
    expect(data.offers.map((offer) => offer.name)).toEqual([
      'Plant 1, 40 mm WB',
      'Plant 1, 50 mm WB',
      'Plant 1, 60 mm WB',
    ]);
  });

  it('shows the label as written when a size has no structure', () => {
    const data = productJsonLd({
      product: product({
        id: 1,
        variants: [
          {
            id: 1,
            sku: 'X-1',
            sizeLabel: '5 gal',
            size: null,
            sizeKind: 'container',
            listPriceCents: 100,
            stockTotal: 1,
          },
        ],
      }),
      locale: 'fr',
      name: 'Plante 1',
      canonical: 'https://shop.example/fr/products/plante-1',
      images: [],
      brand: 'Pépinières Northfield',
      category: 'Arbres',
      lowStockThreshold: 5,
    });
    expect(data.offers[0]?.name).toBe('Plante 1, 5 gal');
  });

  it('is safe inside a script element', () => {
    const text = jsonForScript({ name: '</script><script>alert(1)</script> & <!--' });
    expect(text).not.toContain('</script>');
    expect(text).not.toContain('<!--');
    expect(JSON.parse(text)).toEqual({ name: '</script><script>alert(1)</script> & <!--' });
  });
});

describe('productMetaDescription', () => {
  it('keeps short texts whole and cuts long ones at a word, within 160 characters', () => {
    expect(productMetaDescription('Sugar Maple, from $399.00.', 'A fine tree.')).toBe(
      'Sugar Maple, from $399.00. A fine tree.',
    );
    const long = productMetaDescription('Lead.', 'word '.repeat(60));
    expect(long.length).toBeLessThanOrEqual(160);
    expect(long.endsWith('word…')).toBe(true);
  });
});

describe('orderByMyLocation', () => {
  const yards = [{ id: 1 }, { id: 2 }, { id: 3 }];
  it("puts the shopper's yard first and keeps the others in order", () => {
    expect(orderByMyLocation(yards, 3, (yard) => yard.id).map((yard) => yard.id)).toEqual([3, 1, 2]);
    expect(orderByMyLocation(yards, null, (yard) => yard.id).map((yard) => yard.id)).toEqual([1, 2, 3]);
    expect(orderByMyLocation(yards, 9, (yard) => yard.id).map((yard) => yard.id)).toEqual([1, 2, 3]);
  });
});

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
      product({ id: 1, categoryId: 2 }),
      product({ id: 2, categoryId: 2, hardinessZone: 2 }),
      product({ id: 3, categoryId: 1, hardinessZone: null }),
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
