import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateRedirectValues, random } from '../../../tests/support/redirect-fuzz.ts';
import {
  localeRedirect,
  MIRRORED_SECTIONS,
  pageTranslations,
  pageTranslationsFromCatalog,
  translateQuery,
} from './page-translations.ts';
import { pageSource, vercelLocaleRoutes } from './vercel-routes.ts';

const catalog = {
  categories: [
    { path_en: 'trees', path_fr: 'arbres' },
    { path_en: 'trees/maples', path_fr: 'arbres/erables' },
    { path_en: 'trees/oaks', path_fr: 'arbres/chenes' },
  ],
  products: [{ slug_en: 'goldflame-japanese-spirea', slug_fr: 'spiree-japonaise-goldflame' }],
  contentPages: [
    { key: 'about', slug_en: 'about', slug_fr: 'a-propos' },
    { key: 'contact', slug_en: 'contact', slug_fr: 'nous-joindre' },
  ],
};
const map = pageTranslations(pageTranslationsFromCatalog(catalog));
const redirect = (path: string, cookie: string | undefined, search = '', acceptLanguage?: string) =>
  localeRedirect(map, { path, search, cookie, acceptLanguage });

describe('page translations', () => {
  it('pairs every catalog page with its translation', () => {
    expect(map.counterpart('/browse/trees', 'fr')).toBe('/fr/browse/arbres');
    expect(map.counterpart('/fr/browse/arbres/erables', 'en')).toBe('/browse/trees/maples');
    expect(map.counterpart('/products/goldflame-japanese-spirea', 'fr')).toBe(
      '/fr/products/spiree-japonaise-goldflame',
    );
    expect(map.counterpart('/content/contact', 'fr')).toBe('/fr/content/nous-joindre');
    expect(map.counterpart('/fr/about', 'en')).toBe('/about');
    expect(map.counterpart('/', 'fr')).toBe('/fr');
    expect(map.counterpart('/browse/trees/', 'fr')).toBe('/fr/browse/arbres');
  });

  it("swaps the prefix of the store's own sections and sends anything else home", () => {
    expect(map.counterpart('/cart', 'fr')).toBe('/fr/cart');
    expect(map.counterpart('/fr/auth/sign-in', 'en')).toBe('/auth/sign-in');
    expect(map.counterpart('/products/no-such-plant', 'fr')).toBe('/fr');
    expect(map.counterpart('/fr/browse/nulle-part', 'en')).toBe('/');
    expect(map.counterpart('/no-such-page', 'fr')).toBe('/fr');
  });

  it('sends a slug of the other language, and the second address of About, to the one page', () => {
    expect(map.canonicalOf('/fr/browse/trees')).toBe('/fr/browse/arbres');
    expect(map.canonicalOf('/fr/products/goldflame-japanese-spirea')).toBe('/fr/products/spiree-japonaise-goldflame');
    expect(map.canonicalOf('/products/spiree-japonaise-goldflame')).toBe('/products/goldflame-japanese-spirea');
    expect(map.canonicalOf('/browse/arbres/erables')).toBe('/browse/trees/maples');
    expect(map.canonicalOf('/content/nous-joindre')).toBe('/content/contact');
    expect(map.canonicalOf('/content/about')).toBe('/about');
    expect(map.canonicalOf('/fr/content/a-propos')).toBe('/fr/about');
    expect(map.canonicalOf('/fr/content/about')).toBe('/fr/about');
    expect(map.canonicalOf('/browse/trees')).toBeUndefined();
    expect(map.canonicalOf('/products/no-such-plant')).toBeUndefined();
  });

  it('translates the sub-category filter of a browse page and keeps the rest of the query', () => {
    expect(translateQuery(map, '/browse/trees', '?sub=maples,oaks&sort=price-asc&page=2', 'fr')).toBe(
      '?sub=erables%2Cchenes&sort=price-asc&page=2',
    );
    expect(translateQuery(map, '/browse/trees', '?sub=nothing&size=50', 'fr')).toBe('?size=50');
    expect(translateQuery(map, '/search', '?q=maple&page=2', 'fr')).toBe('?q=maple&page=2');
  });
});

