import { formatMoney } from '../../lib/format.ts';
import { settledTradePricing } from '../accounts/auth.client.ts';
import { availabilityStore } from '../inventory/availability.client.ts';
import { $tradePrices } from './trade-prices.ts';

/**
 * Trade prices on a prerendered product page (ARCHITECTURE §2: live data on static pages is
 * fetched by the page). The HTML carries list prices; once the session says the shopper has
 * trade pricing, the product's availability (the stock panel's own request, through the same
 * cache) gives the price they pay for each size, and the page shows it: in the purchase panel
 * (through `$tradePrices` once React has it, in its HTML before), the "from" price and the
 * note under the panel. Nobody else asks for anything.
 */
const page = document.querySelector<HTMLElement>('[data-trade-prices]');

function show(prices: ReadonlyMap<number, number>, locale: 'en' | 'fr', root: HTMLElement): void {
  for (const price of document.querySelectorAll<HTMLElement>('[data-price-of]')) {
    const cents = prices.get(Number(price.dataset.priceOf));
    if (cents !== undefined) price.textContent = formatMoney(cents, locale);
  }
  const lowest = Math.min(...prices.values());
  const from = document.querySelector<HTMLElement>('[data-from-price]');
  if (from && Number.isFinite(lowest))
    from.textContent = (root.dataset.fromTemplate ?? '').replace('%s', formatMoney(lowest, locale));
  const note = document.querySelector<HTMLElement>('[data-prices-note]');
  if (note && root.dataset.tradeNote) note.textContent = root.dataset.tradeNote;
}

async function showTradePrices(page: HTMLElement): Promise<void> {
  if (!(await settledTradePricing())) return;
  const locale = page.dataset.locale === 'fr' ? 'fr' : 'en';
  const answer = await availabilityStore(Number(page.dataset.tradePrices), locale).fetch();
  const availability = 'data' in answer ? answer.data : undefined;
  if (availability?.priceKind !== 'trade') return;
  const prices = new Map(availability.variants.map((variant) => [variant.id, variant.priceCents]));
  $tradePrices.set(prices);
  show(prices, locale, page);
}

if (page) {
  showTradePrices(page)
    .catch((error: unknown) => console.error('Could not load trade prices', error))
    // The prices a trade session held hidden (global.css) are the shopper's now, or all there is.
    .finally(() => delete document.documentElement.dataset.trade);
}
