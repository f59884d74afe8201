// Spec §2: returning to a product page restores the saved scroll position after about
// 100 ms (once the islands above the fold have settled).
const KEY = 'nursery:product-scroll';
const RESTORE_DELAY_MS = 100;
const REMEMBERED_PAGES = 20;

type Positions = Record<string, number>;

function read(): Positions {
  try {
    const value: unknown = JSON.parse(sessionStorage.getItem(KEY) ?? '{}');
    return value && typeof value === 'object' ? (value as Positions) : {};
  } catch (error) {
    console.warn('Ignoring a malformed saved scroll position', error);
    return {};
  }
}

const here = location.pathname;
const navigationEntry = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
const returning = navigationEntry?.type === 'back_forward' || navigationEntry?.type === 'reload';
const saved = read()[here];
if (returning && typeof saved === 'number' && saved > 0) {
  setTimeout(() => window.scrollTo({ top: saved, behavior: 'auto' }), RESTORE_DELAY_MS);
}

window.addEventListener('pagehide', () => {
  const positions = read();
  delete positions[here];
  positions[here] = Math.round(window.scrollY);
  const kept = Object.entries(positions).slice(-REMEMBERED_PAGES);
  sessionStorage.setItem(KEY, JSON.stringify(Object.fromEntries(kept)));
});

// A module, not a script: its names stay its own.
export {};
