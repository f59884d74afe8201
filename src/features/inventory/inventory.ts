import type { StockLabel } from '../catalog/stock.ts';

// Types and pure helpers only: the product page's islands import this module.

export interface AvailabilityLocation {
  id: number;
  code: string;
  name: string;
  city: string;
  phone: string;
  hours: string;
}

export interface AvailabilityStock {
  locationId: number;
  quantity: number;
  label: StockLabel;
}

export interface AvailabilityVariant {
  id: number;
  sku: string;
  sizeLabel: string;
  /** What the current user pays: the list price, or the trade price with trade pricing. */
  priceCents: number;
  listPriceCents: number;
  totalQuantity: number;
  label: StockLabel;
  /** One entry per location, in the order of `locations`. */
  stock: AvailabilityStock[];
}

export interface Availability {
  productId: number;
  priceKind: 'list' | 'trade';
  lowStockThreshold: number;
  /** The signed-in user's sales yard, or null. */
  myLocationId: number | null;
  /** Sales yards, the user's first. */
  locations: AvailabilityLocation[];
  variants: AvailabilityVariant[];
}

/** A list with the shopper's sales yard first; the others keep their order. */
export function orderByMyLocation<T>(items: readonly T[], myLocationId: number | null, idOf: (item: T) => number): T[] {
  if (myLocationId === null) return [...items];
  const mine = items.filter((item) => idOf(item) === myLocationId);
  return [...mine, ...items.filter((item) => idOf(item) !== myLocationId)];
}
