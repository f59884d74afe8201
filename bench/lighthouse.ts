// Lighthouse (mobile, default config) on the home, a category and a product page in both
// languages, median of 3 runs each, against a running server. Prints a table; asserts nothing.
//
//   npm run build && npm start            (or any running build)
//   node bench/lighthouse.ts [--url http://127.0.0.1:4321] [--runs 3]
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, findChromium } from '../tests/support/chromium.ts';

const args = new Map<string, string>();
for (let i = 2; i < process.argv.length; i += 2) args.set(process.argv[i] ?? '', process.argv[i + 1] ?? '');
const base = args.get('--url') ?? 'http://127.0.0.1:4321';
const runs = Number(args.get('--runs') ?? 3);
const dataDir = process.env.DATA_DIR ?? join(import.meta.dirname, '../.data');

interface Snapshot {
  categories: { path_en: string; path_fr: string; parentId: number | null }[];
  products: { slug_en: string; slug_fr: string }[];
}
const snapshot = JSON.parse(readFileSync(join(dataDir, 'catalog.json'), 'utf8')) as Snapshot;
const category = snapshot.categories.find((c) => c.parentId === null);
const product = snapshot.products[0];
const pages = [
  ['home', '/', '/fr'],
  ...(category ? [['category', `/browse/${category.path_en}`, `/fr/browse/${category.path_fr}`]] : []),
  ...(product ? [['product', `/products/${product.slug_en}`, `/fr/products/${product.slug_fr}`]] : []),
] as const;

const chromePath = findChromium();
if (!chromePath) throw new Error('No Chromium: install Debian chromium or set CHROMIUM_PATH');
const chrome = await launch({ chromePath, chromeFlags: ['--headless=new', ...CHROMIUM_ARGS] });

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

console.log(`Lighthouse ${runs}× mobile, median — ${base}`);
console.log('page              perf  a11y  best  seo   CLS     LCP ms  TBT ms');
try {
  for (const [name, en, fr] of pages) {
    for (const [locale, path] of [
      ['en', en],
      ['fr', fr],
    ] as const) {
      const results: {
        perf: number;
        a11y: number;
        best: number;
        seo: number;
        cls: number;
        lcp: number;
        tbt: number;
      }[] = [];
      for (let run = 0; run < runs; run++) {
        const result = await lighthouse(`${base}${path}`, { port: chrome.port, output: 'json', logLevel: 'error' });
        const lhr = result?.lhr;
        if (!lhr) throw new Error(`Lighthouse returned nothing for ${path}`);
        const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
        results.push({
          perf: score('performance'),
          a11y: score('accessibility'),
          best: score('best-practices'),
          seo: score('seo'),
          cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? Number.NaN,
          lcp: lhr.audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
          tbt: lhr.audits['total-blocking-time']?.numericValue ?? Number.NaN,
        });
      }
      const m = (key: keyof (typeof results)[number]) => median(results.map((r) => r[key]));
      console.log(
        `${`${name} (${locale})`.padEnd(17)} ${String(m('perf')).padStart(4)}  ${String(m('a11y')).padStart(4)}  ${String(m('best')).padStart(4)}  ${String(m('seo')).padStart(4)}  ${m('cls').toFixed(3).padStart(6)}  ${Math.round(m('lcp')).toString().padStart(6)}  ${Math.round(m('tbt')).toString().padStart(6)}`,
      );
    }
  }
} finally {
  chrome.kill();
}
