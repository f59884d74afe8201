import { type RefObject, useEffect } from 'react';
import { $cartCount } from '../../lib/cart-count.ts';
import { $cartSummary, onCartChangedElsewhere } from './cart.client.ts';
import { CART_NOTICE_LINE_PARAM, CART_NOTICE_PARAM } from './cart-forms.ts';

/**
 * Keeps the cart page right (issue 24, item 4): calls `reload` whenever what the page shows
 * may be out of date. `shownCount` is the count the page shows now. Subscribes once, on mount;
 * `reload` must read the latest state through refs.
 */
export function useCartReconcile(reload: () => Promise<void>, shownCount: RefObject<number>): void {
  // The page is always right: it reads the cart again when another tab changes it, when the
  // header's count (the server's summary, or another tab's news) differs from what it shows,
  // when it comes back from the back/forward cache and when the tab is seen again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: subscribes once; reload reads the latest state through refs.
  useEffect(() => {
    const stop = onCartChangedElsewhere(() => void reload());
    const stopCount = $cartCount.listen((count) => {
      if (count !== shownCount.current) void reload();
    });
    // The server's count may have come before this island hydrated.
    const summary = $cartSummary.get().data;
    if (summary && summary.count !== shownCount.current) void reload();
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) void reload();
    };
    const onVisible = () => {
      if (document.visibilityState === 'visible') void reload();
    };
    window.addEventListener('pageshow', onPageShow);
    document.addEventListener('visibilitychange', onVisible);
    // A form's answer is shown once: a reload of the page must not repeat it.
    const url = new URL(location.href);
    if (url.searchParams.has(CART_NOTICE_PARAM)) {
      url.searchParams.delete(CART_NOTICE_PARAM);
      url.searchParams.delete(CART_NOTICE_LINE_PARAM);
      history.replaceState(history.state, '', `${url.pathname}${url.search}${url.hash}`);
    }
    return () => {
      stop();
      stopCount();
      window.removeEventListener('pageshow', onPageShow);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, []);
}
