import { expect, test } from '@playwright/test';
import { type CrawledPage, crawl, fetchPage, onServer, type SitemapEntry, sitemapEntries } from '../support/crawl.ts';

/**
 * Issue 12: a crawl of the built site in both languages. Every sitemap URL answers 200 in
 * its language; every hreflang pair is reciprocal; a returning visitor whose locale cookie
 * names the other language lands, in one redirect, on the page's translation (200); a slug
 * in the wrong language is a 301 to the page.
 */
test.describe('crawl of the built site', () => {
  test.describe.configure({ timeout: 600_000 });

  let base = '';
  let entries: SitemapEntry[] = [];
  let pages = new Map<string, CrawledPage>();
  /** The sitemap names absolute URLs of the configured site: ask this server for their paths. */
  const here = (url: string) => onServer(url, base);
  const pathOf = (url: string) => new URL(url).pathname;
  const localeOf = (url: string) => (/^\/fr(\/|$)/.test(pathOf(url)) ? 'fr' : 'en');

  test.beforeAll(async ({ baseURL }) => {
    base = baseURL ?? '';
    entries = await sitemapEntries(base);
    const crawled = await crawl(entries, (entry) => fetchPage(here(entry.loc)));
    pages = new Map(crawled.map((page) => [pathOf(page.url), page]));
  });

  test('every sitemap URL answers 200, in its language', () => {
    expect(entries.length).toBeGreaterThan(800);
    const failures = [...pages.values()]
      .filter((page) => page.status !== 200 || page.lang !== (localeOf(page.url) === 'fr' ? 'fr-CA' : 'en-CA'))
      .map((page) => `${pathOf(page.url)}: ${page.status} lang=${page.lang}`);
    expect(failures).toEqual([]);
  });

  test('every hreflang pair is reciprocal, with English as x-default, as the sitemap says', () => {
    const failures: string[] = [];
    for (const entry of entries) {
      const path = pathOf(entry.loc);
      const page = pages.get(path);
      const hreflang: CrawledPage['hreflang'] = page?.hreflang ?? {};
      const en = hreflang['en-CA'] && pathOf(hreflang['en-CA']);
      const fr = hreflang['fr-CA'] && pathOf(hreflang['fr-CA']);
      if (!en || !fr) {
        failures.push(`${path}: hreflang en=${en} fr=${fr}`);
        continue;
      }
      if ((localeOf(entry.loc) === 'fr' ? fr : en) !== path)
        failures.push(`${path}: does not name itself (${en}, ${fr})`);
      if (!hreflang['x-default'] || pathOf(hreflang['x-default']) !== en)
        failures.push(`${path}: x-default is not ${en}`);
      const other = pages.get(localeOf(entry.loc) === 'fr' ? en : fr);
      if (!other) {
        failures.push(`${path}: its translation ${localeOf(entry.loc) === 'fr' ? en : fr} is not in the sitemap`);
        continue;
      }
      const back = other.hreflang[localeOf(entry.loc) === 'fr' ? 'fr-CA' : 'en-CA'];
      if (!back || pathOf(back) !== path) failures.push(`${path}: ${pathOf(other.url)} points back to ${back}`);
      for (const lang of ['en-CA', 'fr-CA', 'x-default'] as const) {
        const listed = entry.alternates[lang];
        const named = hreflang[lang];
        if (!listed || !named || pathOf(listed) !== pathOf(named)) {
          failures.push(`${path}: sitemap ${lang}=${listed} but page ${named}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  test("every locale cookie redirect lands on the page's translation, a 200 in the cookie's language", async () => {
    const results = await crawl(entries, async (entry) => {
      const path = pathOf(entry.loc);
      const wanted = localeOf(entry.loc) === 'fr' ? 'en' : 'fr';
      const translation = entry.alternates[wanted === 'fr' ? 'fr-CA' : 'en-CA'] ?? '';
      const cookie = { cookie: `locale=${wanted}` };
      const first = await fetchPage(here(entry.loc), cookie);
      if (first.status !== 302 || !first.location) return `${path}: ${first.status} with locale=${wanted}`;
      if (new URL(first.location).origin !== new URL(base).origin)
        return `${path}: left the site for ${first.location}`;
      if (pathOf(first.location) !== pathOf(translation)) return `${path}: sent to ${pathOf(first.location)}`;
      const landed = await fetchPage(first.location, cookie);
      if (landed.status !== 200) return `${path} → ${pathOf(first.location)}: ${landed.status}`;
      if (landed.lang !== (wanted === 'fr' ? 'fr-CA' : 'en-CA')) return `${path}: landed in ${landed.lang}`;
      return undefined;
    });
    expect(results.filter(Boolean)).toEqual([]);
  });

  test('a slug in the other language is a 301 to the page', async () => {
    // `/fr/browse/trees` → `/fr/browse/arbres`, `/products/{french slug}` → `/products/{english slug}`.
    const swaps = entries.flatMap((entry) => {
      const path = pathOf(entry.loc);
      const en = pathOf(entry.alternates['en-CA'] ?? entry.loc);
      const fr = pathOf(entry.alternates['fr-CA'] ?? entry.loc);
      if (localeOf(entry.loc) !== 'en' || en === '/' || `/fr${en}` === fr) return [];
      return [
        { from: `/fr${en}`, to: fr },
        { from: fr.replace(/^\/fr/, ''), to: path },
      ];
    });
    expect(swaps.length).toBeGreaterThan(800);
    const results = await crawl(swaps, async ({ from, to }) => {
      const answer = await fetchPage(new URL(from, base).href);
      if (answer.status !== 301 || !answer.location || pathOf(answer.location) !== to) {
        return `${from}: ${answer.status} ${answer.location ?? ''} (expected 301 ${to})`;
      }
      return undefined;
    });
    expect(results.filter(Boolean)).toEqual([]);
  });
});
