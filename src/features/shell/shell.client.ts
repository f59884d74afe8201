import { fill } from '../../lib/i18n/locale.ts';
import './build-update.client.ts';
import { $cartCount, CART_COUNT_KEY } from '../../lib/cart-count.ts';
import { $toasts, dismissToast } from '../../lib/toasts.ts';
import { followCartCount } from '../cart/cart.client.ts';
import { $colourMode, COLOUR_MODE_KEY, type ColourMode, isColourMode } from './colour-mode.ts';
import { navigationProgress } from './progress.ts';

// The page shell's behaviour, in plain TypeScript over nanostores: no framework is loaded
// for the header, so home and category pages ship no React at load.

const root = document.documentElement;

function applyColourMode(mode: ColourMode): void {
  if (root.dataset.forcedTheme) return;
  const dark = mode === 'dark' || (mode === 'system' && matchMedia('(prefers-color-scheme: dark)').matches);
  root.dataset.theme = dark ? 'dark' : 'light';
}

const stored = localStorage.getItem(COLOUR_MODE_KEY);
$colourMode.set(isColourMode(stored) ? stored : 'system');
$colourMode.subscribe((mode) => {
  localStorage.setItem(COLOUR_MODE_KEY, mode);
  applyColourMode(mode);
  for (const select of document.querySelectorAll<HTMLSelectElement>('[data-colour-mode]')) select.value = mode;
});
matchMedia('(prefers-color-scheme: dark)').addEventListener('change', () => applyColourMode($colourMode.get()));
for (const select of document.querySelectorAll<HTMLSelectElement>('[data-colour-mode]')) {
  select.addEventListener('change', () => {
    if (isColourMode(select.value)) $colourMode.set(select.value);
  });
}

// Cart count: remembered between pages, kept current by the cart island.
const count = Number(sessionStorage.getItem(CART_COUNT_KEY) ?? '0');
$cartCount.set(Number.isFinite(count) ? count : 0);
$cartCount.subscribe((value) => {
  sessionStorage.setItem(CART_COUNT_KEY, String(value));
  for (const badge of document.querySelectorAll<HTMLElement>('[data-cart-count]')) {
    badge.textContent = String(value);
    badge.hidden = value === 0;
    const link = badge.closest('a');
    const labels = link?.dataset;
    if (link && labels?.labelOne && labels.labelOther) {
      // The page's language's rule (French says « 0 article ») and its digits (« 10 000 »).
      const label = new Intl.PluralRules(root.lang).select(value) === 'one' ? labels.labelOne : labels.labelOther;
      link.setAttribute('aria-label', fill(label, { count: value.toLocaleString(root.lang) }));
    }
  }
});

// ...and read from the server on every page load, and on a page restored from the back/forward cache.
followCartCount();

// Language switch: remember the choice for 365 days.
for (const link of document.querySelectorAll<HTMLAnchorElement>('[data-locale-switch]')) {
  link.addEventListener('click', () => {
    // biome-ignore lint/suspicious/noDocumentCookie: a plain cookie is all the server reads.
    document.cookie = `locale=${link.dataset.localeSwitch}; Path=/; Max-Age=${365 * 24 * 60 * 60}; SameSite=Lax`;
    // The query travels with the page (browse and search write theirs into the link).
    if (!link.search && location.search) link.search = location.search;
  });
}

// Navigation progress bar.
const barElement = document.getElementById('nav-progress');
const bar = barElement ? navigationProgress(barElement) : undefined;
const startProgress = () => bar?.start();
const finishProgress = () => bar?.finish();
document.addEventListener('click', (event) => {
  const link = (event.target as Element | null)?.closest?.('a');
  if (!link || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
  if (link.target === '_blank' || link.hasAttribute('download') || link.origin !== location.origin) return;
  if (link.pathname === location.pathname && link.hash) return;
  startProgress();
});
// A form a script handles in place (React's listeners run below the document, so they have
// already said so) loads no page: the bar would creep towards the end and stay there.
document.addEventListener('submit', (event) => {
  if (!event.defaultPrevented) startProgress();
});
window.addEventListener('pageshow', finishProgress);

// Toasts.
const region = document.getElementById('toasts');
$toasts.subscribe((toasts) => {
  if (!region) return;
  const closeLabel = region.dataset.closeLabel ?? '×';
  region.replaceChildren(
    ...toasts.map((toast) => {
      const item = document.createElement('div');
      item.className = `toast toast--${toast.kind}`;
      item.setAttribute('role', toast.kind === 'error' ? 'alert' : 'status');
      const text = document.createElement('span');
      text.textContent = toast.message;
      const close = document.createElement('button');
      close.type = 'button';
      close.setAttribute('aria-label', closeLabel);
      close.textContent = '×';
      close.addEventListener('click', () => dismissToast(toast.id));
      item.append(text, close);
      return item;
    }),
  );
});