describe('localeRedirect', () => {
  it("follows the locale cookie to the page's translation, in both directions, with its query", () => {
    expect(redirect('/browse/trees', 'fr')).toBe('/fr/browse/arbres');
    expect(redirect('/fr/browse/arbres', 'en')).toBe('/browse/trees');
    expect(redirect('/products/goldflame-japanese-spirea', 'fr')).toBe('/fr/products/spiree-japonaise-goldflame');
    expect(redirect('/browse/trees', 'fr', '?sub=maples&sort=name-asc')).toBe(
      '/fr/browse/arbres?sub=erables&sort=name-asc',
    );
    expect(redirect('/search', 'fr', '?q=maple')).toBe('/fr/search?q=maple');
    expect(redirect('/fr/cart', 'en')).toBe('/cart');
    expect(redirect('/products/gone', 'fr', '?a=1')).toBe('/fr');
    expect(redirect('/fr/browse/arbres', 'fr')).toBeUndefined();
    expect(redirect('/browse/trees', 'de')).toBeUndefined();
  });

  it('uses the browser language on the home page only, and only without a cookie', () => {
    expect(redirect('/', undefined, '', 'fr-CA,fr;q=0.9,en;q=0.5')).toBe('/fr');
    expect(redirect('/browse/trees', undefined, '', 'fr-CA')).toBeUndefined();
    expect(redirect('/', 'en', '', 'fr-CA')).toBeUndefined();
    expect(redirect('/', undefined, '', 'en-CA,fr;q=0.5')).toBeUndefined();
  });

  for (const [path, cookie] of [
    ['//evil.example', 'fr'],
    ['/\\evil.example', 'fr'],
    ['/%2Fevil.example', 'fr'],
    ['/%5Cevil.example', 'fr'],
    ['/fr//evil.example/', 'en'],
    ['/fr/%2Fevil.example%2F', 'en'],
    ['/fr/%5Cevil.example/', 'en'],
    ['/fr/.//evil.example/', 'en'],
    ['/fr/x/%2e%2e//evil.example/', 'en'],
    ['/cart//evil.example', 'fr'],
    ['/fr/cart/..//evil.example', 'en'],
  ] as const) {
    it(`open redirect: the locale redirect of ${path} with locale=${cookie} stays on this site`, () => {
      const location = redirect(path, cookie, '?next=//evil.example');
      expect(location).toMatch(/^\/(?![/\\])/);
      expect(new URL(location ?? '', 'https://shop.example/a/b').origin).toBe('https://shop.example');
    });
  }

  it('open redirect: no generated hostile path leaves the site (fuzz)', () => {
    for (const value of generateRedirectValues(random(12), 2000)) {
      const path = value.startsWith('/') ? value : `/${value}`;
      for (const cookie of ['en', 'fr']) {
        const location = redirect(path, cookie);
        if (location === undefined) continue;
        expect(new URL(location, 'https://shop.example/a/b').origin, `${path} → ${location}`).toBe(
          'https://shop.example',
        );
        expect(map.canonicalOf(path) ?? '/').toMatch(/^\/(?![/\\])/);
      }
    }
  });
});

describe('mirrored sections', () => {
  it('are exactly the sections that exist in both languages outside the catalog', () => {
    const pages = join(import.meta.dirname, '../../pages');
    const sections = (dir: string) =>
      readdirSync(dir, { withFileTypes: true })
        .map((entry) => entry.name.replace(/\.(astro|ts)$/, ''))
        .filter(
          (name) => !['fr', 'api', 'index', '404', '500', 'media', 'og', 'robots.txt', 'sitemap.xml'].includes(name),
        );
    const catalogSections = ['about', 'browse', 'content', 'products'];
    const english = sections(pages).filter((name) => !catalogSections.includes(name));
    const french = sections(join(pages, 'fr')).filter((name) => !catalogSections.includes(name));
    expect(new Set(french)).toEqual(new Set(english));
    expect(new Set(MIRRORED_SECTIONS)).toEqual(new Set(english));
  });
});

describe('Vercel locale routes', () => {
  const routes = vercelLocaleRoutes(pageTranslationsFromCatalog(catalog));
  const match = (path: string, cookie: string) =>
    routes.find((route) => route.has[0]?.value === cookie && new RegExp(route.src).test(path));

  it('redirect each static page to its translation when the cookie names the other language', () => {
    expect(match('/browse/trees', 'fr')?.headers.Location).toBe('/fr/browse/arbres');
    expect(match('/browse/trees/', 'fr')?.headers.Location).toBe('/fr/browse/arbres');
    expect(match('/fr/products/spiree-japonaise-goldflame', 'en')?.headers.Location).toBe(
      '/products/goldflame-japanese-spirea',
    );
    expect(match('/', 'fr')?.headers.Location).toBe('/fr');
    expect(match('/fr/browse/arbres', 'fr')).toBeUndefined();
    expect(match('/browse/trees', 'en')).toBeUndefined();
    expect(match('/browse/trees/maples', 'fr')?.headers.Location).toBe('/fr/browse/arbres/erables');
  });

  it('swap the prefix of the sections that mirror each other, and never match a longer slug', () => {
    const cart = match('/cart', 'fr');
    expect(cart?.headers.Location).toBe('/fr/$1$2');
    expect(match('/fr/auth/sign-in', 'en')?.headers.Location).toBe('/$1$2');
    expect(match('/cartography', 'fr')).toBeUndefined();
    expect(match('//evil.example', 'fr')).toBeUndefined();
    expect(new RegExp(pageSource('/browse/trees')).test('/browse/trees/maples')).toBe(false);
  });
});
