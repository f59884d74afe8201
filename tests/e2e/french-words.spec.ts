import { type APIRequestContext, expect, test } from '@playwright/test';
import { resources } from '../../src/lib/i18n/index.ts';
import { typographyIssues } from '../../src/lib/i18n/typography.ts';
import { englishPhrases } from '../support/english-text.ts';
import { type ReadPage, readPages, type SitemapEntry, sitemapEntries } from '../support/sitemap-pages.ts';

/**
 * Every page of the sitemap, read over HTTP: French pages show no English word from the list
 * of those found so far, in their visible text, JSON-LD or embedded data; every page names
 * its language in its JSON-LD and the hreflang pairs the sitemap names.
 */

type Words = [label: string, pattern: RegExp][];

/** English words found on French pages so far (issue 12). « pot » and « Roses » are French too. */
const ENGLISH_WORDS: Words = [
  ['sales yard', /\bsales[ -]yards?\b/i],
  ['Add to cart / list', /\bAdd to (cart|list)\b/i],
  [
    'category names',
    /\b(Trees|Shrubs|Evergreens|Perennials|Groundcovers|Ornamental Grasses|Vines|Broadleaf Evergreens)\b/,
  ],
  ['stock labels', /\b(In stock|Out of stock|Low stock|Limited stock)\b/i],
  ['account words', /\b(Sign in|Sign up|Sign out|My account)\b/i],
  ['wish list', /\bwish ?lists?\b/i],
  ['quote request', /\b(quote request|Request a quote)\b/i],
  ['exposure', /\b(Full sun|Part sun|Part shade|Full shade)\b/i],
  ['hardiness', /\bHardiness\b/i],
];

/** Size words: formatted per locale by another change (the seed's size labels). */
const SIZE_WORDS: Words = [
  ['cm pot', /\b\d+\s?cm pot\b/i],
  ['WB (wire basket)', /\bWB\b/],
  ['B&B (balled and burlapped)', /\bB&B\b/],
  ['caliper', /\bcaliper\b/i],
];

/** English colour names, in data and JSON-LD (« orange », « rose », « violet » are French too). */
const COLOUR_WORDS: Words = [
  ['colour names', /\b(Red|Yellow|White|Green|Pink|Purple|Blue|Burgundy|Silver|Gold|Cream|Lavender|Brown|Grey|Gray)\b/],
];

/**
 * While true, the size words are expected on French pages: the merger sets it to false once
 * the seed change that writes sizes per locale is in.
 */
const SIZES_PENDING = false;

