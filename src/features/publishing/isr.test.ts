import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { AstroIntegration } from 'astro';
import { describe, expect, it } from 'vitest';
import { catalogueOnDemandOnVercel } from './isr.integration.ts';
import { ISR_EXCLUDE, ISR_ROUTES, isIsrRoute, routePatternOf, vercelIsrOptions, vercelIsrProblems } from './isr.ts';

const root = join(import.meta.dirname, '../../..');

/** Every route file in src/pages, as the project-relative component path Astro gives. */
function routeFiles(dir = join(root, 'src/pages')): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? routeFiles(join(dir, entry.name))
      : /\.(astro|ts)$/.test(entry.name) && !entry.name.endsWith('.test.ts')
        ? [relative(root, join(dir, entry.name)).split('\\').join('/')]
        : [],
  );
}

describe('the catalogue pages cached by ISR on Vercel', () => {
  const patterns = routeFiles().map(routePatternOf);

  it('names a route pattern as Astro does', () => {
    expect(routePatternOf('src/pages/index.astro')).toBe('/');
    expect(routePatternOf('src/pages/fr/index.astro')).toBe('/fr');
    expect(routePatternOf('src/pages/fr/products/[slug].astro')).toBe('/fr/products/[slug]');
    expect(routePatternOf('src/pages/sitemap.xml.ts')).toBe('/sitemap.xml');
    expect(routePatternOf('src/pages/api/cart/items/[id].ts')).toBe('/api/cart/items/[id]');
  });

  it('lists only routes that exist, product pages in both languages among them', () => {
    for (const route of ISR_ROUTES) expect(patterns).toContain(route);
    expect(ISR_ROUTES).toEqual(expect.arrayContaining(['/products/[slug]', '/fr/products/[slug]']));
  });

  it('excludes every other route of src/pages from ISR, per-user pages and the API first', () => {
    const cached = patterns.filter((pattern) => !ISR_EXCLUDE.test(pattern));
    expect(cached.sort()).toEqual([...ISR_ROUTES].sort());
    for (const pattern of patterns.filter((p) => !isIsrRoute(p))) expect(ISR_EXCLUDE.test(pattern)).toBe(true);
    for (const perUser of ['/cart', '/fr/cart', '/checkout', '/profile', '/admin', '/api/session', '/404', '/search'])
      expect(ISR_EXCLUDE.test(perUser), perUser).toBe(true);
    // Not a prefix match: a longer pattern starting like a catalogue one is excluded too.
    expect(ISR_EXCLUDE.test('/products/[slug]/reviews')).toBe(true);
    expect(ISR_EXCLUDE.test('/categories/[id]')).toBe(true);
    // A RegExp without the g flag: the adapter calls test() once per route.
    expect(ISR_EXCLUDE.flags).toBe('');
  });

  it('gives the adapter the token, no expiry and the exclusion', () => {
    expect(vercelIsrOptions('t'.repeat(32))).toEqual({
      bypassToken: 't'.repeat(32),
      expiration: false,
      exclude: [ISR_EXCLUDE],
    });
    expect(vercelIsrOptions('').bypassToken).toBeUndefined();
  });

  it('switches the catalogue routes to on demand on Vercel only', async () => {
    const setup = (integration: AstroIntegration, component: string) => {
      const route: { component: string; prerender?: boolean } = { component };
      const hook = integration.hooks['astro:route:setup'] as (options: { route: typeof route }) => void;
      hook({ route });
      return route.prerender;
    };
    expect(setup(catalogueOnDemandOnVercel(true), 'src/pages/products/[slug].astro')).toBe(false);
    expect(setup(catalogueOnDemandOnVercel(true), 'src/pages/fr/browse/[...category].astro')).toBe(false);
    expect(setup(catalogueOnDemandOnVercel(true), 'src/pages/about.astro')).toBeUndefined();
    expect(setup(catalogueOnDemandOnVercel(false), 'src/pages/products/[slug].astro')).toBeUndefined();
  });
});

describe('checking a Vercel output for ISR', () => {
  const token = 'x'.repeat(40);
  const isr = (src: string) => ({ src, dest: '/_isr?x_astro_path=$1&x_astro_path_token=abc' });
  const routes = [
    { handle: 'filesystem' },
    { src: '^/cart$', dest: '_render' },
    { src: '^/api/session$', dest: '_render' },
    isr('^(/)$'),
    isr('^(/fr)$'),
    isr('^(/products/([^/]+?))$'),
    isr('^(/fr/products/([^/]+?))$'),
    isr('^(/browse/(.*?))$'),
    { src: '/.*', dest: '_render', status: 404 },
  ];

  it('accepts an output whose ISR function caches catalogue paths only, with the token', () => {
    expect(vercelIsrProblems({ routes }, { bypassToken: token, expiration: false }, token)).toEqual([]);
  });

  it('names what is wrong', () => {
    expect(vercelIsrProblems({ routes }, null, token)).toEqual(['no functions/_isr.prerender-config.json']);
    expect(vercelIsrProblems({ routes }, { expiration: 60 }, token)).toEqual([
      'the ISR function has not the bypass token',
      'the ISR function expires its pages',
    ]);
    const leaky = [routes[0], isr('^(/cart)$'), ...routes.slice(3)];
    expect(vercelIsrProblems({ routes: leaky }, { bypassToken: token, expiration: false }, token)).toEqual([
      '/cart would be cached by ISR',
    ]);
    const noProducts = routes.filter((route) => !route.src?.includes('products'));
    expect(vercelIsrProblems({ routes: noProducts }, { bypassToken: token, expiration: false }, token)).toEqual([
      '/products/a-plant is not served by the ISR function',
      '/fr/products/une-plante is not served by the ISR function',
    ]);
  });
});
