import { describe, expect, it } from 'vitest';
import {
  codeQuery,
  compareSearchHits,
  DEFAULT_SEARCH_PAGE_SIZE,
  MAX_QUERY_LENGTH,
  matchOf,
  normalizeSearchQuery,
  pageCount,
  pageWindow,
  parseSearchApiParams,
  parseSearchParams,
  type RankSignals,
  resultRange,
  SearchInputSchema,
  searchHref,
  synonymQuery,
} from './search.ts';

describe('search input', () => {
  it('reads q, page and size from a query string', () => {
    expect(parseSearchParams(new URLSearchParams('q=erable&page=3&size=50'))).toEqual({
      q: 'erable',
      page: 3,
      size: 50,
    });
  });

  it('defaults to page 1 of 24 and an empty query', () => {
    expect(parseSearchParams(new URLSearchParams(''))).toEqual({ q: '', page: 1, size: DEFAULT_SEARCH_PAGE_SIZE });
  });

  it('accepts the offered page sizes and the default, and nothing else', () => {
    for (const size of [5, 10, 24, 25, 50, 100]) expect(SearchInputSchema.parse({ size }).size).toBe(size);
    for (const size of ['7', '0', '-5', '1000', 'ten', '25.5']) expect(SearchInputSchema.parse({ size }).size).toBe(24);
  });

  it('falls back to page 1 for a page that is not a positive integer', () => {
    for (const page of ['0', '-1', 'two', '1.5', '99999999']) expect(SearchInputSchema.parse({ page }).page).toBe(1);
  });

  it('trims and folds whitespace, removes control characters and caps the length', () => {
    expect(normalizeSearchQuery('  sugar \t\n maple  ')).toBe('sugar maple');
    expect(normalizeSearchQuery('a\u0000b')).toBe('a b');
    expect(normalizeSearchQuery('x'.repeat(500))).toHaveLength(MAX_QUERY_LENGTH);
    // Composed and decomposed accents are the same query.
    expect(normalizeSearchQuery('E\u0301rable')).toBe('Érable');
    expect(SearchInputSchema.parse({ q: ['not', 'a', 'string'] }).q).toBe('');
  });
});

describe('codeQuery', () => {
  it('recognises product codes and SKUs however they are typed', () => {
    expect(codeQuery('TRE-1001')).toBe('TRE-1001');
    expect(codeQuery('tre-1001')).toBe('TRE-1001');
    expect(codeQuery('TRE1001')).toBe('TRE-1001');
    expect(codeQuery('shr-1001-c3')).toBe('SHR-1001-C3');
    expect(codeQuery('BRD-10')).toBe('BRD-10');
    expect(codeQuery('brd-1001-')).toBe('BRD-1001');
  });

  it('leaves words alone', () => {
    for (const word of ['maple', 'erable', 'TRE', 'tre-', 'acer saccharum', 'PJM Rhododendron', '1001']) {
      expect(codeQuery(word)).toBeUndefined();
    }
  });
});

