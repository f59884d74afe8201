/**
 * Edit to live (issue 23): how long a product edit takes to be served, at several catalogue
 * sizes, with the full build's time beside it in the same run.
 *
 *   node bench/publish.bench.ts [--products 400,5000,20000]
 *
 * Per size: a scratch DATA_DIR is seeded (`scripts/seed-scale.ts`); the real LocalPublisher
 * runs a first, full publish (snapshot, `astro build` in the render worker, precompression)
 * and the real Node server (src/server/serve.ts) serves that build. Then, while autocannon
 * asks for product and category pages with 8 connections (the edited product's among them):
 *   - a price change, saved through `saveProduct`, then published;
 *   - a photo change (a new first picture: the row an upload leaves; the upload's own cost is
 *     in catalog-admin.bench.ts), then published;
 *   - ten edits in a row, each asking for a publish as the admin does.
 * "Edit to live" runs from the save to the first answer of the product page (en and fr)
 * that carries the change, polled every 20 ms. Prints the publishes' kinds and durations,
 * requests per second and errors during the publishes, and peak memory of the server
 * process and of the render worker.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { sql } from 'kysely';

const root = join(import.meta.dirname, '..');
const { values } = parseArgs({ options: { products: { type: 'string', default: '400,5000' } } });
const mb = (kb: number) => `${(kb / 1024).toFixed(0)} MB`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** Peak and current resident memory of a process, from /proc (kB). */
function memoryOf(pid: number): { peak: number; now: number } | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const read = (key: string) => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
    return { peak: read('VmHWM'), now: read('VmRSS') };
  } catch {
    return null;
  }
}

