/** At most this many products in one ask: a category's page has fewer. */
export const FROM_PRICES_MAX = 200;

/** The lowest price the shopper pays for each product asked (for sale, with a size for sale). */
export interface FromPrices {
  priceKind: 'list' | 'trade';
  fromCents: Record<number, number>;
}
