import type { APIRequestContext } from '@playwright/test';

/**
 * A small crawler over the built site, starting from its sitemap: each URL with the
 * alternates the sitemap names, and each page read into what a visitor and a crawler see
 * (visible text, JSON-LD, embedded JSON data, hreflang links). HTTP only, no browser: the
 * pages are static, and hundreds of them are read in seconds.
 */

export interface SitemapEntry {
  /** the page's path, e.g. `/fr/products/erable-a-sucre` */
  path: string;
  /** hreflang (`en-CA`, `fr-CA`, `x-default`) → path */
  alternates: Record<string, string>;
}

export interface ReadPage {
  path: string;
  status: number;
  lang: string | undefined;
  /** the text a visitor sees, one line per block: no scripts, styles, tags or attributes; entities decoded */
  text: string;
  /** every `application/ld+json` block, parsed */
  jsonLd: unknown[];
  /** every `application/json` script block, as its raw text */
  jsonData: string[];
  /** the page's `<link rel="alternate" hreflang>` links: hreflang → path */
  alternates: Record<string, string>;
}

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  '#39': "'",
};

function decode(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+\d*);/gi, (match, name: string) => {
    if (name.startsWith('#x') || name.startsWith('#X')) return String.fromCodePoint(Number.parseInt(name.slice(2), 16));
    if (name.startsWith('#') && name !== '#39') return String.fromCodePoint(Number(name.slice(1)));
    return ENTITIES[name.toLowerCase()] ?? match;
  });
}

const pathOf = (url: string) => {
  const { pathname, search } = new URL(url);
  return `${pathname}${search}`;
};

export async function sitemapEntries(request: APIRequestContext): Promise<SitemapEntry[]> {
  const xml = await (await request.get('/sitemap.xml')).text();
  return [...xml.matchAll(/<url>([\s\S]*?)<\/url>/g)].map(([, body = '']) => ({
    path: pathOf(decode(/<loc>([^<]+)<\/loc>/.exec(body)?.[1] ?? '')),
    alternates: Object.fromEntries(
      [...body.matchAll(/<xhtml:link rel="alternate" hreflang="([^"]+)" href="([^"]+)"\/>/g)].map(
        ([, lang = '', href = '']) => [lang, pathOf(decode(href))],
      ),
    ),
  }));
}

export function readHtml(path: string, status: number, html: string): ReadPage {
  const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
  const ofType = (type: string) =>
    scripts.filter(([, attributes = '']) => attributes.includes(`type="${type}"`)).map(([, , body = '']) => body);
  const body = /<body\b[^>]*>([\s\S]*)<\/body>/i.exec(html)?.[1] ?? html;
  // Inline elements join their text; any other element ends a line. Only ordinary white space
  // is folded: the no-break spaces of French typography are part of the text.
  const text = decode(
    body
      .replace(/<(script|style|template|noscript)\b[\s\S]*?<\/\1>/gi, '\n')
      .replace(/<!--[\s\S]*?-->/g, '')
      .replace(/<\/?(a|abbr|b|bdi|code|data|em|i|kbd|mark|q|s|small|span|strong|sub|sup|time|u)\b[^>]*>/gi, '')
      .replace(/<[^>]+>/g, '\n'),
  )
    .replace(/[ \t\r]+/g, ' ')
    .replace(/ ?\n[ \n]*/g, '\n')
    .trim();
  const links = [...html.matchAll(/<link\b[^>]*>/gi)].map(([tag]) => tag);
  const alternates = Object.fromEntries(
    links
      .filter((tag) => /rel="alternate"/.test(tag) && /hreflang="/.test(tag))
      .map((tag) => [/hreflang="([^"]+)"/.exec(tag)?.[1] ?? '', pathOf(decode(/href="([^"]+)"/.exec(tag)?.[1] ?? ''))]),
  );
  return {
    path,
    status,
    lang: /<html\b[^>]*\blang="([^"]+)"/i.exec(html)?.[1],
    text,
    jsonLd: ofType('application/ld+json').map((block) => JSON.parse(block) as unknown),
    jsonData: ofType('application/json'),
    alternates,
  };
}

export async function readPage(request: APIRequestContext, path: string): Promise<ReadPage> {
  const response = await request.get(path);
  return readHtml(path, response.status(), await response.text());
}

/** Reads the pages a few at a time (the server is shared with the rest of the suite). */
export async function readPages(request: APIRequestContext, paths: string[], parallel = 4): Promise<ReadPage[]> {
  const pages: ReadPage[] = [];
  for (let index = 0; index < paths.length; index += parallel) {
    pages.push(...(await Promise.all(paths.slice(index, index + parallel).map((path) => readPage(request, path)))));
  }
  return pages;
}
