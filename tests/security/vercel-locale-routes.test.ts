import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PageTranslationsFileSchema } from '../../src/features/translations/page-translations.ts';

/**
 * Issue 12.1 on Vercel: the static pages never reach our server there, so the locale
 * cookie's redirect is a route of .vercel/output/config.json (Build Output API v3), ahead of
 * the static files. This reads the built config (`npm run build:vercel`, which `npm test`
 * runs before these probes) and plays Vercel's routing for pages and hostile paths.
 */
const root = join(import.meta.dirname, '../..');
const configFile = join(root, '.vercel/output/config.json');
const translationsFile = join(root, 'dist/page-translations.json');
const built = existsSync(configFile) && existsSync(translationsFile);
if (!built) console.warn(`Not run: Vercel locale routes (no ${configFile}: run npm run build:vercel)`);

interface Route {
  src?: string;
  handle?: string;
  status?: number;
  headers?: Record<string, string>;
  has?: { type: string; key: string; value?: string }[];
  continue?: boolean;
}

describe.skipIf(!built)('Vercel locale routes', () => {
  const routes = built ? (JSON.parse(readFileSync(configFile, 'utf8')) as { routes: Route[] }).routes : [];
  const filesystem = routes.findIndex((route) => route.handle === 'filesystem');
  const file = built ? PageTranslationsFileSchema.parse(JSON.parse(readFileSync(translationsFile, 'utf8'))) : undefined;

  /** Vercel's first phase in short: the first route before the filesystem that answers. */
  function answer(path: string, cookie?: string): { status: number; location: string } | undefined {
    for (const route of routes.slice(0, filesystem)) {
      if (!route.src || route.continue) continue;
      const match = new RegExp(route.src).exec(path);
      if (!match) continue;
      const needs = route.has?.find((condition) => condition.type === 'cookie');
      if (needs && needs.value !== cookie) continue;
      const location = route.headers?.Location ?? '';
      return {
        status: route.status ?? 200,
        location: location.replace(/\$(\d)/g, (_, index: string) => match[Number(index)] ?? ''),
      };
    }
    return undefined;
  }

  it('come before the static files', () => {
    expect(filesystem).toBeGreaterThan(0);
    expect(routes.slice(0, filesystem).filter((route) => route.has?.[0]?.key === 'locale').length).toBeGreaterThan(
      2 * (file?.pairs.length ?? 0),
    );
  });

  it("send a visitor with the other language's cookie to the page's translation", () => {
    for (const [en, fr] of [
      ['/', '/fr'],
      ['/browse/trees', '/fr/browse/arbres'],
      ['/products/goldflame-japanese-spirea', '/fr/products/spiree-japonaise-goldflame'],
      ['/products/sugar-maple', '/fr/products/erable-a-sucre'],
      ['/content/faqs', '/fr/content/faq'],
      ['/about', '/fr/about'],
    ] as const) {
      expect(answer(en, 'fr'), en).toEqual({ status: 302, location: fr });
      expect(answer(`${en === '/' ? '' : en}/`, 'fr'), `${en}/`).toEqual({ status: 302, location: fr });
      expect(answer(fr, 'en'), fr).toEqual({ status: 302, location: en });
      expect(answer(en, 'en'), en).toBeUndefined();
      expect(answer(fr, 'fr'), fr).toBeUndefined();
    }
  });

  it('cover every page of the catalog in both directions', () => {
    const wrong: string[] = [];
    for (const pair of file?.pairs ?? []) {
      if (answer(pair.en, 'fr')?.location !== pair.fr) wrong.push(`${pair.en} → ${answer(pair.en, 'fr')?.location}`);
      if (answer(pair.fr, 'en')?.location !== pair.en) wrong.push(`${pair.fr} → ${answer(pair.fr, 'en')?.location}`);
    }
    expect(wrong).toEqual([]);
  });

  it('swap the prefix of the store sections, and leave other paths to the function', () => {
    expect(answer('/cart', 'fr')).toEqual({ status: 302, location: '/fr/cart' });
    expect(answer('/fr/auth/sign-in', 'en')).toEqual({ status: 302, location: '/auth/sign-in' });
    expect(answer('/products/no-such-plant', 'fr')).toBeUndefined();
  });

  for (const path of [
    '//evil.example',
    '/\\evil.example',
    '/%2Fevil.example',
    '/%5Cevil.example',
    '/.//evil.example',
  ]) {
    it(`open redirect: ${path} with a locale cookie is never sent off the site`, () => {
      for (const cookie of ['en', 'fr']) {
        for (const candidate of [path, `/fr${path}`, `/cart${path}`, `/fr/cart${path}`]) {
          const result = answer(candidate, cookie);
          if (!result || result.status < 300) continue;
          expect(result.location, candidate).toMatch(/^\/(?![/\\])/);
        }
      }
    });
  }

  it('every Location of a locale route is a path of this site', () => {
    for (const route of routes.filter((candidate) => candidate.has?.[0]?.key === 'locale')) {
      expect(route.headers?.Location, route.src).toMatch(/^\/(?![/\\])/);
    }
  });
});
