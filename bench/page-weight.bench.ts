/**
 * Page weight as a browser sees it: the built server is started on a temporary database, each
 * page is opened in Chromium, and every script response in the 5 s after `load` is counted,
 * gzipped here (level 9) whatever the server sent, plus the page's inline scripts. Prints each
 * page's scripts by size and its total against the budget of issue 13:
 * home ≤ 10 KB, category ≤ 15 KB, product ≤ 75 KB, cart and checkout ≤ 90 KB.
 *
 *   npm run build && node bench/page-weight.bench.ts [--port 4392] [--keep-data]
 *
 * The cart holds two lines (added through the API in the page's own browser context); the
 * checkout is measured signed in as the demo customer with a non-empty cart, so its form
 * shows. "product, first use" is the product page after a click on its quantity field: what
 * a shopper who starts buying has loaded (no budget: shown for the record). The HTML column
 * is the page's own document, gzip (the product page's target is ≤ 25 KB).
 */
import type { ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { gunzipSync, gzipSync } from 'node:zlib';
import { type Browser, type BrowserContext, chromium, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from '../tests/support/chromium.ts';
import { startBuiltServer, stopServer } from './server-process.ts';

const root = join(import.meta.dirname, '..');
const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '4392' },
    'keep-data': { type: 'boolean', default: false },
  },
});
const port = Number(values.port);
const base = `http://127.0.0.1:${port}`;
const SAME_ORIGIN = { origin: base };
const WINDOW_MS = 5000;

if (!existsSync(join(root, 'dist/server/entry.mjs'))) {
  console.error('No build in dist/: run `npm run build` first.');
  process.exit(1);
}

const gzipSize = (bytes: Buffer | string) => gzipSync(bytes, { level: 9 }).length;
const kb = (bytes: number) => (bytes / 1024).toFixed(1);

interface Measured {
  label: string;
  budgetKb: number | null;
  total: number;
  inline: number;
  scripts: [string, number][];
  /** The page's HTML, gzip. */
  html: number;
}

async function addToCart(context: BrowserContext, lines: { variantId: number; quantity: number }[]) {
  for (const line of lines) {
    const response = await context.request.post(`${base}/api/cart/items`, { headers: SAME_ORIGIN, data: line });
    if (!response.ok()) throw new Error(`POST /api/cart/items answered ${response.status()}`);
  }
}

async function signIn(context: BrowserContext, email: string, password: string) {
  const response = await context.request.post(`${base}/api/auth/sign-in`, {
    headers: SAME_ORIGIN,
    data: { email, password },
  });
  if (!response.ok()) throw new Error(`sign-in answered ${response.status()}`);
}

/** The body as the browser got it, uncompressed (Playwright hands it decoded already). */
function plain(body: Buffer): Buffer {
  return body[0] === 0x1f && body[1] === 0x8b ? gunzipSync(body) : body;
}

/**
 * Opens `path` in a new page of `context` and counts every script fetched until 5 s after
 * `load`; `then` (optional) acts on the page after load, and the 5 s count from its end.
 */
async function measure(
  context: BrowserContext,
  label: string,
  path: string,
  budgetKb: number | null,
  then?: (page: Page) => Promise<void>,
): Promise<Measured> {
  const page = await context.newPage();
  const scripts = new Map<string, number>();
  const reading: Promise<void>[] = [];
  let html = 0;
  page.on('response', (response) => {
    const type = response.request().resourceType();
    if (type === 'document' && response.url() === `${base}${path}`) {
      reading.push(
        response.body().then((body) => {
          html = gzipSize(plain(body));
        }),
      );
    }
    if (type !== 'script') return;
    reading.push(
      response.body().then(
        (body) => {
          scripts.set(new URL(response.url()).pathname, gzipSize(plain(body)));
        },
        () => undefined,
      ),
    );
  });
  const response = await page.goto(`${base}${path}`, { waitUntil: 'load' });
  if (!response?.ok()) throw new Error(`${path} answered ${response?.status()}`);
  if (then) await then(page);
  await page.waitForTimeout(WINDOW_MS);
  await Promise.all(reading);
  const inlineText = await page.evaluate(() =>
    [...document.querySelectorAll('script:not([src])')]
      .filter((script) => !/json/.test(script.getAttribute('type') ?? ''))
      .map((script) => script.textContent ?? '')
      .join('\n'),
  );
  await page.close();
  const inline = inlineText ? gzipSize(inlineText) : 0;
  const list = [...scripts].sort((a, b) => b[1] - a[1]);
  const total = list.reduce((sum, [, size]) => sum + size, 0) + inline;
  return { label, budgetKb, total, inline, scripts: list, html };
}

