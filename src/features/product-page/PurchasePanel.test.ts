import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { resources } from '../../lib/i18n/index.ts';
import { chooserStrings } from '../lists/ListChooser.tsx';
import PurchasePanel, { type PurchasePanelProps } from './PurchasePanel.tsx';

// The purchase panel's server-rendered state: what the static page shows before any script runs.

function panel(locale: 'en' | 'fr', variants: PurchasePanelProps['variants']) {
  const strings = resources[locale].catalog;
  return renderToStaticMarkup(
    createElement(PurchasePanel, {
      locale,
      productId: 1,
      productName: 'Sugar Maple',
      variants,
      lowStockThreshold: 5,
      signInPath: '/auth/sign-in',
      strings: { ...strings.purchase, quantityInvalid: resources[locale].cart.errors.quantity },
      stock: strings.stock,
      availability: strings.availability,
      myLocation: strings.myLocation,
      listsPath: locale === 'fr' ? '/fr/lists' : '/lists',
      lists: chooserStrings(resources[locale].lists),
      cartForm: {
        action: '/cart/items',
        back: locale === 'fr' ? '/fr/products/erable-a-sucre' : '/products/sugar-maple',
      },
    }),
  );
}

describe('purchase panel', () => {
  it("says 'No variants found!' for a product with no sizes", () => {
    expect(panel('en', [])).toContain('No variants found!');
    expect(panel('fr', [])).toContain('Aucun format trouvé\u202f!');
  });

  it('lists every size with its SKU, price and shelf label, the first chosen', () => {
    const html = panel('fr', [
      { id: 1, sku: 'TRE-1001-W40', sizeLabel: '40mm WB', priceCents: 39900, stockTotal: 40 },
      { id: 2, sku: 'TRE-1001-W50', sizeLabel: '50mm WB', priceCents: 49900, stockTotal: 3 },
    ]);
    expect(html).toContain('UGS TRE-1001-W40');
    expect(html.replace(/\s/g, ' ')).toContain('499,00 $');
    expect(html).toContain('<span class="badge badge--low">Stock limité</span>');
    expect(html).toContain('checked="" value="1"');
    expect(html).toContain('Ajouter au panier');
  });

  it('is a form that adds to the cart without JavaScript', () => {
    const html = panel('fr', [{ id: 7, sku: 'TRE-1001-W40', sizeLabel: '40mm WB', priceCents: 39900, stockTotal: 40 }]);
    // The server checks the quantity and says why in the page's language (no browser bubble).
    expect(html).toContain('<form class="purchase__form" noValidate="" action="/cart/items" method="post">');
    expect(html).toContain('<input type="hidden" name="back" value="/fr/products/erable-a-sucre"/>');
    expect(html).toContain('<input type="hidden" name="locale" value="fr"/>');
    expect(html).toMatch(/<input type="radio" name="variantId" checked="" value="7"\/>/);
    expect(html).toMatch(/<input id="[^"]+" type="number"[^>]* name="quantity" value="1"\/>/);
    expect(html).toMatch(/<button type="submit" class="btn">Ajouter au panier<\/button>/);
  });
});