/** Cultivar names are proper names, English or not: 'Green Mountain', "Autumn Magic". */
const withoutCultivars = (text: string) => text.replace(/['‘][A-Z][^'’\n]{0,40}['’]/g, ' ');

const jsonStrings = (value: unknown): string[] =>
  typeof value === 'string'
    ? [value]
    : Array.isArray(value)
      ? value.flatMap(jsonStrings)
      : value && typeof value === 'object'
        ? Object.entries(value)
            // Botanical names are Latin; URLs and identifiers are not prose.
            .filter(
              ([key]) =>
                ![
                  'alternateName',
                  '@context',
                  '@type',
                  '@id',
                  'url',
                  'item',
                  'image',
                  'logo',
                  'availability',
                  'itemCondition',
                ].includes(key),
            )
            .flatMap(([, inner]) => jsonStrings(inner))
        : [];

function findWords(pages: ReadPage[], words: Words, where: (page: ReadPage) => string[]): string[] {
  return pages.flatMap((page) =>
    where(page).flatMap((text) => {
      const plain = withoutCultivars(text);
      return words.flatMap(([label, pattern]) => {
        const match = pattern.exec(plain);
        return match
          ? [`${page.path}: ${label} « ${plain.slice(Math.max(0, match.index - 30), match.index + 40)} »`]
          : [];
      });
    }),
  );
}

const visible = (page: ReadPage) => [page.text];
const jsonLd = (page: ReadPage) => page.jsonLd.flatMap(jsonStrings);

/** Values under the given keys, anywhere in a JSON value. */
const valuesUnder = (value: unknown, keys: string[], inside = false): string[] =>
  typeof value === 'string'
    ? inside
      ? [value]
      : []
    : Array.isArray(value)
      ? value.flatMap((item) => valuesUnder(item, keys, inside))
      : value && typeof value === 'object'
        ? Object.entries(value).flatMap(([key, inner]) => valuesUnder(inner, keys, inside || keys.includes(key)))
        : [];

/**
 * Where a colour is data, not prose: JSON-LD `color`, and the browse page's data except the
 * plants' names, botanical names and photo captions (proper names such as 'Emerald 'n' Gold',
 * « Chicagoland Green » or « Carex de Gray » stay as they are).
 */
const colourData = (page: ReadPage) => [
  ...page.jsonLd.flatMap((block) => valuesUnder(block, ['color'])),
  ...(page.path.startsWith('/fr/browse/')
    ? page.jsonData.flatMap((raw) => {
        const data = JSON.parse(raw) as { items?: Record<string, unknown>[] };
        const items = (data.items ?? []).map(({ n: _name, b: _botanical, m: _photo, ...rest }) => rest);
        return jsonStrings({ ...data, items });
      })
    : []),
];

/** The sitemap and every page in it, read once for the whole file. */
let site: Promise<{ entries: SitemapEntry[]; pages: ReadPage[] }> | undefined;
function readSite(request: APIRequestContext) {
  site ??= (async () => {
    const entries = await sitemapEntries(request);
    return {
      entries,
      pages: await readPages(
        request,
        entries.map((entry) => entry.path),
      ),
    };
  })();
  return site;
}
const french = (pages: ReadPage[]) => pages.filter((page) => page.path === '/fr' || page.path.startsWith('/fr/'));

test.describe('French pages and structured data, over the whole sitemap', () => {
  test.describe.configure({ timeout: 300_000 });

  test('the sitemap is read whole and every page answers', async ({ request }) => {
    const { entries, pages } = await readSite(request);
    expect(entries.length).toBeGreaterThan(100);
    expect(french(pages).length).toBe(entries.length / 2);
    expect(pages.filter((page) => page.status !== 200).map((page) => `${page.path} ${page.status}`)).toEqual([]);
  });

  test('no French page shows an English word from the list', async ({ request }) => {
    const pages = french((await readSite(request)).pages);
    expect(findWords(pages, ENGLISH_WORDS, visible)).toEqual([]);
    expect(findWords(pages, ENGLISH_WORDS, jsonLd)).toEqual([]);
    // And no English interface sentence of the public pages' namespaces.
    // (A phrase that is also French, such as « Administration », does not count.)
    const frenchText = JSON.stringify(resources.fr);
    const phrases = englishPhrases(['common', 'catalog', 'home', 'content', 'search', 'seo']).filter(
      (phrase) => !frenchText.includes(phrase),
    );
    const shown = pages.flatMap((page) =>
      phrases.filter((phrase) => page.text.includes(phrase)).map((phrase) => `${page.path}: « ${phrase} »`),
    );
    expect(shown).toEqual([]);
  });

  test('no French page carries an English colour name in its JSON-LD or browse data', async ({ request }) => {
    const pages = french((await readSite(request)).pages);
    expect(pages.some((page) => page.path.startsWith('/fr/browse/') && page.jsonData.length > 0)).toBe(true);
    expect(findWords(pages, COLOUR_WORDS, colourData)).toEqual([]);
  });

  test('no French page shows an English size word', async ({ request }) => {
    test.fixme(SIZES_PENDING, 'sizes are written per locale by the seed change; set SIZES_PENDING to false with it');
    const pages = french((await readSite(request)).pages);
    expect(findWords(pages, SIZE_WORDS, visible)).toEqual([]);
    expect(findWords(pages, SIZE_WORDS, jsonLd)).toEqual([]);
  });

  test('French pages show French typography: no-break spaces before : ; ! ? and inside « »', async ({ request }) => {
    const pages = french((await readSite(request)).pages);
    const faults = pages.flatMap((page) =>
      typographyIssues(page.text).map((issue) => `${page.path}: ${issue.rule} « ${issue.at} »`),
    );
    expect(faults).toEqual([]);
  });

  test('every JSON-LD block names the page’s language', async ({ request }) => {
    const { pages } = await readSite(request);
    const faults = pages.flatMap((page) =>
      page.jsonLd
        .filter((block) => (block as { inLanguage?: string }).inLanguage !== page.lang)
        .map(
          (block) =>
            `${page.path} (${page.lang}): ${(block as { '@type'?: string })['@type']} inLanguage ${(block as { inLanguage?: string }).inLanguage}`,
        ),
    );
    expect(faults).toEqual([]);
    expect(pages.filter((page) => page.jsonLd.length > 0).length).toBeGreaterThan(pages.length / 2);
  });

  test('every page links the hreflang pair and x-default its sitemap entry names', async ({ request }) => {
    const { entries, pages } = await readSite(request);
    const byPath = new Map(pages.map((page) => [page.path, page]));
    const faults = entries.flatMap((entry) => {
      const page = byPath.get(entry.path);
      const expected = entry.alternates;
      const problems: string[] = [];
      if (Object.keys(expected).sort().join() !== 'en-CA,fr-CA,x-default')
        problems.push(`sitemap names ${Object.keys(expected)}`);
      if (expected['x-default'] !== expected['en-CA']) problems.push('x-default is not the English page');
      if (![expected['en-CA'], expected['fr-CA']].includes(entry.path))
        problems.push('is not one of its own alternates');
      if (
        JSON.stringify(page?.alternates, Object.keys(expected).sort()) !==
        JSON.stringify(expected, Object.keys(expected).sort())
      ) {
        problems.push(`page links ${JSON.stringify(page?.alternates)}, sitemap ${JSON.stringify(expected)}`);
      }
      // The pair is mutual: the other language's entry names the same two pages.
      const other = entries.find(
        (candidate) =>
          candidate.path !== entry.path &&
          candidate.path === (entry.path === expected['en-CA'] ? expected['fr-CA'] : expected['en-CA']),
      );
      if (!other) problems.push('the other language is not in the sitemap');
      else if (other.alternates['en-CA'] !== expected['en-CA'] || other.alternates['fr-CA'] !== expected['fr-CA'])
        problems.push('the pair is not mutual');
      return problems.map((problem) => `${entry.path}: ${problem}`);
    });
    expect(faults).toEqual([]);
  });

  test('the home pages carry WebSite with a search box in their language, and Organization', async ({ request }) => {
    const { pages } = await readSite(request);
    for (const [path, lang, search] of [
      ['/', 'en-CA', '/search?q='],
      ['/fr', 'fr-CA', '/fr/search?q='],
    ] as const) {
      const home = pages.find((page) => page.path === path);
      const blocks = (home?.jsonLd ?? []) as Record<string, unknown>[];
      const website = blocks.find((block) => block['@type'] === 'WebSite') as
        | { inLanguage: string; potentialAction: { '@type': string; target: { urlTemplate: string } } }
        | undefined;
      expect(website?.inLanguage, path).toBe(lang);
      expect(website?.potentialAction['@type']).toBe('SearchAction');
      expect(`${new URL(website?.potentialAction.target.urlTemplate ?? '').pathname}?q=`).toBe(search);
      const organization = blocks.find((block) => block['@type'] === 'Organization') as
        | { logo: string; contactPoint: { telephone: string } }
        | undefined;
      expect(organization?.logo).toMatch(/^https?:\/\//);
      expect(organization?.contactPoint.telephone).toMatch(/^\+1-\d{3}-\d{3}-\d{4}$/);
    }
  });
});
