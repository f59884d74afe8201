import type { Locale } from '../../lib/i18n/index.ts';

/** What crawlers read: the sitemap with both languages of every page, and robots.txt. */

export const HREFLANG: Record<Locale, string> = { en: 'en-CA', fr: 'fr-CA' };

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
          `    <xhtml:link rel="alternate" hreflang="${HREFLANG[locale]}" href="${xml(absolute(page.paths[locale]))}"/>`,
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
