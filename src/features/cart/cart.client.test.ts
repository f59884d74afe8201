import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubPage } from '../../../tests/support/browser-stubs.ts';

/** The header's cart count through the one data cache, against stubbed browser globals. */

function stubBrowser(count: number) {
  stubPage('/');
  vi.stubGlobal('window', { addEventListener: vi.fn() });
  vi.stubGlobal('addEventListener', vi.fn());
  vi.stubGlobal('document', { visibilityState: 'visible', addEventListener: vi.fn() });
  const fetch = vi.fn(async (url: string) =>
    url === '/api/cart/summary' ? jsonResponse({ count }) : jsonResponse({}, 404),
  );
  vi.stubGlobal('fetch', fetch);
  return { fetch };
}

async function load() {
  vi.resetModules();
  const cart = await import('./cart.client.ts');
  const { $cartCount } = await import('../../lib/cart-count.ts');
  const { queryEntries } = await import('../../lib/http/query.ts');
  return { cart, $cartCount, queryEntries };
}

describe('the header cart count', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("follows the server's summary, read once through the data cache", async () => {
    const browser = stubBrowser(7);
    const { cart, $cartCount, queryEntries } = await load();
    cart.followCartCount();
    await vi.waitFor(() => expect($cartCount.get()).toBe(7));
    expect(queryEntries.get('/api/cart/summary')?.data).toEqual({ count: 7 });
    expect(browser.fetch).toHaveBeenCalledTimes(1);
  });

  it('keeps the cached summary in step with a change made on the page', async () => {
    stubBrowser(2);
    const { cart, $cartCount, queryEntries } = await load();
    cart.followCartCount();
    await vi.waitFor(() => expect($cartCount.get()).toBe(2));
    cart.publishCartCount(5);
    expect($cartCount.get()).toBe(5);
    expect(queryEntries.get('/api/cart/summary')?.data).toEqual({ count: 5 });
    expect(cart.$cartSummary.get().data).toEqual({ count: 5 });
  });
});
