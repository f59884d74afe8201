/**
 * Page weight of the built catalog: the JavaScript a browser loads on the home, category
 * and product pages (gzip), whether React loads at all, and the product page's HTML (gzip).
 * Pages rendered on demand (the cart) have no file in the build: they are measured in a
 * real browser against a running server, counting every script fetched in the 5 s after load.
 *
 *   node bench/page-weight.bench.ts [distClientDir] [--url http://127.0.0.1:4321]
 *
 * Reads the Node build in dist/client (run `npm run build` first). "Loads" means every
 * module the page's scripts and islands import statically, island components included
 * (client:idle and client:visible load during the visit); chunks fetched only on a click
 * (the availability slide-over, the picture viewer) are listed apart.
 *
 * With --url (a running server with the demo data, e.g. `npm start`), the pages rendered on
 * demand for a signed-in shopper are measured in Chromium too: every script the browser
 * fetches in the 5 s after load, gzip level 9, plus inline scripts. The demo customer signs in
 * and gets one plant in the cart, so the checkout shows its form. Target ≤ 90 KB.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from '../tests/support/chromium.ts';

const urlFlag = process.argv.indexOf('--url');
const serverUrl = urlFlag > 0 ? (process.argv[urlFlag + 1] ?? '') : 'http://127.0.0.1:4321';
const positional = process.argv
  .slice(2)
  .filter((_, index, all) => all[index - 1] !== '--url' && all[index] !== '--url');
const root = positional[0] ?? join(import.meta.dirname, '../dist/client');
if (!existsSync(join(root, 'index.html'))) {
  console.error(`No build in ${root}: run \`npm run build\` first.`);
  process.exit(1);
}

const TARGETS_KB = { home: 30, category: 40, product: 90 } as const;
const PRODUCT_HTML_TARGET_KB = 25;

const gzipSize = (bytes: Buffer | string) => gzipSync(bytes, { level: 9 }).length;
const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const read = (url: string) => readFileSync(join(root, url.replace(/^\//, '')));

function pageFile(path: string): string {
  return join(root, path.replace(/^\//, ''), 'index.html');
}

/** Module URLs the HTML starts: module scripts and island components and renderers. */
function entryModules(html: string): string[] {
  const urls = new Set<string>();
  for (const match of html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g)) urls.add(match[1] as string);
  for (const match of html.matchAll(/(?:component-url|renderer-url)="([^"]+)"/g)) urls.add(match[1] as string);
  return [...urls].filter((url) => url.startsWith('/_astro/'));
}

