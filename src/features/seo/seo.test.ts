import { describe, expect, it } from 'vitest';
import { organizationJsonLd, robotsTxt, type SiteFacts, sitemapXml, websiteJsonLd } from './seo.ts';

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

describe('home page structured data', () => {
  const facts = (locale: 'en' | 'fr'): SiteFacts => ({
    locale,
    site: 'https://shop.example.ca',
    name: locale === 'fr' ? 'Pépinières Northfield' : 'Northfield Nurseries',
    alternateName: locale === 'fr' ? 'Northfield Nurseries' : 'Pépinières Northfield',
    phone: '1-800-555-0123',
    email: 'info@example.ca',
    foundedYear: 1921,
    contactType: locale === 'fr' ? 'service à la clientèle' : 'customer service',
  });

  it('names the site in its language, with a search box that searches in that language', () => {
    expect(websiteJsonLd(facts('fr'))).toMatchObject({
      '@type': 'WebSite',
      name: 'Pépinières Northfield',
      url: 'https://shop.example.ca/fr',
      inLanguage: 'fr-CA',
      potentialAction: {
        '@type': 'SearchAction',
        target: { urlTemplate: 'https://shop.example.ca/fr/search?q={search_term_string}' },
        'query-input': 'required name=search_term_string',
      },
    });
    expect(websiteJsonLd(facts('en'))).toMatchObject({
      url: 'https://shop.example.ca/',
      inLanguage: 'en-CA',
      potentialAction: { target: { urlTemplate: 'https://shop.example.ca/search?q={search_term_string}' } },
    });
  });

  it('describes the nursery with its logo and phone, one organization for both languages', () => {
    const fr = organizationJsonLd(facts('fr'));
    expect(fr).toMatchObject({
      '@type': 'Organization',
      '@id': 'https://shop.example.ca/#organization',
      name: 'Pépinières Northfield',
      logo: 'https://shop.example.ca/favicon.svg',
      inLanguage: 'fr-CA',
      contactPoint: { telephone: '+1-800-555-0123', contactType: 'service à la clientèle' },
    });
    expect(organizationJsonLd(facts('en'))['@id']).toBe(fr['@id']);
    expect(websiteJsonLd(facts('fr')).publisher).toEqual({ '@id': fr['@id'] });
  });
});
