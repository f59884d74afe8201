import { describe, expect, it } from 'vitest';
import { pageHead, parseSitemap } from '../../../tests/support/crawl.ts';
import { sitemapXml } from './seo.ts';

/** The crawl helper of the end-to-end suite reads what this feature writes. */
describe('the crawl helper', () => {
  it('reads every URL of the sitemap with its alternates', () => {
    const xml = sitemapXml(
      [{ paths: { en: '/browse/trees', fr: '/fr/browse/arbres' }, lastModified: '2026-11-20T00:00:00Z' }],
      'https://shop.example',
    );
    expect(parseSitemap(xml)).toEqual(
      ['https://shop.example/browse/trees', 'https://shop.example/fr/browse/arbres'].map((loc) => ({
        loc,
        alternates: {
          'en-CA': 'https://shop.example/browse/trees',
          'fr-CA': 'https://shop.example/fr/browse/arbres',
          'x-default': 'https://shop.example/browse/trees',
        },
      })),
    );
  });

  it("reads a page's language, canonical URL and hreflang links", () => {
    const html = `<!doctype html><html lang="fr-CA"><head>
      <link rel="canonical" href="https://shop.example/fr/browse/arbres">
      <link rel="alternate" hreflang="en-CA" href="https://shop.example/browse/trees">
      <link rel="alternate" hreflang="fr-CA" href="https://shop.example/fr/browse/arbres">
      <link rel="alternate" hreflang="x-default" href="https://shop.example/browse/trees?a=1&amp;b=2">
      <link rel="icon" href="/favicon.svg"></head><body></body></html>`;
    expect(pageHead(html)).toEqual({
      lang: 'fr-CA',
      canonical: 'https://shop.example/fr/browse/arbres',
      hreflang: {
        'en-CA': 'https://shop.example/browse/trees',
        'fr-CA': 'https://shop.example/fr/browse/arbres',
        'x-default': 'https://shop.example/browse/trees?a=1&b=2',
      },
    });
  });
});
