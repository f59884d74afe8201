import { describe, expect, it } from 'vitest';
import { jsonForScript } from '../../lib/json-script.ts';
import { catalogProduct } from '../catalog/catalog.fixtures.ts';
import { productJsonLd, productMetaDescription } from './product-page.ts';

describe('product structured data', () => {
  it('offers every size in CAD with its availability', () => {
    const data = productJsonLd({
      product: catalogProduct({ id: 1 }),
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
      product: catalogProduct({ id: 1 }),
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
      product: catalogProduct({
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
