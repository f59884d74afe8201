import { z } from 'zod';
import { searchKey } from '../../lib/search-key.ts';
import type { StockLabel } from '../catalog/catalog.ts';
import type { PictureSources } from '../catalog/picture.ts';

/**
 * Catalog search: what a query is, how results are paged, and the order they come in.
 * The query itself runs in search.server.ts; this file is safe on both sides.
 */

/** The page sizes offered (spec §9); 24 is the default and fills a 2-, 3-, 4- or 6-column grid. */
export const SEARCH_PAGE_SIZES = [5, 10, 25, 50, 100] as const;
export const DEFAULT_SEARCH_PAGE_SIZE = 24;
export const MAX_QUERY_LENGTH = 100;
/** Deep pages cost a full sort for nobody; 10,000 is far past any real catalog. */
export const MAX_SEARCH_PAGE = 10_000;

export type SearchPageSize = (typeof SEARCH_PAGE_SIZES)[number] | typeof DEFAULT_SEARCH_PAGE_SIZE;

export function isSearchPageSize(value: number): value is SearchPageSize {
  return value === DEFAULT_SEARCH_PAGE_SIZE || (SEARCH_PAGE_SIZES as readonly number[]).includes(value);
}

/** Trims, folds whitespace, drops control characters and caps the length. */
export function normalizeSearchQuery(raw: string): string {
  return Array.from(
    raw
      .normalize('NFC')
      .replace(/\p{Cc}/gu, ' ')
      .replace(/\s+/g, ' ')
      .trim(),
  )
    .slice(0, MAX_QUERY_LENGTH)
    .join('')
    .trim();
}

/**
 * The search input, from a query string or the JSON endpoint. Search forgives: a missing or
 * malformed page or size falls back to its default instead of failing the request.
 */
export const SearchInputSchema = z.object({
  q: z.string().catch('').transform(normalizeSearchQuery),
  page: z.coerce.number().int().min(1).max(MAX_SEARCH_PAGE).catch(1),
  size: z.coerce
    .number()
    .int()
    .refine(isSearchPageSize)
    .catch(DEFAULT_SEARCH_PAGE_SIZE)
    .transform((value) => value as SearchPageSize),
});
export type SearchInput = z.infer<typeof SearchInputSchema>;

/** Reads the input from URL search parameters (the first value of each). */
export function parseSearchParams(params: URLSearchParams): SearchInput {
  return SearchInputSchema.parse({
    q: params.get('q') ?? undefined,
    page: params.get('page') ?? undefined,
    size: params.get('size') ?? undefined,
  });
}

/**
 * A product code or SKU, typed the way people type them: "tre-1001", "TRE1001",
 * "shr-1001-c3". Returns the canonical upper-case form, or undefined for ordinary words.
 */
export function codeQuery(q: string): string | undefined {
  const compact = q.replace(/\s+/g, '').toUpperCase();
  const joined = /^[A-Z]{3}\d/.test(compact) ? `${compact.slice(0, 3)}-${compact.slice(3)}` : compact;
  return /^[A-Z]{3}-[0-9]{1,6}(-[A-Z0-9]{1,10})?-?$/.test(joined) ? joined.replace(/-$/, '') : undefined;
}

/**
 * Everyday names the catalogue does not use, and the word it uses for the same plants, folded
 * (lower case, no accents). A landscaper in Quebec says « cèdre » and « hortensia » for what
 * the catalogue calls « thuya » and « hydrangée »; an Ontario one may say "arborvitae". Any
 * language's search reads them: names of every language are searched (decision 005).
 */
const SYNONYMS: Readonly<Record<string, string>> = {
  hortensia: 'hydrangee',
  cedre: 'thuya',
  bleuet: 'bleuetier',
  gadelle: 'gadellier',
  arborvitae: 'cedar',
};

/**
 * The query with each everyday name put in the catalogue's word ("hortensia blanc" →
 * "hydrangee blanc"; a plural keeps its s), searched beside the query itself; undefined when
 * no word of it has a synonym.
 */
export function synonymQuery(q: string): string | undefined {
  let changed = false;
  const swapped = q.split(/(\s+)/).map((token) => {
    const folded = searchKey(token);
    const plural = folded.endsWith('s') && SYNONYMS[folded.slice(0, -1)] !== undefined;
    const word = plural ? folded.slice(0, -1) : folded;
    const synonym = Object.hasOwn(SYNONYMS, word) ? SYNONYMS[word] : undefined;
    if (synonym === undefined) return token;
    changed = true;
    return plural ? `${synonym}s` : synonym;
  });
  return changed ? swapped.join('') : undefined;
}

/** Why a product matched, best reason first; shown on the result card. */
export type SearchMatch = 'code' | 'sku' | 'code_prefix' | 'name' | 'category' | 'text' | 'similar';

