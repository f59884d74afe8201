import { describe, expect, it } from 'vitest';
import { escapeHtml } from '../../lib/html.ts';
import {
  type BrowseFacets,
  type BrowseItem,
  type BrowseState,
  browse,
  browseQuery,
  DEFAULT_PAGE_SIZE,
  DEFAULT_STATE,
  filterItems,
  itemStockLabel,
  PAGE_SIZE_CHOICES,
  pageLinks,
  paginate,
  parseBrowseQuery,
  sortItems,
} from './browse.ts';
import { renderPagination } from './browse-view.ts';
import { renderProductCard } from './product-card.ts';
import { stockLabel } from './stock.ts';

function item(overrides: Partial<BrowseItem> & { i: number }): BrowseItem {
  return {
    n: `Plant ${overrides.i}`,
    b: 'Plantus',
    s: `plant-${overrides.i}`,
    c: 0,
    z: 4,
    e: [0],
    k: [0],
    p: 1000,
    q: 10,
    f: 0,
    a: ['shrub', '#e98bb1', '#6b9c4a'],
    ...overrides,
  };
}

const state = (overrides: Partial<BrowseState> = {}): BrowseState => ({ ...DEFAULT_STATE, ...overrides });
const facets: BrowseFacets = {
  subcategories: [
    { id: 11, slug: 'shade-trees' },
    { id: 12, slug: 'flowering-trees' },
  ],
  zones: [2, 3, 4, 5],
};

describe('stock labels', () => {
  it('are out at zero, low up to and including the threshold, in stock above it', () => {
    expect(stockLabel(0, 5)).toBe('out_of_stock');
    expect(stockLabel(-1, 5)).toBe('out_of_stock');
    expect(stockLabel(1, 5)).toBe('low_stock');
    expect(stockLabel(5, 5)).toBe('low_stock');
    expect(stockLabel(6, 5)).toBe('in_stock');
    expect(stockLabel(1, 0)).toBe('in_stock');
    expect(itemStockLabel({ q: 3 }, 5)).toBe('low_stock');
  });
});

describe('filterItems', () => {
  const items = [
    item({ i: 1, c: 11, z: 3, e: [0, 1], k: [0], q: 0 }),
    item({ i: 2, c: 12, z: 5, e: [2], k: [3] }),
    item({ i: 3, c: 11, z: -1, e: [3], k: [0, 4] }),
    item({ i: 4, c: 0, z: 4, e: [1, 2], k: [2], q: 2 }),
  ];
  const ids = (list: BrowseItem[]) => list.map((entry) => entry.i);

  it('keeps everything without filters', () => {
    expect(ids(filterItems(items, state()))).toEqual([1, 2, 3, 4]);
  });
  it('by sub-category (any of those chosen)', () => {
    expect(ids(filterItems(items, state({ sub: [11] })))).toEqual([1, 3]);
    expect(ids(filterItems(items, state({ sub: [11, 12] })))).toEqual([1, 2, 3]);
  });
  it('by hardiness: rated for the zone or a colder one; unknown zones drop out', () => {
    expect(ids(filterItems(items, state({ zone: 4 })))).toEqual([1, 4]);
    expect(ids(filterItems(items, state({ zone: 2 })))).toEqual([]);
    expect(ids(filterItems(items, state({ zone: 5 })))).toEqual([1, 2, 4]);
  });
  it('by exposure and by size type (any of those chosen)', () => {
    expect(ids(filterItems(items, state({ exposure: ['part_shade'] })))).toEqual([2, 4]);
    expect(ids(filterItems(items, state({ exposure: ['full_sun', 'full_shade'] })))).toEqual([1, 3]);
    expect(ids(filterItems(items, state({ kind: ['balled_burlapped', 'height'] })))).toEqual([3, 4]);
  });
  it('by stock, and by several filters at once', () => {
    expect(ids(filterItems(items, state({ inStock: true })))).toEqual([2, 3, 4]);
    expect(ids(filterItems(items, state({ sub: [11], inStock: true })))).toEqual([3]);
  });
});

describe('sortItems', () => {
  const items = [
    item({ i: 1, n: 'Érable rouge', p: 3000, z: 3 }),
    item({ i: 2, n: 'Amélanchier', p: 1000, f: 1, z: 5 }),
    item({ i: 3, n: 'Bouleau', p: -1, z: -1 }),
    item({ i: 4, n: 'Chêne', p: 1000, f: 1, z: 2 }),
  ];
  const names = (sort: Parameters<typeof sortItems>[1]) => sortItems(items, sort, 'fr').map((entry) => entry.n);

  it('puts featured first, then names in the language’s order (accents sort as letters)', () => {
    expect(names('featured')).toEqual(['Amélanchier', 'Chêne', 'Bouleau', 'Érable rouge']);
    expect(names('name-asc')).toEqual(['Amélanchier', 'Bouleau', 'Chêne', 'Érable rouge']);
    expect(names('name-desc')).toEqual(['Érable rouge', 'Chêne', 'Bouleau', 'Amélanchier']);
  });
  it('sorts by price with ties by name, and nothing-for-sale last either way', () => {
    expect(names('price-asc')).toEqual(['Amélanchier', 'Chêne', 'Érable rouge', 'Bouleau']);
    expect(names('price-desc')).toEqual(['Érable rouge', 'Amélanchier', 'Chêne', 'Bouleau']);
  });
  it('sorts hardiest first, unknown zones last', () => {
    expect(names('zone-asc')).toEqual(['Chêne', 'Érable rouge', 'Amélanchier', 'Bouleau']);
  });
  it('does not change its input', () => {
    sortItems(items, 'name-desc', 'en');
    expect(items.map((entry) => entry.i)).toEqual([1, 2, 3, 4]);
  });
});

