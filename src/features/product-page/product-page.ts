import { INTL_LOCALE, type Locale } from '../../lib/i18n/index.ts';
import { sizeText } from '../../lib/size.ts';
import type { CatalogProduct } from '../catalog/catalog.ts';
import { stockLabel } from '../catalog/stock.ts';

const SCHEMA_AVAILABILITY = {
  in_stock: 'https://schema.org/InStock',
  low_stock: 'https://schema.org/LimitedAvailability',
  out_of_stock: 'https://schema.org/OutOfStock',
} as const;

/** schema.org Product for a product page: one Offer per size, in CAD, with its stock as of the build. */
export function productJsonLd(input: {
  product: CatalogProduct;
  locale: Locale;
  name: string;
  canonical: string;
  images: string[];
  brand: string;
  category: string;
  lowStockThreshold: number;
}) {
  const { product, locale, name, canonical } = input;
  const url = new URL(canonical);
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    inLanguage: INTL_LOCALE[locale],
    name,
    alternateName: product.botanicalName,
    description: locale === 'fr' ? product.description_fr : product.description_en,
    sku: product.code,
    productID: product.code,
    url: canonical,
    image: input.images,
    category: input.category,
    brand: { '@type': 'Brand', name: input.brand },
    offers: product.variants.map((variant) => {
      url.search = new URLSearchParams({ sku: variant.sku }).toString();
      return {
        '@type': 'Offer',
        sku: variant.sku,
        name: `${name}, ${sizeText(variant.size, variant.sizeLabel, locale)}`,
        url: url.href,
        price: (variant.listPriceCents / 100).toFixed(2),
        priceCurrency: 'CAD',
        itemCondition: 'https://schema.org/NewCondition',
        availability: SCHEMA_AVAILABILITY[stockLabel(variant.stockTotal, input.lowStockThreshold)],
        seller: { '@type': 'Organization', name: input.brand },
      };
    }),
  };
}

const META_DESCRIPTION_MAX = 160;

/** A lead sentence and as much of the description as fits in 160 characters, cut at a word. */
export function productMetaDescription(lead: string, description: string): string {
  const text = [lead, description].filter(Boolean).join(' ').replace(/\s+/g, ' ').trim();
  if (text.length <= META_DESCRIPTION_MAX) return text;
  const cut = text.slice(0, META_DESCRIPTION_MAX - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > 80 ? cut.slice(0, space) : cut).replace(/[\s,;:.]+$/, '')}…`;
}
