import { z } from 'zod';
import { sameSitePath } from '../../lib/http/redirect.ts';
import {
  isLocale,
  type Locale,
  localeFromAcceptLanguage,
  localeFromPath,
  localizePath,
  stripLocale,
} from '../../lib/i18n/index.ts';

/**
 * Every page of the store in both languages: which path in one language is which path in
 * the other (`/browse/trees` ↔ `/fr/browse/arbres`), built once per build from the catalog
 * snapshot. One map answers the locale cookie's redirect, the 301 of a slug in the wrong
 * language, the language switch and the Vercel routes
 * (docs/decisions/036-page-translations.md).
 */

const PathSchema = z.string().regex(/^\//);

export const PageTranslationsFileSchema = z.object({
  version: z.literal(1),
  /** The same page in each language. */
  pairs: z.array(z.object({ en: PathSchema, fr: PathSchema })),
  /** A second address of a page (`/content/about` of `/about`): answered with a 301 to it. */
  aliases: z.array(z.object({ from: PathSchema, to: PathSchema })),
});
export type PageTranslationsFile = z.infer<typeof PageTranslationsFileSchema>;

/** The file the build writes beside the client files, for the Node server. */
export const PAGE_TRANSLATIONS_FILE = 'page-translations.json';

/**
 * Sections whose paths are the same in both languages but for the `/fr` prefix (the pages
 * under src/pages and src/pages/fr mirror each other; a test keeps this list honest).
 */
export const MIRRORED_SECTIONS = [
  'admin',
  'auth',
  'cart',
  'categories',
  'checkout',
  'lists',
  'maintenance',
  'product',
  'profile',
  'quotes',
  'register',
  'register-success',
  'sandbox',
  'search',
  'settings',
  'sign-out',
  'sign-up',
] as const;

interface CatalogPages {
  categories: readonly { path_en: string; path_fr: string }[];
  products: readonly { slug_en: string; slug_fr: string }[];
  contentPages: readonly { key: string; slug_en: string; slug_fr: string }[];
}

/** The About page answers at /about; its content block is the same text (issue 12.7). */
const ABOUT_KEY = 'about';

/** The map of a catalog: home, About, every category, product and content page. */
export function pageTranslationsFromCatalog(catalog: CatalogPages): PageTranslationsFile {
  const pairs: PageTranslationsFile['pairs'] = [
    { en: '/', fr: '/fr' },
    { en: '/about', fr: '/fr/about' },
  ];
  const aliases: PageTranslationsFile['aliases'] = [];
  for (const category of catalog.categories) {
    pairs.push({ en: `/browse/${category.path_en}`, fr: `/fr/browse/${category.path_fr}` });
  }
  for (const product of catalog.products) {
    pairs.push({ en: `/products/${product.slug_en}`, fr: `/fr/products/${product.slug_fr}` });
  }
  for (const page of catalog.contentPages) {
    const en = `/content/${page.slug_en}`;
    const fr = `/fr/content/${page.slug_fr}`;
    if (page.key === ABOUT_KEY) {
      aliases.push({ from: en, to: '/about' }, { from: fr, to: '/fr/about' });
    } else {
      pairs.push({ en, fr });
    }
  }
  return { version: 1, pairs, aliases };
}

export type Pair = Readonly<Record<Locale, string>>;

/** `/shop/` and `/shop` are the same page; `/` stays `/`. */
function normalize(path: string): string {
  return path.length > 1 ? path.replace(/\/+$/, '') || '/' : path;
}

const other = (locale: Locale): Locale => (locale === 'en' ? 'fr' : 'en');

export interface PageTranslations {
  /** The pair a page belongs to (by either of its paths), if it is a catalog page. */
  pairOf(path: string): Pair | undefined;
  /**
   * Where a path that is not a page should go with a 301: a slug in the other language
   * (`/fr/browse/trees` → `/fr/browse/arbres`) or a second address of a page.
   */
  canonicalOf(path: string): string | undefined;
  /**
   * The same page in `locale`: its translation, the same path under the other prefix for
   * the store's own sections, and the locale's home for anything else.
   */
  counterpart(path: string, locale: Locale): string;
  readonly file: PageTranslationsFile;
}

export function pageTranslations(file: PageTranslationsFile): PageTranslations {
  const byPath = new Map<string, Pair>();
  for (const pair of file.pairs) {
    byPath.set(pair.en, pair);
    byPath.set(pair.fr, pair);
  }
  const aliases = new Map(file.aliases.map((alias) => [alias.from, alias.to]));

  const canonicalOf = (path: string): string | undefined => {
    const current = normalize(path);
    if (byPath.has(current)) return undefined;
    const alias = aliases.get(current);
    if (alias) return alias;
    // The slug of the other language under this language's prefix.
    const locale = localeFromPath(current);
    const swapped = localizePath(current, other(locale));
    const pair = byPath.get(swapped);
    if (pair && pair[other(locale)] === swapped) return pair[locale];
    const swappedAlias = aliases.get(swapped);
    if (swappedAlias) return byPath.get(swappedAlias)?.[locale];
    return undefined;
  };

  return {
    file,
    pairOf: (path) => byPath.get(normalize(path)),
    canonicalOf,
    counterpart(path, locale) {
      const current = normalize(path);
      const pair = byPath.get(current) ?? byPath.get(canonicalOf(current) ?? '');
      if (pair) return pair[locale];
      const section = stripLocale(current).split('/')[1] ?? '';
      if ((MIRRORED_SECTIONS as readonly string[]).includes(section)) return localizePath(current, locale);
      return localizePath('/', locale);
    },
  };
}

/**
 * A browse page's query in another language: sub-category filters name their slug
 * (`?sub=maples` on /browse/trees is `?sub=erables` on /fr/browse/arbres); every other
 * parameter (sort, page, size, zone, exposure, kind, stock, q) means the same in both.
 */
export function translateQuery(map: PageTranslations, fromPath: string, search: string, locale: Locale): string {
  const base = normalize(fromPath);
  if (!/^(\/fr)?\/browse\//.test(base)) return search;
  const params = new URLSearchParams(search);
  const sub = params.get('sub');
  if (sub !== null) {
    const slugs = sub
      .split(',')
      .filter(Boolean)
      .map((slug) => map.pairOf(`${base}/${slug}`)?.[locale].split('/').pop())
      .filter((slug): slug is string => Boolean(slug));
    if (slugs.length > 0) params.set('sub', slugs.join(','));
    else params.delete('sub');
  }
  const query = params.toString();
  return query ? `?${query}` : '';
}

/**
 * Where a page request goes instead, if anywhere. The locale cookie (the visitor's own
 * choice) wins on every page and leads to the page's translation, with its query; without
 * it, the browser's language steers the home page only, so a shared link keeps its
 * language. The answer is always a path of this site (`sameSitePath`).
 */
export function localeRedirect(
  map: PageTranslations,
  request: { path: string; search: string; cookie: string | undefined; acceptLanguage: string | undefined },
): string | undefined {
  const current = localeFromPath(request.path);
  const wanted = isLocale(request.cookie)
    ? request.cookie
    : request.path === '/' && localeFromAcceptLanguage(request.acceptLanguage ?? null) === 'fr'
      ? 'fr'
      : undefined;
  if (!wanted || wanted === current) return undefined;
  const home = localizePath('/', wanted);
  const target = sameSitePath(map.counterpart(request.path, wanted), home);
  // The query only travels to the page it belongs to, translated; the home page gets none.
  const search = target === home && request.path !== '/' && stripLocale(request.path) !== '/' ? '' : request.search;
  return sameSitePath(target + translateQuery(map, canonicalPath(map, request.path), search, wanted), target);
}

function canonicalPath(map: PageTranslations, path: string): string {
  return map.canonicalOf(path) ?? normalize(path);
}

/** An empty map (no catalog yet): every path falls back on the prefix rules. */
export const NO_PAGE_TRANSLATIONS = pageTranslations({ version: 1, pairs: [], aliases: [] });
