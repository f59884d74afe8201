import { intlLocale } from '../../lib/i18n/locale.ts';
import { settledTradePricing } from '../accounts/auth.client.ts';
import {
  type BrowseState,
  browse,
  browseQuery,
  DEFAULT_STATE,
  EXPOSURES,
  type ExposureKey,
  isFiltered,
  parseBrowseQuery,
  SIZE_KINDS,
  type SizeKindKey,
  SORTS,
  type SortKey,
} from './browse.ts';
import {
  activeFiltersText,
  type BrowsePayload,
  renderCards,
  renderPagination,
  resultCountText,
  showingText,
} from './browse-view.ts';
import { tradeFromPrices } from './trade-from-prices.client.ts';

// The browse page's filters, sort and paging over the products embedded in the page: no
// framework, no request. The state lives in the query string, so links and the back button
// work (docs/decisions/010-browse-filters-on-static-pages.md).

/** Spec §2: a change of page scrolls to the top anchor with a 200 px offset. */
const SCROLL_OFFSET_PX = 200;

const dataElement = document.getElementById('browse-data');
const form = document.querySelector<HTMLFormElement>('[data-browse-filters]');
const grid = document.querySelector<HTMLElement>('[data-browse-results]');
if (dataElement && form && grid) start(JSON.parse(dataElement.textContent ?? '{}') as BrowsePayload, form, grid);

