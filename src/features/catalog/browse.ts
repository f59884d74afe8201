import type { Locale } from '../../lib/i18n/index.ts';
import { intlLocale } from '../../lib/i18n/locale.ts';
import type { PlantForm } from './plant-art.ts';
import { type StockLabel, stockLabel } from './stock.ts';

/**
 * The browse page's filtering, sorting and paging, shared by the static build (first page,
 * default order) and the page's small script (everything after a shopper's first click).
 * See docs/decisions/010-browse-filters-on-static-pages.md.
 */

export const EXPOSURES = ['full_sun', 'part_sun', 'part_shade', 'full_shade'] as const;
export type ExposureKey = (typeof EXPOSURES)[number];
export const SIZE_KINDS = ['container', 'pot', 'height', 'caliper', 'balled_burlapped'] as const;
export type SizeKindKey = (typeof SIZE_KINDS)[number];

/** Page sizes a shopper can pick (spec §9); 24 is the default and fills 2, 3, 4 or 6 columns. */
export const PAGE_SIZE_OPTIONS = [5, 10, 25, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 24;
/** What the page-size control lists: the spec's options and the default, in order. */
export const PAGE_SIZE_CHOICES: readonly number[] = [...PAGE_SIZE_OPTIONS, DEFAULT_PAGE_SIZE].sort((a, b) => a - b);

export const SORTS = ['featured', 'name-asc', 'name-desc', 'price-asc', 'price-desc', 'zone-asc'] as const;
export type SortKey = (typeof SORTS)[number];
export const DEFAULT_SORT: SortKey = 'featured';

/** One product as the browse page's script sees it: short keys keep the embedded JSON small. */
export interface BrowseItem {
  /** product id */
  i: number;
  /** name in the page's language */
  n: string;
  /** botanical name */
  b: string;
  /** slug in the page's language */
  s: string;
  /** id of the sub-category (a child of the page's category) it sits under; 0 when directly in it */
  c: number;
  /** hardiness zone, or -1 when unknown */
  z: number;
  /** exposures, as indexes into EXPOSURES */
  e: number[];
  /** size kinds sold, as indexes into SIZE_KINDS */
  k: number[];
  /** lowest list price in cents, or -1 when nothing is for sale */
  p: number;
  /** stock over every variant and yard, as of the build */
  q: number;
  /** featured: 1 or 0 */
  f: number;
  /** drawing: form, bloom paint and leaf paint (`#rrggbb`, from plantPaints; no colour names) */
  a: [PlantForm, string, string];
  /** primary photo, when there is one: WebP srcset, JPEG srcset, JPEG src, width, height, alt */
  m?: [string, string, string, number, number, string];
}

export interface BrowseState {
  page: number;
  size: number;
  sort: SortKey;
  /** sub-category ids; empty means all */
  sub: number[];
  /** hardy in this zone (product zone ≤ this), or null */
  zone: number | null;
  exposure: ExposureKey[];
  kind: SizeKindKey[];
  inStock: boolean;
}

export const DEFAULT_STATE: BrowseState = {
  page: 1,
  size: DEFAULT_PAGE_SIZE,
  sort: DEFAULT_SORT,
  sub: [],
  zone: null,
  exposure: [],
  kind: [],
  inStock: false,
};

/** What a page can be filtered by: only the values its own products have. */
export interface BrowseFacets {
  /** sub-category id → its slug in the page's language (the query string uses slugs) */
  subcategories: { id: number; slug: string }[];
  zones: number[];
}

const list = (value: string | null) => (value ? value.split(',').filter(Boolean) : []);
const isOneOf = <T extends string>(values: readonly T[], value: string): value is T =>
  (values as readonly string[]).includes(value);

/**
 * Reads the state from a query string. Anything unknown or malformed is dropped: a shared
 * link with a stale sub-category or a typo still shows the category.
 */
export function parseBrowseQuery(params: URLSearchParams, facets: BrowseFacets): BrowseState {
  const integer = (value: string | null) => (value && /^\d{1,6}$/.test(value) ? Number(value) : undefined);
  const size = integer(params.get('size'));
  const sort = params.get('sort') ?? '';
  const zone = integer(params.get('zone'));
  const subSlugs = new Set(list(params.get('sub')));
  return {
    page: Math.max(1, integer(params.get('page')) ?? 1),
    size: size !== undefined && PAGE_SIZE_CHOICES.includes(size) ? size : DEFAULT_PAGE_SIZE,
    sort: isOneOf(SORTS, sort) ? sort : DEFAULT_SORT,
    sub: facets.subcategories.filter((entry) => subSlugs.has(entry.slug)).map((entry) => entry.id),
    zone: zone !== undefined && facets.zones.includes(zone) ? zone : null,
    exposure: EXPOSURES.filter((key) => list(params.get('exposure')).includes(key)),
    kind: SIZE_KINDS.filter((key) => list(params.get('kind')).includes(key)),
    inStock: params.get('stock') === '1',
  };
}

/** The state as a query string (without "?"), leaving defaults out so plain links stay plain. */
export function browseQuery(state: BrowseState, facets: BrowseFacets): string {
  const params = new URLSearchParams();
  const slugs = facets.subcategories.filter((entry) => state.sub.includes(entry.id)).map((entry) => entry.slug);
  if (slugs.length > 0) params.set('sub', slugs.join(','));
  if (state.zone !== null) params.set('zone', String(state.zone));
  if (state.exposure.length > 0) params.set('exposure', state.exposure.join(','));
  if (state.kind.length > 0) params.set('kind', state.kind.join(','));
  if (state.inStock) params.set('stock', '1');
  if (state.sort !== DEFAULT_SORT) params.set('sort', state.sort);
  if (state.size !== DEFAULT_PAGE_SIZE) params.set('size', String(state.size));
  if (state.page > 1) params.set('page', String(state.page));
  return params.toString();
}

export function isFiltered(state: BrowseState): boolean {
  return (
    state.sub.length > 0 || state.zone !== null || state.exposure.length > 0 || state.kind.length > 0 || state.inStock
  );
}

export function filterItems(items: readonly BrowseItem[], state: BrowseState): BrowseItem[] {
  const exposures = state.exposure.map((key) => EXPOSURES.indexOf(key));
  const kinds = state.kind.map((key) => SIZE_KINDS.indexOf(key));
  return items.filter(
    (item) =>
      (state.sub.length === 0 || state.sub.includes(item.c)) &&
      // Hardy in zone N: rated for zone N or a colder one.
      (state.zone === null || (item.z >= 0 && item.z <= state.zone)) &&
      (exposures.length === 0 || exposures.some((index) => item.e.includes(index))) &&
      (kinds.length === 0 || kinds.some((index) => item.k.includes(index))) &&
      (!state.inStock || item.q > 0),
  );
}

const collators = new Map<Locale, Intl.Collator>();
function collator(locale: Locale): Intl.Collator {
  let found = collators.get(locale);
  if (!found) {
    found = new Intl.Collator(intlLocale(locale), { sensitivity: 'base', numeric: true });
    collators.set(locale, found);
  }
  return found;
}

/**
 * A new array in the requested order. Ties fall back to the name, then the id, so the
 * static first page and the script always agree on the order.
 */
export function sortItems(items: readonly BrowseItem[], sort: SortKey, locale: Locale): BrowseItem[] {
  const byName = (a: BrowseItem, b: BrowseItem) => collator(locale).compare(a.n, b.n) || a.i - b.i;
  // Products with nothing for sale go last in price orders, whichever the direction.
  const price = (item: BrowseItem, unknown: number) => (item.p < 0 ? unknown : item.p);
  const zone = (item: BrowseItem) => (item.z < 0 ? Number.POSITIVE_INFINITY : item.z);
  const compare: Record<SortKey, (a: BrowseItem, b: BrowseItem) => number> = {
    featured: (a, b) => b.f - a.f || byName(a, b),
    'name-asc': byName,
    'name-desc': (a, b) => byName(b, a),
    'price-asc': (a, b) => price(a, Number.POSITIVE_INFINITY) - price(b, Number.POSITIVE_INFINITY) || byName(a, b),
    'price-desc': (a, b) => price(b, Number.NEGATIVE_INFINITY) - price(a, Number.NEGATIVE_INFINITY) || byName(a, b),
    'zone-asc': (a, b) => zone(a) - zone(b) || byName(a, b),
  };
  return [...items].sort(compare[sort]);
}

export interface PageSlice<T> {
  items: T[];
  page: number;
  pageCount: number;
  total: number;
  /** 1-based positions of the first and last item shown; 0 and 0 when there are none */
  from: number;
  to: number;
}

/** One page of a list; a page past the end shows the last page. */
export function paginate<T>(items: readonly T[], page: number, size: number): PageSlice<T> {
  const total = items.length;
  const pageCount = Math.max(1, Math.ceil(total / size));
  const current = Math.min(Math.max(1, Math.floor(page) || 1), pageCount);
  const start = (current - 1) * size;
  const slice = items.slice(start, start + size);
  return {
    items: slice,
    page: current,
    pageCount,
    total,
    from: slice.length > 0 ? start + 1 : 0,
    to: start + slice.length,
  };
}

/**
 * The page links to show: always the first and last, the current one and its neighbours,
 * with a gap (null) where pages are skipped. A gap of one page shows the page instead.
 */
export function pageLinks(page: number, pageCount: number): (number | null)[] {
  const wanted = new Set([1, pageCount, page - 1, page, page + 1].filter((n) => n >= 1 && n <= pageCount));
  const sorted = [...wanted].sort((a, b) => a - b);
  const links: (number | null)[] = [];
  let previous = 0;
  for (const n of sorted) {
    if (n - previous === 2) links.push(n - 1);
    else if (n - previous > 2) links.push(null);
    links.push(n);
    previous = n;
  }
  return links;
}

/** The shelf label of a browse card: the product's stock over all variants and yards. */
export function itemStockLabel(item: Pick<BrowseItem, 'q'>, lowStockThreshold: number): StockLabel {
  return stockLabel(item.q, lowStockThreshold);
}

/** Everything a view needs from a state: the visible slice and the count of matches. */
export function browse(items: readonly BrowseItem[], state: BrowseState, locale: Locale): PageSlice<BrowseItem> {
  return paginate(sortItems(filterItems(items, state), state.sort, locale), state.page, state.size);
}
