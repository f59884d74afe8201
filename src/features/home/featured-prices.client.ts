import { fill, intlLocale } from '../../lib/i18n/locale.ts';
import { settledTradePricing } from '../accounts/auth.client.ts';
import { tradeFromPrices } from '../catalog/trade-from-prices.client.ts';

// The home page is prerendered with list prices; a shopper with trade pricing sees the
// "from" price they pay on the featured cards once the session says so (decision 055), as
// on the category pages. Everyone else's page is left as it was rendered.

const grid = document.querySelector<HTMLElement>('[data-featured-prices]');
if (grid) {
  showTradePrices(grid).catch((error: unknown) => console.error('Could not load trade prices', error));
}

async function showTradePrices(grid: HTMLElement): Promise<void> {
  const prices = [...grid.querySelectorAll<HTMLElement>('[data-from-product]')];
  if (prices.length === 0 || !(await settledTradePricing())) return;
  const cents = await tradeFromPrices(prices.map((price) => Number(price.dataset.fromProduct)));
  // Intl directly, not lib/format.ts's formatMoney: that module is not in the shell chunk, and
  // the home page has 30 bytes of its script budget left.
  const money = new Intl.NumberFormat(intlLocale(grid.dataset.locale ?? 'en'), { style: 'currency', currency: 'CAD' });
  const template = grid.dataset.featuredPrices ?? '{{price}}';
  for (const price of prices) {
    const trade = cents.get(Number(price.dataset.fromProduct));
    if (trade !== undefined) price.textContent = fill(template, { price: money.format(trade / 100) });
    // Shown again, now the shopper's own (hidden meanwhile for a trade session: global.css).
    delete price.dataset.listPrice;
  }
}
