import { describe, expect, it } from 'vitest';
import { robotsTxt, sitemapXml } from './seo.ts';

describe('sitemapXml', () => {
  const xml = sitemapXml(
    [
      { paths: { en: '/', fr: '/fr' } },
      {
        paths: { en: '/products/sugar-maple', fr: '/fr/products/erable-a-sucre' },
        lastModified: '2026-11-01T12:00:00Z',
      },
    ],
    'https://shop.example.ca',
  );

  it('lists every page once per language', () => {
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    expect(locs).toEqual([
      'https://shop.example.ca/',
      'https://shop.example.ca/fr',
      'https://shop.example.ca/products/sugar-maple',
      'https://shop.example.ca/fr/products/erable-a-sucre',
    ]);
  });

  it('names both languages and the default as alternates of each entry', () => {
    const entry = xml.split('<url>')[4] ?? '';
    expect(entry).toContain('hreflang="en-CA" href="https://shop.example.ca/products/sugar-maple"');
    expect(entry).toContain('hreflang="fr-CA" href="https://shop.example.ca/fr/products/erable-a-sucre"');
    expect(entry).toContain('hreflang="x-default" href="https://shop.example.ca/products/sugar-maple"');
    expect(entry).toContain('<lastmod>2026-11-01</lastmod>');
  });

  it('is well-formed XML with the xhtml namespace', () => {
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect(xml).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
    expect(xml.match(/<url>/g)).toHaveLength(4);
    expect(xml.match(/<\/url>/g)).toHaveLength(4);
  });
});

describe('robotsTxt', () => {
  it('keeps crawlers out of private areas in both languages and points to the sitemap', () => {
    const robots = robotsTxt('https://shop.example.ca');
    for (const path of ['/api/', '/admin', '/checkout', '/profile', '/lists', '/auth/', '/cart', '/sandbox']) {
      expect(robots).toContain(`Disallow: ${path}\n`);
    }
    expect(robots).toContain('Disallow: /fr/checkout\n');
    expect(robots).toContain('Disallow: /fr/sandbox\n');
    expect(robots).toContain('Sitemap: https://shop.example.ca/sitemap.xml');
    expect(robots).not.toContain('Disallow: /\n');
  });
});
