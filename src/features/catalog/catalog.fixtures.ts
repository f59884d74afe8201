import type { CatalogProduct } from './catalog.ts';

// Test data for the catalog's pure functions and the pages built on them.

const wireBasket = (value: number) => ({ kind: 'caliper' as const, values: [value], rootBall: 'wire_basket' as const });

/** A catalog product with three caliper sizes (12, 3 and 0 in stock); overrides replace fields. */
export function catalogProduct(overrides: Partial<CatalogProduct> & { id: number }): CatalogProduct {
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