const dataDir = await mkdtemp(join(tmpdir(), 'nursery-page-weight-'));
let server: ChildProcess | undefined;
let browser: Browser | undefined;
const results: Measured[] = [];
try {
  console.log(`Starting the built server on ${base} (DATA_DIR ${dataDir}; a new database is seeded first)…`);
  server = await startBuiltServer({ port, env: { DATA_DIR: dataDir } });
  browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS });
  // Each page in a context of its own: an empty HTTP cache, as a first visit.
  const fresh = () => (browser as Browser).newContext({ baseURL: base });
  const pages: [string, string, number | null][] = [
    ['home (en)', '/', 10],
    ['home (fr)', '/fr', 10],
    ['category (en)', '/browse/trees', 15],
    ['category (fr)', '/fr/browse/arbres', 15],
    ['product (en)', '/products/sugar-maple', 75],
    ['product (fr)', '/fr/products/erable-a-sucre', 75],
    ['search (en)', '/search?q=maple', null],
  ];
  for (const [label, path, budget] of pages) {
    const context = await fresh();
    results.push(await measure(context, label, path, budget));
    await context.close();
  }
  {
    const context = await fresh();
    results.push(
      await measure(context, 'product, first use', '/products/sugar-maple', null, async (page) => {
        const field = page.locator('input[inputmode="numeric"], input[type="number"]').first();
        await field.click();
      }),
    );
    await context.close();
  }
  for (const [label, path] of [
    ['cart (en)', '/cart'],
    ['cart (fr)', '/fr/cart'],
  ] as const) {
    const context = await fresh();
    await addToCart(context, [
      { variantId: 1, quantity: 2 },
      { variantId: 2, quantity: 1 },
    ]);
    results.push(await measure(context, label, path, 90));
    await context.close();
  }
  for (const [label, path] of [
    ['checkout (en)', '/checkout'],
    ['checkout (fr)', '/fr/checkout'],
  ] as const) {
    const context = await fresh();
    await signIn(context, 'customer@example.com', 'Customer-pass-2026');
    await addToCart(context, [{ variantId: 3, quantity: 1 }]);
    results.push(await measure(context, label, path, 90));
    await context.close();
  }
} finally {
  await browser?.close();
  if (server) await stopServer(server);
  if (!values['keep-data']) await rm(dataDir, { recursive: true, force: true });
}

console.log(`\nEvery script fetched in the ${WINDOW_MS / 1000} s after load, gzip level 9 (KB):`);
for (const row of results) {
  console.log(`\n${row.label}`);
  for (const [url, size] of row.scripts) console.log(`  ${kb(size).padStart(7)}  ${url}`);
  if (row.inline) console.log(`  ${kb(row.inline).padStart(7)}  (inline scripts)`);
}
console.log('\npage                   JS gzip KB   budget  HTML gzip KB   JS bytes');
for (const row of results) {
  const over = row.budgetKb !== null && row.total / 1024 > row.budgetKb;
  console.log(
    [
      row.label.padEnd(20),
      kb(row.total).padStart(12),
      (row.budgetKb === null ? '—' : `≤ ${row.budgetKb}`).padStart(8),
      kb(row.html).padStart(13),
      String(row.total).padStart(10),
      over ? '  OVER' : '',
    ].join(' '),
  );
}