/** What the database says about one candidate; the order below is decided from these. */
export interface RankSignals {
  exactCode: boolean;
  exactSku: boolean;
  codePrefix: boolean;
  nameExact: boolean;
  /** A whole-word match on a name: common (either language), botanical or code. */
  nameHit: boolean;
  /** The product's category (or one above it) is named by the query: "roses", "érables". */
  categoryHit: boolean;
  /** Full-text match anywhere, description included. */
  textHit: boolean;
  /** Word similarity of the query to the names plus the full-text rank. */
  score: number;
  /** The name in the search language, lower-cased and without accents: the tie-break. */
  sortName: string;
  id: number;
}

const TIERS = ['exactCode', 'exactSku', 'codePrefix', 'nameExact', 'nameHit', 'categoryHit', 'textHit'] as const;

/**
 * The ranking, in one place: an exact product code, then an exact SKU, then codes and SKUs
 * that start with the query, then a name equal to the query, then whole-word name matches
 * (common name in either language, botanical name), then products of a category the query
 * names, then description matches, and last the near misses found by similarity alone
 * (typos: "hydrangia"). Within a tier the stronger match comes first, then by name. search.server.ts orders by the same keys, and the
 * integration tests check that the database's order is this one.
 */
export function compareSearchHits(a: RankSignals, b: RankSignals): number {
  for (const tier of TIERS) {
    if (a[tier] !== b[tier]) return a[tier] ? -1 : 1;
  }
  if (a.score !== b.score) return b.score - a.score;
  if (a.sortName !== b.sortName) return a.sortName < b.sortName ? -1 : 1;
  return a.id - b.id;
}

export function matchOf(signals: Omit<RankSignals, 'score' | 'sortName' | 'id'>): SearchMatch {
  if (signals.exactCode) return 'code';
  if (signals.exactSku) return 'sku';
  if (signals.codePrefix) return 'code_prefix';
  if (signals.nameExact || signals.nameHit) return 'name';
  if (signals.categoryHit) return 'category';
  return signals.textHit ? 'text' : 'similar';
}

export interface SearchHit {
  id: number;
  code: string;
  name: string;
  botanicalName: string;
  slug_en: string;
  slug_fr: string;
  /** The product page in the search language. */
  href: string;
  /** Top-level category slug (English), for the card's illustration. */
  categoryRoot: string;
  flowerColour: string | null;
  foliageColour: string | null;
  /** The lowest price the shopper pays (list, or trade) of the active variants, in cents; null when none is for sale. */
  fromPriceCents: number | null;
  /** The product's free stock, or the size's when the query named one exactly. */
  stockTotal: number;
  stock: StockLabel;
  match: SearchMatch;
  /** The SKU the query named, when it named one. */
  sku: string | null;
  /** The price the shopper pays for the size the query named exactly; the card shows it, not the from price. */
  skuPriceCents: number | null;
  /** The product's primary photo, when it has one (else the card draws the plant). */
  picture?: PictureSources & { alt: string };
}

export interface SearchResults {
  query: string;
  page: number;
  size: SearchPageSize;
  total: number;
  pageCount: number;
  hits: SearchHit[];
  /** Close product names, offered when nothing matched. */
  suggestions: string[];
}

export function pageCount(total: number, size: number): number {
  return Math.max(1, Math.ceil(total / size));
}

/** First and last result numbers shown on a page ("25–48 of 310"); 0–0 when empty. */
export function resultRange(page: number, size: number, total: number): { from: number; to: number } {
  const from = Math.min((page - 1) * size + 1, total + 1);
  const to = Math.min(page * size, total);
  return to < from ? { from: 0, to: 0 } : { from, to };
}

/**
 * The page links to show: the first, the last, and two either side of the current one, with
 * gaps (null) where pages are skipped: 1 … 4 5 [6] 7 8 … 20.
 */
export function pageWindow(current: number, last: number, spread = 2): (number | null)[] {
  const pages: (number | null)[] = [];
  for (let page = 1; page <= last; page++) {
    if (page === 1 || page === last || Math.abs(page - current) <= spread) pages.push(page);
    else if (pages.at(-1) !== null) pages.push(null);
  }
  return pages;
}

/** A search URL in the page's language; page and size only when they are not the defaults. */
export function searchHref(
  base: string,
  input: { q: string; page?: number; size?: number },
  defaults = { page: 1, size: DEFAULT_SEARCH_PAGE_SIZE },
): string {
  const params = new URLSearchParams();
  if (input.q) params.set('q', input.q);
  if (input.page !== undefined && input.page !== defaults.page) params.set('page', String(input.page));
  if (input.size !== undefined && input.size !== defaults.size) params.set('size', String(input.size));
  const query = params.toString();
  return query ? `${base}?${query}` : base;
}

/** The JSON endpoint also takes the language, which otherwise comes from the locale cookie. */
export const SearchApiInputSchema = SearchInputSchema.extend({
  locale: z.enum(['en', 'fr']).optional().catch(undefined),
});
export type SearchApiInput = z.infer<typeof SearchApiInputSchema>;

export function parseSearchApiParams(params: URLSearchParams): SearchApiInput {
  return SearchApiInputSchema.parse({ ...parseSearchParams(params), locale: params.get('locale') ?? undefined });
}
