import { escapeHtml } from '../../lib/html.ts';
import { fill } from '../../lib/i18n/locale.ts';
import type { BrowseItem } from './browse.ts';
import { PICTURE_SIZES } from './picture-sizes.ts';
import { plantArtSvg } from './plant-art.ts';
import { STOCK_BADGE, type StockLabel, stockLabel } from './stock.ts';

/**
 * A browse card as an HTML string. The static build and the browse page's script both call
 * this, so a card looks the same whether it came with the page or was drawn after a filter.
 */
export interface CardContext {
  /** `/products/` or `/fr/products/` */
  productBase: string;
  lowStockThreshold: number;
  money: (cents: number) => string;
  strings: CardStrings;
}

export interface CardStrings {
  /** "from {{price}}" */
  from: string;
  /** "Zone {{zone}}" */
  zone: string;
  stock: Record<StockLabel, string>;
}

/** The drawing of a card: the same picture PlantArt.astro draws for this product. */
export function cardArt(item: Pick<BrowseItem, 'a' | 'i'>): string {
  const [form, bloom, leaf] = item.a;
  return plantArtSvg({ form, bloom, leaf, seed: item.i });
}

/** Cards from this index on are below the fold on every screen: their photos load lazily. */
export const EAGER_CARD_PHOTOS = 4;

/** The card's picture: the primary photo when the product has one, else the drawing. */
export function cardPicture(item: Pick<BrowseItem, 'a' | 'i' | 'm'>, index = EAGER_CARD_PHOTOS): string {
  if (!item.m) return `<div class="plant-art">${cardArt(item)}</div>`;
  const [webp, jpeg, src, width, height, alt] = item.m;
  const sizes = escapeHtml(PICTURE_SIZES.card);
  const loading = index < EAGER_CARD_PHOTOS ? '' : ' loading="lazy"';
  return (
    `<picture class="product-card__photo">` +
    (webp ? `<source type="image/webp" srcset="${escapeHtml(webp)}" sizes="${sizes}">` : '') +
    (jpeg ? `<source type="image/jpeg" srcset="${escapeHtml(jpeg)}" sizes="${sizes}">` : '') +
    `<img src="${escapeHtml(src)}" width="${width}" height="${height}" alt="${escapeHtml(alt)}" decoding="async"${loading}>` +
    `</picture>`
  );
}

export function renderProductCard(item: BrowseItem, context: CardContext, index = EAGER_CARD_PHOTOS): string {
  const label = stockLabel(item.q, context.lowStockThreshold);
  const { strings } = context;
  const href = `${context.productBase}${item.s}`;
  const zone =
    item.z >= 0 ? `<span class="product-card__zone">${escapeHtml(fill(strings.zone, { zone: item.z }))}</span>` : '';
  const price =
    item.p >= 0
      ? `<span class="product-card__price">${escapeHtml(fill(strings.from, { price: context.money(item.p) }))}</span>`
      : '';
  return (
    `<li class="product-card" data-product-id="${item.i}"><a class="card product-card__link" href="${escapeHtml(href)}">` +
    cardPicture(item, index) +
    `<h3 class="product-card__name">${escapeHtml(item.n)}</h3>` +
    `<span class="product-card__botanical"><i>${escapeHtml(item.b)}</i></span>` +
    `<span class="product-card__meta"><span class="${STOCK_BADGE[label]}">${escapeHtml(strings.stock[label])}</span>${zone}</span>` +
    `${price}</a></li>`
  );
}