function start(payload: BrowsePayload, form: HTMLFormElement, grid: HTMLElement): void {
  const { locale, items, facets, strings, other } = payload;
  const money = new Intl.NumberFormat(intlLocale(locale), { style: 'currency', currency: 'CAD' });
  const card = { ...payload.card, money: (cents: number) => money.format(cents / 100) };
  const sortSelect = document.querySelector<HTMLSelectElement>('[data-browse-sort]');
  const sizeSelect = document.querySelector<HTMLSelectElement>('[data-browse-size]');
  const count = document.querySelector<HTMLElement>('[data-result-count]');
  const showing = document.querySelector<HTMLElement>('[data-showing]');
  const pages = document.querySelector<HTMLElement>('[data-browse-pages]');
  const empty = document.querySelector<HTMLElement>('[data-browse-empty]');
  const activeCount = document.querySelector<HTMLElement>('[data-active-filters]');
  const toggle = document.querySelector<HTMLButtonElement>('[data-filters-toggle]');
  const anchor = document.getElementById('results-top');

  let state = parseBrowseQuery(new URLSearchParams(location.search), facets);

  const checkboxes = (name: string) => [...form.querySelectorAll<HTMLInputElement>(`input[name="${name}"]`)];

  function showControls(current: BrowseState): void {
    const subSlugs = facets.subcategories.filter((entry) => current.sub.includes(entry.id)).map((entry) => entry.slug);
    for (const box of checkboxes('sub')) box.checked = subSlugs.includes(box.value);
    for (const box of checkboxes('exposure')) box.checked = current.exposure.includes(box.value as ExposureKey);
    for (const box of checkboxes('kind')) box.checked = current.kind.includes(box.value as SizeKindKey);
    for (const box of checkboxes('stock')) box.checked = current.inStock;
    const zone = form.querySelector<HTMLSelectElement>('select[name="zone"]');
    if (zone) zone.value = current.zone === null ? '' : String(current.zone);
    if (sortSelect) sortSelect.value = current.sort;
    if (sizeSelect) sizeSelect.value = String(current.size);
  }

  function readControls(): Omit<BrowseState, 'page'> {
    const checked = (name: string) =>
      checkboxes(name)
        .filter((box) => box.checked)
        .map((box) => box.value);
    const zone = form.querySelector<HTMLSelectElement>('select[name="zone"]')?.value ?? '';
    const sort = sortSelect?.value ?? DEFAULT_STATE.sort;
    const size = Number(sizeSelect?.value ?? DEFAULT_STATE.size);
    return {
      sub: facets.subcategories.filter((entry) => checked('sub').includes(entry.slug)).map((entry) => entry.id),
      zone: zone === '' ? null : Number(zone),
      exposure: EXPOSURES.filter((key) => checked('exposure').includes(key)),
      kind: SIZE_KINDS.filter((key) => checked('kind').includes(key)),
      inStock: checked('stock').length > 0,
      sort: (SORTS as readonly string[]).includes(sort) ? (sort as SortKey) : DEFAULT_STATE.sort,
      size: Number.isFinite(size) ? size : DEFAULT_STATE.size,
    };
  }

  function render(): void {
    const slice = browse(items, state, locale);
    // A page past the end (a stale link) shows the last page: keep the address honest.
    if (slice.page !== state.page) {
      state = { ...state, page: slice.page };
      history.replaceState(history.state, '', urlFor(state));
    }
    grid.innerHTML = renderCards(slice.items, card);
    if (count) count.textContent = resultCountText(locale, strings, slice.total);
    if (showing) showing.textContent = slice.total > 0 ? showingText(strings, slice) : '';
    if (pages) pages.innerHTML = renderPagination(slice, state, facets, strings);
    if (empty) empty.hidden = slice.total > 0;
    const active =
      state.sub.length +
      state.exposure.length +
      state.kind.length +
      (state.zone === null ? 0 : 1) +
      (state.inStock ? 1 : 0);
    if (activeCount) activeCount.textContent = active > 0 ? `(${activeFiltersText(locale, strings, active)})` : '';
    // The language switch leads to the same filters, sort and page in the other language.
    const otherQuery = browseQuery(state, other.facets);
    for (const link of document.querySelectorAll<HTMLAnchorElement>('[data-locale-switch]')) {
      link.href = `${other.href}${otherQuery ? `?${otherQuery}` : ''}`;
    }
  }

  function urlFor(next: BrowseState): string {
    const query = browseQuery(next, facets);
    return `${location.pathname}${query ? `?${query}` : ''}`;
  }

  function scrollToTop(): void {
    if (!anchor) return;
    const top = anchor.getBoundingClientRect().top + window.scrollY - SCROLL_OFFSET_PX;
    const smooth = !matchMedia('(prefers-reduced-motion: reduce)').matches;
    window.scrollTo({ top: Math.max(0, top), behavior: smooth ? 'smooth' : 'auto' });
  }

  function commit(next: BrowseState): void {
    const pageChanged = next.page !== state.page;
    state = next;
    history.pushState(null, '', urlFor(state));
    render();
    if (pageChanged) scrollToTop();
  }

  form.addEventListener('change', () => commit({ ...readControls(), page: 1 }));
  sortSelect?.addEventListener('change', () => commit({ ...readControls(), page: 1 }));
  sizeSelect?.addEventListener('change', () => commit({ ...readControls(), page: 1 }));
  form.addEventListener('submit', (event) => event.preventDefault());
  for (const button of document.querySelectorAll<HTMLButtonElement>('[data-clear-filters]')) {
    button.addEventListener('click', (event) => {
      event.preventDefault();
      commit({ ...DEFAULT_STATE, sort: state.sort, size: state.size });
      showControls(state);
    });
  }
  pages?.addEventListener('click', (event) => {
    const link = (event.target as Element | null)?.closest<HTMLAnchorElement>('a[data-page]');
    if (!link || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    commit({ ...state, page: Number(link.dataset.page) });
  });
  toggle?.addEventListener('click', () => {
    const open = toggle.getAttribute('aria-expanded') !== 'true';
    toggle.setAttribute('aria-expanded', String(open));
    form.classList.toggle('is-open', open);
  });
  window.addEventListener('popstate', () => {
    state = parseBrowseQuery(new URLSearchParams(location.search), facets);
    showControls(state);
    render();
  });

  // The page was built with list prices: a shopper with trade pricing sees the "from" price they
  // pay (and sorts by it), asked once the session says so.
  settledTradePricing()
    .then(async (trade) => {
      const prices = trade ? await tradeFromPrices(items.map((item) => item.i)) : new Map<number, number>();
      if (prices.size === 0) return;
      for (const item of items) item.p = prices.get(item.i) ?? item.p;
      render();
    })
    .catch((error: unknown) => console.error('Could not load trade prices', error));

  showControls(state);
  // The static HTML already shows the default state; anything else is drawn now.
  if (isFiltered(state) || state.page !== 1 || state.sort !== DEFAULT_STATE.sort || state.size !== DEFAULT_STATE.size) {
    render();
  }
}