describe('ranking', () => {
  const base: RankSignals = {
    exactCode: false,
    exactSku: false,
    codePrefix: false,
    nameExact: false,
    nameHit: false,
    categoryHit: false,
    textHit: false,
    score: 0,
    sortName: 'm',
    id: 1,
  };
  const hit = (label: string, signals: Partial<RankSignals>) => ({ label, ...base, ...signals });

  it('puts an exact code first, then an exact SKU, code prefixes, names, categories, descriptions, near misses', () => {
    const hits = [
      hit('near miss', { score: 0.95, sortName: 'a', id: 1 }),
      hit('description', { textHit: true, score: 0.9, sortName: 'a', id: 2 }),
      hit('weak name', { nameHit: true, textHit: true, score: 0.1, id: 3 }),
      hit('exact name', { nameExact: true, nameHit: true, textHit: true, score: 0.5, id: 4 }),
      hit('code prefix', { codePrefix: true, id: 5 }),
      hit('exact sku', { exactSku: true, codePrefix: true, id: 6 }),
      hit('exact code', { exactCode: true, codePrefix: true, id: 7 }),
      hit('strong name', { nameHit: true, textHit: true, score: 0.6, id: 8 }),
      hit('category', { categoryHit: true, textHit: true, score: 0.9, id: 9 }),
      hit('name in category', { nameHit: true, categoryHit: true, id: 10 }),
    ];
    expect(hits.sort(compareSearchHits).map((h) => h.label)).toEqual([
      'exact code',
      'exact sku',
      'code prefix',
      'exact name',
      'name in category',
      'strong name',
      'weak name',
      'category',
      'description',
      'near miss',
    ]);
  });

  it('breaks ties by name, then id, so every page of results is stable', () => {
    const hits = [
      hit('b', { nameHit: true, score: 1, sortName: 'sugar maple', id: 9 }),
      hit('c', { nameHit: true, score: 1, sortName: 'sugar maple', id: 10 }),
      hit('a', { nameHit: true, score: 1, sortName: 'red maple', id: 11 }),
    ];
    expect(hits.sort(compareSearchHits).map((h) => h.label)).toEqual(['a', 'b', 'c']);
  });

  it('names why a product matched', () => {
    expect(matchOf({ ...base, exactCode: true, codePrefix: true })).toBe('code');
    expect(matchOf({ ...base, exactSku: true })).toBe('sku');
    expect(matchOf({ ...base, codePrefix: true })).toBe('code_prefix');
    expect(matchOf({ ...base, nameHit: true })).toBe('name');
    expect(matchOf({ ...base, categoryHit: true, textHit: true })).toBe('category');
    expect(matchOf({ ...base, textHit: true })).toBe('text');
    expect(matchOf(base)).toBe('similar');
  });
});

describe('paging', () => {
  it('counts pages, at least one', () => {
    expect(pageCount(0, 24)).toBe(1);
    expect(pageCount(24, 24)).toBe(1);
    expect(pageCount(25, 24)).toBe(2);
  });

  it('gives the range shown on a page', () => {
    expect(resultRange(1, 24, 310)).toEqual({ from: 1, to: 24 });
    expect(resultRange(13, 24, 310)).toEqual({ from: 289, to: 310 });
    expect(resultRange(1, 24, 0)).toEqual({ from: 0, to: 0 });
    expect(resultRange(5, 24, 30)).toEqual({ from: 0, to: 0 });
  });

  it('shows the first, the last and the neighbours of the current page', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(1, 5)).toEqual([1, 2, 3, null, 5]);
    expect(pageWindow(6, 20)).toEqual([1, null, 4, 5, 6, 7, 8, null, 20]);
    expect(pageWindow(20, 20)).toEqual([1, null, 18, 19, 20]);
  });

  it('builds search links without default values', () => {
    expect(searchHref('/search', { q: 'érable', page: 1, size: 24 })).toBe('/search?q=%C3%A9rable');
    expect(searchHref('/fr/search', { q: 'rose', page: 2, size: 50 })).toBe('/fr/search?q=rose&page=2&size=50');
    expect(searchHref('/search', { q: '' })).toBe('/search');
  });
});

describe('search API input', () => {
  it('takes an explicit language, and ignores one it does not know', () => {
    expect(parseSearchApiParams(new URLSearchParams('q=erable&locale=fr'))).toEqual({
      q: 'erable',
      page: 1,
      size: 24,
      locale: 'fr',
    });
    expect(parseSearchApiParams(new URLSearchParams('q=erable&locale=de')).locale).toBeUndefined();
  });
});

describe('everyday names', () => {
  it("puts the catalogue's word in place of an everyday name, accents and capitals aside", () => {
    expect(synonymQuery('hortensia')).toBe('hydrangee');
    expect(synonymQuery('Hortensias blancs')).toBe('hydrangees blancs');
    expect(synonymQuery('haie de Cèdres')).toBe('haie de thuyas');
    expect(synonymQuery('arborvitae')).toBe('cedar');
  });

  it('leaves a query without one alone, and words that only contain one', () => {
    expect(synonymQuery('hydrangée')).toBeUndefined();
    expect(synonymQuery('hortensiaX')).toBeUndefined();
    expect(synonymQuery('constructor')).toBeUndefined();
    expect(synonymQuery('toString')).toBeUndefined();
    expect(synonymQuery('')).toBeUndefined();
  });
});
