import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { resources } from '../../lib/i18n/index.ts';
import CartView from './CartView.tsx';
import type { CartLineView } from './cart.ts';

// The cart page as the server renders it, before any script runs.

function line(id: number, available: boolean): CartLineView {
  return {
    id,
    variantId: id,
    sku: `SHR-10${id}-2`,
    size: '#2',
    name: 'Goldflame Spirea',
    botanicalName: "Spiraea japonica 'Goldflame'",
    href: '/products/goldflame-japanese-spirea',
    image: null,
    art: { form: 'shrub', flowerColour: 'pink', foliageColour: 'gold', seed: id },
    quantity: 2,
    unitPriceCents: 3900,
    priceKind: 'list',
    subtotalCents: 7800,
    available,
  };
}

function render(locale: 'en' | 'fr', lines: CartLineView[]) {
  return renderToStaticMarkup(
    createElement(CartView, {
      locale,
      initial: { count: 4, lines, totalCents: 7800, tradePricing: false },
      strings: resources[locale].cart,
      warrantyNone: 'No Warranty Applies',
      links: { catalogue: '/browse', checkout: '/checkout', warranty: '/content/warranty' },
    }),
  );
}

describe('cart page: the way to a quote request', () => {
  it('links to checkout when every line is still sold', () => {
    const html = render('en', [line(1, true), line(2, true)]);
    expect(html).toContain('href="/checkout"');
    expect(html).not.toContain(resources.en.cart.summary.unavailable);
  });

  it.each(['en', 'fr'] as const)('offers no checkout while a line is no longer sold, and says why (%s)', (locale) => {
    const html = render(locale, [line(1, true), line(2, false)]);
    expect(html).not.toContain('href="/checkout"');
    expect(html).toMatch(/<button[^>]*class="btn cart__quote"[^>]*disabled/);
    expect(html).toContain(resources[locale].cart.summary.unavailable.replaceAll("'", '&#x27;'));
  });
});
