/**
 * The admin catalogue's costs (issue 11):
 *
 *   node bench/catalog-admin.bench.ts [--products 400,5000] [--skip-photo] [--skip-publish]
 *
 * 1. Processing one 5 MB photo (a 4000×3000 JPEG of noise, just under 5 MB, made with sharp):
 *    the upload's checks and the six web variants, in a child process that reports its time
 *    and its peak resident memory above what it held before (median of 3 runs).
 * 2. Publishing after editing one product, at each catalog size: a scratch DATA_DIR is seeded
 *    (`scripts/seed-scale.ts`), one product is saved through `saveProduct`, and the real
 *    `LocalPublisher` writes the snapshot, runs `astro build --outDir` and swaps the build in.
 *    Prints the publish's duration as its site_builds row records it.
 * 3. Pages served during a build: the real Node server serves the published build's product
 *    pages to 8 concurrent clients for 8 s before a publish and then while one runs; prints
 *    requests per second and errors for each.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

const root = join(import.meta.dirname, '..');
const { values } = parseArgs({
  options: {
    products: { type: 'string', default: '400,5000' },
    'skip-photo': { type: 'boolean', default: false },
    'skip-publish': { type: 'boolean', default: false },
    'photo-child': { type: 'string' },
  },
});

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

// ── 1. one 5 MB photo ──────────────────────────────────────────────────────────────────────
if (values['photo-child']) {
  // Child: process the file once, report time and peak memory.
  const { readFileSync } = await import('node:fs');
  const { processImage } = await import('../src/features/media/process.server.ts');
  const bytes = new Uint8Array(readFileSync(values['photo-child']));
  const before = process.memoryUsage().rss;
  const started = performance.now();
  const result = await processImage(bytes);
  const ms = performance.now() - started;
  const peak = process.resourceUsage().maxRSS * 1024;
  console.log(
    JSON.stringify({
      ms,
      peakAboveStart: peak - before,
      peak,
      variants: result.variants.length,
      out: result.variants.reduce((n, v) => n + v.body.length, 0),
    }),
  );
  process.exit(0);
}

async function photoBench(): Promise<void> {
  const sharp = (await import('sharp')).default;
  const { MAX_IMAGE_BYTES } = await import('../src/features/media/media.ts');
  let quality = 90;
  let photo: Buffer;
  for (;;) {
    photo = await sharp({
      create: {
        width: 4000,
        height: 3000,
        channels: 3,
        background: '#808080',
        noise: { type: 'gaussian', mean: 128, sigma: 40 },
      },
    })
      .jpeg({ quality })
      .toBuffer();
    if (photo.length <= MAX_IMAGE_BYTES) break;
    quality -= 4;
  }
  const dir = mkdtempSync(join(tmpdir(), 'nursery-photo-'));
  const file = join(dir, 'photo.jpg');
  writeFileSync(file, photo);
  const runs: { ms: number; peakAboveStart: number; peak: number; variants: number; out: number }[] = [];
  for (let i = 0; i < 3; i++) {
    const child = spawnSync(
      process.execPath,
      [join(import.meta.dirname, 'catalog-admin.bench.ts'), '--photo-child', file],
      {
        cwd: root,
        encoding: 'utf8',
      },
    );
    if (child.status !== 0) throw new Error(child.stderr);
    runs.push(JSON.parse(child.stdout.trim().split('\n').at(-1) ?? '{}'));
  }
  rmSync(dir, { recursive: true, force: true });
  runs.sort((a, b) => a.ms - b.ms);
  const median = runs[1] ?? runs[0];
  if (!median) return;
  console.log('\n1. One 5 MB photo (4000×3000 JPEG, quality %d, %s bytes)', quality, photo.length.toLocaleString('en'));
  console.log(`   time: median ${median.ms.toFixed(0)} ms (runs: ${runs.map((r) => r.ms.toFixed(0)).join(', ')} ms)`);
  console.log(`   peak memory: ${mb(median.peak)} resident, ${mb(median.peakAboveStart)} above the process at rest`);
  console.log(`   output: ${median.variants} variants, ${(median.out / 1024).toFixed(0)} KB in all`);
}

// ── 2 and 3. publishing ───────────────────────────────────────────────────────────────────
async function publishBench(products: number, measureServing: boolean): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), `nursery-publish-${products}-`));
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

  const handle = await openDatabase({ engine: 'pglite', dataDir });
  const db = handle.db;
  const admin = await db.selectFrom('users').select('id').where('role', '=', 'admin').executeTakeFirstOrThrow();
  const { NO_PAGE_TRANSLATIONS } = await import('../src/features/translations/page-translations.ts');
  const site = siteHolder({
    clientDir: join(dataDir, 'none'),
    redirects: new Map(),
    translations: NO_PAGE_TRANSLATIONS,
    buildId: null,
  });
  const publisher = new LocalPublisher({ dataDir, site, build: astroSiteBuilder(root) });
  const count = await db.selectFrom('products').select(db.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();

  const edit = async (label: string) => {
    const product = await loadProductForEdit(db, 1);
    if (!product) throw new Error('no product 1');
    const input = ProductEditSchema(productMessages('en')).parse({ ...product.values, name_fr: `Érable ${label}` });
    await saveProduct(db, 1, input, admin.id);
  };
  const publish = async () => {
    const row = await publisher.request({ db, userId: admin.id });
    await publisher.idle();
    const build = (await publishStatus(db)).builds.find((b) => b.id === row);
    if (build?.state !== 'succeeded') throw new Error(`publish failed: ${build?.error}`);
    return build.durationMs ?? 0;
  };

  // A first publish makes the site the server serves; the measured one follows an edit.
  await edit('first');
  const first = await publish();
  await edit('second');
  const second = await publish();
  console.log(`\n2. Publish after editing one product, ${Number(count.n).toLocaleString('en')} products`);
  console.log(`   ${(second / 1000).toFixed(1)} s (a first publish on the same data: ${(first / 1000).toFixed(1)} s)`);

  if (measureServing) {
    const slugs = (
      await db.selectFrom('products').select('slug_en').where('is_published', '=', true).limit(200).execute()
    ).map((r) => r.slug_en);
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
    const load = async (seconds: number, until?: Promise<unknown>) => {
      let ok = 0;
      let errors = 0;
      let stop = false;
      const deadline = performance.now() + seconds * 1000;
      until?.then(() => {
        stop = true;
      });
      const started = performance.now();
      await Promise.all(
        Array.from({ length: 8 }, async (_, worker) => {
          let n = worker;
          while (!stop && performance.now() < deadline) {
            n += 8;
            try {
              const response = await fetch(`${base}/products/${slugs[n % slugs.length]}`, {
                headers: { 'accept-encoding': 'br' },
              });
              await response.arrayBuffer();
              if (response.status === 200) ok += 1;
              else errors += 1;
            } catch {
              errors += 1;
            }
          }
        }),
      );
      const elapsed = (performance.now() - started) / 1000;
      return { rps: ok / elapsed, errors, ok, elapsed };
    };
    await load(2); // warm: pages compressed once, then served from disk
    const before = await load(8);
    await edit('third');
    const row = publisher.request({ db, userId: admin.id });
    await row;
    const during = await load(600, publisher.idle());
    console.log(
      `\n3. Product pages served by the Node server, 8 concurrent clients, ${Number(count.n).toLocaleString('en')} products`,
    );
    console.log(
      `   before a build: ${before.rps.toFixed(0)} req/s, ${before.errors} errors (${before.ok} pages in ${before.elapsed.toFixed(1)} s)`,
    );
    console.log(
      `   during a build: ${during.rps.toFixed(0)} req/s, ${during.errors} errors (${during.ok} pages in ${during.elapsed.toFixed(1)} s, the whole build)`,
    );
    await new Promise((resolve) => server.close(resolve));
  }
  await handle.close();
  rmSync(dataDir, { recursive: true, force: true });
}

if (!values['skip-photo']) await photoBench();
if (!values['skip-publish']) {
  const sizes = (values.products ?? '').split(',').map(Number);
  for (const [index, products] of sizes.entries()) await publishBench(products, index === 0);
}
