import { createFetcherStore } from '../../lib/http/query.ts';
import type { Availability } from './inventory.ts';

/**
 * A product's live availability (stock per yard, and the price the shopper pays) through the
 * one data cache: the slide-over and the product page's trade prices share one request and
 * its answer, kept 5 minutes.
 */
export function availabilityStore(productId: number, locale: 'en' | 'fr') {
  return createFetcherStore<Availability>(`/api/products/${productId}/availability?locale=${locale}`, {
    onError: (error) => console.error('Could not load availability', error),
  });
}