async function bench(products: number): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), `nursery-edit-live-${products}-`));
  const seeded = spawnSync(process.execPath, ['scripts/seed-scale.ts', '--products', String(products)], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, APP_ENV: 'test' },
    encoding: 'utf8',
  });
  if (seeded.status !== 0) throw new Error(`seed-scale failed: ${seeded.stderr.slice(-2000)}`);
  process.env.DATA_DIR = dataDir;
  process.env.APP_ENV = 'test';
  const { openDatabase } = await import('../src/lib/db/connect.server.ts');
  const { loadProductForEdit, saveProduct } = await import('../src/features/catalog-admin/catalog-admin.server.ts');
  const { ProductEditSchema } = await import('../src/features/catalog-admin/catalog-admin.ts');
  const { productMessages } = await import('../src/features/catalog-admin/api.server.ts');
  const { LocalPublisher, astroSiteBuilder } = await import('../src/features/publishing/local-publisher.server.ts');
  const { publishStatus } = await import('../src/features/publishing/publishing.server.ts');
  const { siteHolder } = await import('../src/features/publishing/site.server.ts');
  const { startServer } = await import('../src/server/serve.ts');
  const { NO_PAGE_TRANSLATIONS } = await import('../src/features/translations/page-translations.ts');

  const handle = await openDatabase({ engine: 'pglite', dataDir });
  const db = handle.db;
  const admin = await db.selectFrom('users').select('id').where('role', '=', 'admin').executeTakeFirstOrThrow();
  const site = siteHolder({
    clientDir: join(dataDir, 'none'),
    redirects: new Map(),
    translations: NO_PAGE_TRANSLATIONS,
    buildId: null,
  });
  let workerPid: number | undefined;
  const builder = astroSiteBuilder(root);
  const publisher = new LocalPublisher({
    dataDir,
    site,
    build: async (outDir) => {
      const renderer = await builder(outDir);
      workerPid = renderer?.pid;
      return renderer;
    },
  });
  const count = Number(
    (await db.selectFrom('products').select(db.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n,
  );

  // The first publish: a full build, timed as the site_builds row records it.
  const firstRow = await publisher.request({ db, userId: admin.id });
  await publisher.idle();
  const first = (await publishStatus(db)).builds.find((b) => b.id === firstRow);
  if (first?.state !== 'succeeded') throw new Error(`full build failed: ${first?.error}`);

  const server: Server = await startServer({
    host: '127.0.0.1',
    port: 0,
    clientDir: () => site.current().clientDir,
    redirects: () => site.current().redirects,
    maintenance: false,
    handler: (_req, res) => {
      res.writeHead(404);
      res.end();
    },
  });
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  const base = `http://127.0.0.1:${address.port}`;

  const product = await db
    .selectFrom('products')
    .select(['id', 'slug_en', 'slug_fr'])
    .where('is_published', '=', true)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const others = await db
    .selectFrom('products')
    .select('slug_en')
    .where('is_published', '=', true)
    .orderBy('id', 'desc')
    .limit(200)
    .execute();
  const paths = [
    `/products/${product.slug_en}`,
    `/fr/products/${product.slug_fr}`,
    ...others.map((row) => `/products/${row.slug_en}`),
  ];

  const editAndPublish = async (change: (input: Record<string, unknown>) => Record<string, unknown>) => {
    const loaded = await loadProductForEdit(db, product.id);
    if (!loaded) throw new Error('no product');
    const input = ProductEditSchema(productMessages('en')).parse(change({ ...loaded.values }));
    await saveProduct(db, product.id, input, admin.id);
    return publisher.request({ db, userId: admin.id });
  };
  let pollFailures = 0;
  const liveWhen = async (expectEn: string, expectFr: string, started: number) => {
    for (;;) {
      if (performance.now() - started > 600_000) throw new Error(`Not live after 10 min: ${expectEn} / ${expectFr}`);
      const [en, fr] = await Promise.all(
        [paths[0], paths[1]].map(async (path) => {
          try {
            const response = await fetch(`${base}${path}`);
            if (response.status !== 200) pollFailures += 1;
            return await response.text();
          } catch {
            pollFailures += 1;
            return '';
          }
        }),
      );
      if (en.includes(expectEn) && fr.includes(expectFr)) return performance.now() - started;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };

  // Load during everything below: product pages, the edited one among them.
  let sequence = 0;
  const statuses = new Map<number, number>();
  const load = autocannon(
    {
      url: base,
      connections: 8,
      duration: 3600,
      requests: [
        {
          method: 'GET',
          setupRequest: (request) => ({
            ...request,
            path: paths[sequence++ % paths.length] ?? '/',
            headers: { 'accept-encoding': 'br' },
          }),
        },
      ],
    },
    () => undefined,
  );
  load.on('response', (_client, status) => statuses.set(status, (statuses.get(status) ?? 0) + 1));
  let loadErrors = 0;
  load.on('reqError', () => {
    loadErrors += 1;
  });
  const loadStarted = performance.now();
  await new Promise((resolve) => setTimeout(resolve, 2000));

  // A price change.
  const priceStarted = performance.now();
  const priceRow = await editAndPublish((values) => ({
    ...values,
    variants: (values.variants as Record<string, unknown>[]).map((variant, index) =>
      index === 0 ? { ...variant, listPrice: '2345.67', tradePrice: '2000.00' } : variant,
    ),
  }));
  const priceLive = await liveWhen('2,345.67', '2\u00a0345,67', priceStarted);
  await publisher.idle();

  // A photo change: a new first picture.
  const photoStarted = performance.now();
  await db
    .updateTable('product_images')
    .set({ position: sql`position + 1` })
    .where('product_id', '=', product.id)
    .execute();
  await db
    .insertInto('product_images')
    .values({
      product_id: product.id,
      position: 0,
      storage_key: `products/${product.id}/bench-${Date.now()}.jpg`,
      width: 1600,
      height: 1200,
      alt_en: 'Bench photo in bloom',
      alt_fr: 'Photo de banc en fleurs',
    })
    .execute();
  const photoRow = await publisher.request({ db, userId: admin.id });
  const photoLive = await liveWhen('Bench photo in bloom', 'Photo de banc en fleurs', photoStarted);
  await publisher.idle();

  // Ten edits in a row, each asking for a publish.
  const burstStarted = performance.now();
  const burstRows = new Set<number>();
  for (let i = 1; i <= 10; i++)
    burstRows.add(
      await editAndPublish((values) => ({ ...values, name_en: `Edited plant ${i}`, name_fr: `Plante éditée ${i}` })),
    );
  const burstLive = await liveWhen('Edited plant 10', 'Plante éditée 10', burstStarted);
  await publisher.idle();

  load.stop();
  const loadSeconds = (performance.now() - loadStarted) / 1000;
  const ok = statuses.get(200) ?? 0;
  const failed = [...statuses].filter(([status]) => status !== 200).reduce((n, [, c]) => n + c, 0) + loadErrors;

  const rows = (await db.selectFrom('site_builds').selectAll().orderBy('id').execute()).filter(
    (row) => row.id > firstRow,
  );
  const summarize = (id: number) => {
    const row = rows.find((r) => r.id === id);
    const ms = row?.started_at && row.finished_at ? row.finished_at.getTime() - row.started_at.getTime() : 0;
    return `${row?.kind ?? '?'} ${row?.state}, ${seconds(ms)}${row?.pages ? `, ${row.pages} pages` : ''}`;
  };
  const server_ = memoryOf(process.pid);
  const worker = workerPid ? memoryOf(workerPid) : null;

  console.log(`\n${count.toLocaleString('en')} products`);
  console.log(`   full build (first publish): ${seconds(first.durationMs ?? 0)}`);
  console.log(`   price change: live in ${seconds(priceLive)} (publish: ${summarize(priceRow)})`);
  console.log(`   photo change: live in ${seconds(photoLive)} (publish: ${summarize(photoRow)})`);
  console.log(
    `   ten edits in a row: the last live in ${seconds(burstLive)}; ${burstRows.size} publish rows for 10 requests (${[...burstRows].map(summarize).join('; ')})`,
  );
  console.log(
    `   load during the edits: ${(ok / loadSeconds).toFixed(0)} req/s, ${failed} failed of ${ok + failed} (8 connections, ${loadSeconds.toFixed(1)} s); the edit-to-live polls: ${pollFailures} failed`,
  );
  console.log(
    `   memory: server process peak ${server_ ? mb(server_.peak) : '?'}; render worker peak ${worker ? mb(worker.peak) : '?'} (the build), ${worker ? mb(worker.now) : '?'} resident after the edits`,
  );

  publisher.close();
  await new Promise((resolve) => server.close(resolve));
  await handle.close();
  rmSync(dataDir, { recursive: true, force: true });
}

for (const size of (values.products ?? '').split(',').map(Number)) await bench(size);
process.exit(0);
