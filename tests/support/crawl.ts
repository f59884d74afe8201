/**
 * Crawling the built site over HTTP, for end-to-end checks that walk every page of the
 * sitemap (tests/e2e/crawl.spec.ts; reusable by any spec that needs every page's HTML).
 * Plain `fetch` with redirects left unfollowed, so a test sees each answer as it is.
 */

export type Hreflang = 'en-CA' | 'fr-CA' | 'x-default';

/** One `<url>` of sitemap.xml: the page and the alternates it names. */
export interface SitemapEntry {
  loc: string;
  alternates: Partial<Record<Hreflang, string>>;
}

/** A page as the server answered it. */
export interface CrawledPage {
  url: string;
  status: number;
  /** The `Location` of a redirect, resolved against the page's URL. */
  location: string | null;
  html: string;
  /** `<html lang>` */
  lang: string | null;
  canonical: string | null;
  /** `<link rel="alternate" hreflang>` of the page's head. */
  hreflang: Partial<Record<Hreflang, string>>;
}

const decode = (value: string) =>
  value
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** Every `<url>` of a sitemap document. */
export function parseSitemap(xml: string): SitemapEntry[] {
  return [...xml.matchAll(/<url>([\s\S]*?)<\/url>/g)].map(([, body = '']) => {
    const loc = decode(/<loc>([^<]+)<\/loc>/.exec(body)?.[1] ?? '');
    const alternates: SitemapEntry['alternates'] = {};
    for (const [, lang, href] of body.matchAll(/<xhtml:link rel="alternate" hreflang="([^"]+)" href="([^"]+)"\/>/g)) {
      alternates[lang as Hreflang] = decode(href ?? '');
    }
    return { loc, alternates };
  });
}

/** The sitemap of a running site. */
export async function sitemapEntries(base: string): Promise<SitemapEntry[]> {
  const response = await fetch(new URL('/sitemap.xml', base));
  if (!response.ok) throw new Error(`GET /sitemap.xml answered ${response.status}`);
  return parseSitemap(await response.text());
}

/** Attributes of the first tag matching `pattern` (a regex source for the whole tag). */
function attributes(tag: string): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [, name = '', value = ''] of tag.matchAll(/([a-zA-Z-:]+)="([^"]*)"/g)) result[name] = decode(value);
  return result;
}

/** The language, canonical URL and hreflang alternates named in a page's HTML. */
export function pageHead(html: string): Pick<CrawledPage, 'lang' | 'canonical' | 'hreflang'> {
  const htmlTag = /<html\b[^>]*>/i.exec(html)?.[0];
  const links = [...html.matchAll(/<link\b[^>]*>/gi)].map(([tag]) => attributes(tag));
  const hreflang: CrawledPage['hreflang'] = {};
  for (const link of links) {
    if (link.rel === 'alternate' && link.hreflang && link.href) hreflang[link.hreflang as Hreflang] = link.href;
  }
  return {
    lang: htmlTag ? (attributes(htmlTag).lang ?? null) : null,
    canonical: links.find((link) => link.rel === 'canonical')?.href ?? null,
    hreflang,
  };
}

/**
 * One GET, redirects not followed, asking for the encodings a browser asks for: the Node
 * server keeps the first compression a page is asked for, and fetch alone asks for gzip.
 */
export async function fetchPage(url: string, headers: Record<string, string> = {}): Promise<CrawledPage> {
  const response = await fetch(url, { redirect: 'manual', headers: { 'accept-encoding': 'br, gzip', ...headers } });
  const location = response.headers.get('location');
  const isHtml = (response.headers.get('content-type') ?? '').includes('text/html');
  if (!isHtml) await response.body?.cancel();
  const html = isHtml ? await response.text() : '';
  return {
    url,
    status: response.status,
    location: location === null ? null : new URL(location, url).href,
    html,
    ...pageHead(html),
  };
}

/**
 * Runs `work` over `items`, at most `concurrency` at a time (the server and the machine are
 * shared: 8 is plenty), and returns the results in the items' order.
 */
export async function crawl<T, R>(items: readonly T[], work: (item: T) => Promise<R>, concurrency = 8): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
  return results;
}

/** A sitemap URL (absolute, on the configured site) on the server being crawled. */
export function onServer(url: string, base: string): string {
  const parsed = new URL(url);
  return new URL(`${parsed.pathname}${parsed.search}`, base).href;
}

/** Every page of the sitemap, fetched once from `base` (no cookie). */
export async function crawlSitemap(base: string, concurrency = 8): Promise<CrawledPage[]> {
  const entries = await sitemapEntries(base);
  return crawl(entries, (entry) => fetchPage(onServer(entry.loc, base)), concurrency);
}
