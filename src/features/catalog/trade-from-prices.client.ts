import { api } from '../../lib/http/client.ts';
import { FROM_PRICES_MAX, type FromPrices } from './from-prices.ts';

/**
 * The "from" price a shopper with trade pricing pays for each product of a catalogue page
 * (product id → cents); empty for anyone else. Asked by the page only for such a shopper.
 */
export async function tradeFromPrices(productIds: readonly number[]): Promise<Map<number, number>> {
  const prices = new Map<number, number>();
  for (let start = 0; start < productIds.length; start += FROM_PRICES_MAX) {
    const ids = productIds.slice(start, start + FROM_PRICES_MAX).join(',');
    const answer = await api<FromPrices>(`/api/products/from-prices?ids=${ids}`);
    if (answer.priceKind !== 'trade') return new Map();
    for (const [id, cents] of Object.entries(answer.fromCents)) prices.set(Number(id), cents);
  }
  return prices;
}