describe('paginate', () => {
  const numbers = Array.from({ length: 53 }, (_, index) => index + 1);

  it('slices pages of the chosen size', () => {
    expect(paginate(numbers, 1, 24)).toMatchObject({ page: 1, pageCount: 3, total: 53, from: 1, to: 24 });
    const last = paginate(numbers, 3, 24);
    expect(last).toMatchObject({ page: 3, from: 49, to: 53 });
    expect(last.items).toEqual([49, 50, 51, 52, 53]);
    expect(paginate(numbers, 2, 25).items[0]).toBe(26);
  });
  it('clamps pages outside the range', () => {
    expect(paginate(numbers, 9, 24).page).toBe(3);
    expect(paginate(numbers, 0, 24).page).toBe(1);
    expect(paginate(numbers, -4, 24).page).toBe(1);
  });
  it('has one empty page when nothing matches', () => {
    expect(paginate([], 3, 10)).toEqual({ items: [], page: 1, pageCount: 1, total: 0, from: 0, to: 0 });
  });
  it('offers the spec’s page sizes and the default of 24', () => {
    expect(PAGE_SIZE_CHOICES).toEqual([5, 10, 24, 25, 50, 100]);
    expect(DEFAULT_PAGE_SIZE).toBe(24);
  });
});

describe('pageLinks', () => {
  it('shows every page when there are few', () => {
    expect(pageLinks(1, 1)).toEqual([1]);
    expect(pageLinks(2, 4)).toEqual([1, 2, 3, 4]);
  });
  it('shows the ends and the neighbours, with gaps', () => {
    expect(pageLinks(1, 10)).toEqual([1, 2, null, 10]);
    expect(pageLinks(5, 10)).toEqual([1, null, 4, 5, 6, null, 10]);
    expect(pageLinks(10, 10)).toEqual([1, null, 9, 10]);
  });
  it('shows a single skipped page instead of a gap', () => {
    expect(pageLinks(4, 10)).toEqual([1, 2, 3, 4, 5, null, 10]);
  });
});

describe('the query string', () => {
  it('round-trips a state, leaving defaults out', () => {
    const chosen = state({
      page: 3,
      size: 50,
      sort: 'price-desc',
      sub: [12],
      zone: 4,
      exposure: ['full_sun', 'part_shade'],
      kind: ['container'],
      inStock: true,
    });
    const query = browseQuery(chosen, facets);
    expect(query).toBe(
      'sub=flowering-trees&zone=4&exposure=full_sun%2Cpart_shade&kind=container&stock=1&sort=price-desc&size=50&page=3',
    );
    expect(parseBrowseQuery(new URLSearchParams(query), facets)).toEqual(chosen);
    expect(browseQuery(DEFAULT_STATE, facets)).toBe('');
  });
  it('drops what it does not know', () => {
    const parsed = parseBrowseQuery(
      new URLSearchParams('sub=nope,shade-trees&zone=9&exposure=moon&kind=tub&sort=random&size=7&page=abc&stock=yes'),
      facets,
    );
    expect(parsed).toEqual(state({ sub: [11] }));
  });
});

describe('browse', () => {
  it('filters, then sorts, then pages', () => {
    const items = Array.from({ length: 30 }, (_, index) =>
      item({ i: index + 1, n: `Plant ${String(index + 1).padStart(2, '0')}`, q: index % 3 === 0 ? 0 : 8 }),
    );
    const slice = browse(items, state({ inStock: true, sort: 'name-desc', size: 5, page: 2 }), 'en');
    expect(slice.total).toBe(20);
    expect(slice.pageCount).toBe(4);
    expect(slice.items.map((entry) => entry.n)).toEqual(['Plant 23', 'Plant 21', 'Plant 20', 'Plant 18', 'Plant 17']);
  });
});

describe('rendering', () => {
  const context = {
    productBase: '/fr/products/',
    lowStockThreshold: 5,
    money: (cents: number) => `${(cents / 100).toFixed(2)} $`,
    strings: {
      from: 'à partir de {{price}}',
      zone: 'Zone {{zone}}',
      stock: { in_stock: 'En stock', low_stock: 'Stock limité', out_of_stock: 'Rupture de stock' },
    },
  };

  it('escapes what it prints', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
    const html = renderProductCard(item({ i: 7, n: 'Rose <b>"Red"</b>', q: 3, p: 1999 }), context);
    expect(html).toContain('Rose &lt;b&gt;&quot;Red&quot;&lt;/b&gt;');
    expect(html).toContain('href="/fr/products/plant-7"');
    expect(html).toContain('<span class="badge badge--low">Stock limité</span>');
    expect(html).toContain('à partir de 19.99 $');
  });

  it('links pages with the other choices kept, and marks the current one', () => {
    const slice = paginate(
      Array.from({ length: 60 }, (_, index) => index),
      2,
      10,
    );
    const html = renderPagination(slice, state({ page: 2, size: 10, sort: 'name-asc' }), facets, {
      results_one: '',
      results_other: '',
      showing: '',
      pagination: 'Pages',
      previous: 'Previous',
      next: 'Next',
      activeFilters_one: '',
      activeFilters_other: '',
    });
    expect(html).toContain('href="?sort=name-asc&amp;size=10" data-page="1"');
    // Label in name: each link is named by its visible words, nothing else.
    expect(html).toContain('aria-current="page">2</span>');
    expect(html).toContain('data-page="3">Next</a>');
    expect(html).not.toContain('aria-label');
    expect(html).toContain('page-gap');
  });
});