/** Static imports of a module (`import … from "./x.js"`, `import "./x.js"`), not `import()`. */
function staticImports(url: string): string[] {
  const code = read(url).toString('utf8');
  const found = new Set<string>();
  for (const match of code.matchAll(
    /(?:^|[;\s}])(?:import|export)\s*(?:[\w*{}\s,$]+from\s*)?["'`](\.{1,2}\/[^"'`]+)["'`]/g,
  )) {
    found.add(posix.join(posix.dirname(url), match[1] as string));
  }
  return [...found];
}

function dynamicImports(url: string): string[] {
  const code = read(url).toString('utf8');
  return [...code.matchAll(/import\(\s*["'`](\.{1,2}\/[^"'`]+)["'`]\s*\)/g)].map((match) =>
    posix.join(posix.dirname(url), match[1] as string),
  );
}

function closure(entries: string[]): Set<string> {
  const seen = new Set<string>();
  const queue = [...entries];
  for (let url = queue.pop(); url; url = queue.pop()) {
    if (seen.has(url)) continue;
    seen.add(url);
    queue.push(...staticImports(url));
  }
  return seen;
}

function inlineScripts(html: string): number {
  let total = '';
  for (const match of html.matchAll(
    /<script(?![^>]*\bsrc=)(?![^>]*type="application\/(?:ld\+)?json")[^>]*>([\s\S]*?)<\/script>/g,
  )) {
    total += match[1];
  }
  return total.length ? gzipSize(total) : 0;
}

function measure(label: string, path: string) {
  const html = readFileSync(pageFile(path), 'utf8');
  const loaded = closure(entryModules(html));
  const onDemand = new Set<string>();
  for (const url of loaded)
    for (const lazy of dynamicImports(url)) for (const dep of closure([lazy])) onDemand.add(dep);
  for (const url of loaded) onDemand.delete(url);
  const sum = (urls: Iterable<string>) => [...urls].reduce((total, url) => total + gzipSize(read(url)), 0);
  const modules = sum(loaded);
  const inline = inlineScripts(html);
  // React DOM's production build links its errors to react.dev.
  const react = [...loaded].some((url) => read(url).includes('react.dev/errors'));
  return {
    label,
    path,
    jsGzip: modules + inline,
    modules: loaded.size,
    react,
    onDemandGzip: sum(onDemand),
    htmlGzip: gzipSize(html),
  };
}

const rows = [
  measure('home (en)', '/'),
  measure('home (fr)', '/fr'),
  measure('category (en)', '/browse/trees'),
  measure('category (fr)', '/fr/browse/arbres'),
  measure('product (en)', '/products/sugar-maple'),
  measure('product (fr)', '/fr/products/erable-a-sucre'),
];

console.log('page                 JS gzip KB  target  modules  React at load    later KB  HTML gzip KB');
for (const row of rows) {
  const kind = row.label.split(' ')[0] as keyof typeof TARGETS_KB;
  const target = TARGETS_KB[kind];
  console.log(
    [
      row.label.padEnd(20),
      kb(row.jsGzip).padStart(10),
      `≤ ${target}`.padStart(7),
      String(row.modules).padStart(8),
      (row.react ? 'yes' : 'no').padStart(14),
      kb(row.onDemandGzip).padStart(12),
      kb(row.htmlGzip).padStart(13),
      row.jsGzip / 1024 > target ? '  OVER' : '',
    ].join(' '),
  );
}
console.log(
  '(later: chunks loaded only on demand: the availability slide-over and picture viewer on click, PostHog at idle when an analytics key is set)',
);
const product = rows.filter((row) => row.label.startsWith('product'));
const worstHtml = Math.max(...product.map((row) => row.htmlGzip));
console.log(
  `product page HTML: ${kb(worstHtml)} KB gzip (target ≤ ${PRODUCT_HTML_TARGET_KB} KB)${worstHtml / 1024 > PRODUCT_HTML_TARGET_KB ? ' OVER' : ''}`,
);

// On-demand pages, in a real browser: every script response in the 5 s after `load`, gzip.
const ON_DEMAND_TARGETS_KB = { cart: 90 } as const;
const ON_DEMAND_PAGES = [
  ['cart (en)', '/cart'],
  ['cart (fr)', '/fr/cart'],
] as const;

async function measureInBrowser(path: string) {
  const browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage();
    const scripts = new Map<string, number>();
    const reading: Promise<void>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      reading.push(
        response.body().then((body) => {
          scripts.set(new URL(response.url()).pathname, gzipSize(body));
        }),
      );
    });
    const response = await page.goto(`${serverUrl}${path}`, { waitUntil: 'load' });
    if (!response?.ok()) throw new Error(`${path} answered ${response?.status()}`);
    await page.waitForTimeout(5000);
    await Promise.all(reading);
    const inline = await page.evaluate(() =>
      [...document.querySelectorAll('script:not([src])')]
        .filter((script) => !/json/.test(script.getAttribute('type') ?? ''))
        .map((script) => script.textContent ?? '')
        .join(''),
    );
    const inlineGzip = inline ? gzipSize(inline) : 0;
    const total = [...scripts.values()].reduce((sum, size) => sum + size, 0) + inlineGzip;
    return { total, scripts: [...scripts].sort((a, b) => b[1] - a[1]) };
  } finally {
    await browser.close();
  }
}

const reachable = await fetch(`${serverUrl}/api/app_settings`).then(
  (response) => response.ok,
  () => false,
);
if (!reachable) {
  console.log(`on-demand pages (cart): not measured, no server at ${serverUrl} (start one, or pass --url)`);
} else {
  console.log(`\non-demand pages at ${serverUrl}, in Chromium: every script fetched in the 5 s after load`);
  for (const [label, path] of ON_DEMAND_PAGES) {
    const { total, scripts } = await measureInBrowser(path);
    const target = ON_DEMAND_TARGETS_KB[label.split(' ')[0] as keyof typeof ON_DEMAND_TARGETS_KB];
    console.log(
      `${label.padEnd(20)} ${kb(total).padStart(10)} ${`≤ ${target}`.padStart(7)}${total / 1024 > target ? '  OVER' : ''}`,
    );
    for (const [url, size] of scripts) console.log(`    ${kb(size).padStart(6)}  ${url}`);
  }
}
