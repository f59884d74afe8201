import { INTL_LOCALE, type Locale } from '../../lib/i18n/index.ts';

/** What crawlers read: the sitemap with both languages of every page, and robots.txt. */

/** One page in both languages. */
export interface SitemapPage {
  paths: Record<Locale, string>;
  /** ISO date or date-time of the last change, when known. */
  lastModified?: string;
}

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
const xml = (value: string) => value.replace(/[&<>"']/g, (char) => XML_ESCAPES[char] ?? char);

/**
 * A sitemap in which every page appears once per language, each entry naming both
 * languages as alternates (and English as x-default), as search engines ask for hreflang.
 */
export function sitemapXml(pages: readonly SitemapPage[], site: URL | string): string {
  const absolute = (path: string) => new URL(path, site).href;
  const entries = pages.flatMap((page) => {
    const alternates = [
      ...(['en', 'fr'] as const).map(
        (locale) =>
          `    <xhtml:link rel="alternate" hreflang="${INTL_LOCALE[locale]}" href="${xml(absolute(page.paths[locale]))}"/>`,
      ),
      `    <xhtml:link rel="alternate" hreflang="x-default" href="${xml(absolute(page.paths.en))}"/>`,
    ].join('\n');
    const lastmod = page.lastModified ? `\n    <lastmod>${xml(page.lastModified.slice(0, 10))}</lastmod>` : '';
    return (['en', 'fr'] as const).map(
      (locale) => `  <url>\n    <loc>${xml(absolute(page.paths[locale]))}</loc>${lastmod}\n${alternates}\n  </url>`,
    );
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...entries,
    '</urlset>',
    '',
  ].join('\n');
}

/** Areas that are personal, transactional or for staff: never crawled, in either language. */
export const PRIVATE_PATHS = ['/api/', '/admin', '/checkout', '/profile', '/lists', '/auth/', '/cart', '/sandbox'];

export function robotsTxt(site: URL | string): string {
  const disallowed = PRIVATE_PATHS.flatMap((path) => (path === '/api/' ? [path] : [path, `/fr${path}`]));
  return [
    'User-agent: *',
    ...disallowed.map((path) => `Disallow: ${path}`),
    'Allow: /',
    '',
    `Sitemap: ${new URL('/sitemap.xml', site).href}`,
    '',
  ].join('\n');
}

/** The facts the home page's structured data names, in the page's language. */
export interface SiteFacts {
  locale: Locale;
  site: URL | string;
  /** the nursery's name in the page's language, and in the other one */
  name: string;
  alternateName: string;
  phone: string;
  email: string;
  foundedYear: number;
  /** "customer service" in the page's language */
  contactType: string;
}

const homeUrl = (locale: Locale, site: URL | string) => new URL(locale === 'fr' ? '/fr' : '/', site).href;
const organizationId = (site: URL | string) => `${new URL('/', site).href}#organization`;

/** schema.org WebSite with its search box: Google's sitelinks search goes to the page's language. */
export function websiteJsonLd(facts: SiteFacts) {
  const search = new URL(facts.locale === 'fr' ? '/fr/search' : '/search', facts.site).href;
  return {
    '@context': 'https://schema.org',
    '@type': 'WebSite',
    '@id': `${homeUrl(facts.locale, facts.site)}#website`,
    name: facts.name,
    alternateName: facts.alternateName,
    url: homeUrl(facts.locale, facts.site),
    inLanguage: INTL_LOCALE[facts.locale],
    publisher: { '@id': organizationId(facts.site) },
    potentialAction: {
      '@type': 'SearchAction',
      target: { '@type': 'EntryPoint', urlTemplate: `${search}?q={search_term_string}` },
      'query-input': 'required name=search_term_string',
    },
  };
}

/** schema.org Organization: the nursery, its logo and the one phone number of SITE. */
export function organizationJsonLd(facts: SiteFacts) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    '@id': organizationId(facts.site),
    name: facts.name,
    alternateName: facts.alternateName,
    url: homeUrl(facts.locale, facts.site),
    logo: new URL('/favicon.svg', facts.site).href,
    foundingDate: String(facts.foundedYear),
    email: facts.email,
    inLanguage: INTL_LOCALE[facts.locale],
    contactPoint: {
      '@type': 'ContactPoint',
      telephone: `+${facts.phone.replace(/^\+/, '')}`,
      email: facts.email,
      contactType: facts.contactType,
      areaServed: 'CA',
      availableLanguage: [INTL_LOCALE.en, INTL_LOCALE.fr],
    },
  };
}
