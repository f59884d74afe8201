import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../tests/factories/accounts.ts';
import { createProduct } from '../../../tests/factories/catalog.ts';
import { ENGINES } from '../../../tests/support/databases.ts';
import { useTestDatabase } from '../../../tests/support/suite-database.ts';
import { startServer } from '../../server/serve.ts';
import { NO_PAGE_TRANSLATIONS } from '../translations/page-translations.ts';
import { PRECOMPRESS_MAX_BYTES } from './apply-pages.server.ts';
import { LocalPublisher, type SiteBuilder, type SiteRenderer, sitesDirectory } from './local-publisher.server.ts';
import { ABANDONED_BUILD, deployHookPublisher, publishStatus, registerPublisher } from './publishing.server.ts';
import { outputFileFor } from './render-worker.ts';
import { siteHolder } from './site.server.ts';

/** A site as a build leaves it: a page saying which build it is, and the manifest. */
async function writeSite(outDir: string, label: string): Promise<void> {
  await mkdir(join(outDir, 'client/builds'), { recursive: true });
  await writeFile(join(outDir, 'client/index.html'), `<p>${label}</p>`);
  await writeFile(
    join(outDir, 'client/builds/latest.json'),
    JSON.stringify({ id: `id-${label}`, timestamp: Date.now() }),
  );
  await writeFile(
    join(outDir, 'redirects.json'),
    JSON.stringify({ redirects: [{ fromPath: `/old-${label}`, toLocation: '/', status: 301 }] }),
  );
}

/** A build that waits for `release()`; `started` resolves once the publisher has called it. */
function gatedBuild(label: (n: number) => string) {
  let release!: () => void;
  let markStarted!: () => void;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const started = new Promise<void>((resolve) => {
    markStarted = resolve;
  });
  let calls = 0;
  const build: SiteBuilder = async (outDir) => {
    calls += 1;
    const n = calls;
    if (n === 1) {
      markStarted();
      await gate;
    }
    await writeSite(outDir, label(n));
  };
  return { build, started, release, calls: () => calls };
}

describe.each(ENGINES)('publishing on %s', (engine) => {
  const suiteDb = useTestDatabase(engine);
  const db = suiteDb;
  let dataDir: string;
  let server: Server;
  let base: string;
  let userId: string;
  const site = siteHolder({
    clientDir: '/nonexistent',
    redirects: new Map(),
    translations: NO_PAGE_TRANSLATIONS,
    buildId: null,
  });
  let build: SiteBuilder = async () => {};
  let publisher: LocalPublisher;

  beforeAll(async () => {
    userId = (await createUser(db(), { role: 'admin' })).id;
    dataDir = await mkdtemp(join(tmpdir(), 'nursery-publish-'));
    await writeSite(join(dataDir, 'first'), 'first');
    site.swap({
      clientDir: join(dataDir, 'first/client'),
      redirects: new Map(),
      translations: NO_PAGE_TRANSLATIONS,
      buildId: 'id-first',
    });
    publisher = new LocalPublisher({ dataDir, site, build: (outDir) => build(outDir) });
    server = await startServer({
      host: '127.0.0.1',
      port: 0,
      clientDir: () => site.current().clientDir,
      redirects: () => site.current().redirects,
      maintenance: false,
      handler: (_req, res) => {
        res.writeHead(404);
        res.end('not found');
      },
    });
    const address = server.address();
    if (!address || typeof address === 'string') throw new Error('no address');
    base = `http://127.0.0.1:${address.port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
    await rm(dataDir, { recursive: true, force: true });
  });
  const page = async () => (await fetch(`${base}/`, { headers: { 'accept-encoding': 'identity' } })).text();

  it('builds in the background into a new directory and swaps it in when done', async () => {
    const gated = gatedBuild(() => 'second');
    build = gated.build;
    const row = await publisher.request({ db: db(), userId });
    await gated.started;
    const release = gated.release;
    // The old site serves while the build runs.
    expect(await page()).toBe('<p>first</p>');
    expect((await publishStatus(db())).builds[0]).toMatchObject({ id: row, state: 'running' });
    release();
    await publisher.idle();
    expect(await page()).toBe('<p>second</p>');
    const latest = await (await fetch(`${base}/builds/latest.json`)).json();
    expect(latest).toMatchObject({ id: 'id-second' });
    // The new build's redirects apply with it.
    const redirect = await fetch(`${base}/old-second`, { redirect: 'manual' });
    expect(redirect.status).toBe(301);
    const status = await publishStatus(db());
    expect(status.builds[0]).toMatchObject({ id: row, state: 'succeeded', buildId: 'id-second', error: null });
    expect(status.builds[0]?.durationMs).toBeGreaterThanOrEqual(0);
    // The snapshot the build read was written first.
    expect(existsSync(join(dataDir, 'catalog.json'))).toBe(true);
  });

  it('leaves the site serving the previous build when a build fails, and says why', async () => {
    build = async (outDir) => {
      await writeFile(join(outDir, 'half-written.html'), 'x');
      throw new Error('astro build exited with 1:\nProductPage.astro: Cannot read properties of undefined');
    };
    const row = await publisher.request({ db: db(), userId });
    await publisher.idle();
    expect(await page()).toBe('<p>second</p>');
    expect((await (await fetch(`${base}/builds/latest.json`)).json()).id).toBe('id-second');
    const failed = (await publishStatus(db())).builds.find((b) => b.id === row);
    expect(failed).toMatchObject({ state: 'failed' });
    expect(failed?.error).toContain('Cannot read properties of undefined');
    // The failed build's directory is gone; the serving one stays.
    const dirs = await readdir(sitesDirectory(dataDir));
    expect(dirs.some((dir) => dir.endsWith(`-${row}`))).toBe(false);
  });

  it('queues exactly one more build for any number of changes made during a build', async () => {
    const gated = gatedBuild((n) => `queued-${n}`);
    build = gated.build;
    const first = await publisher.request({ db: db(), userId });
    await gated.started;
    const second = await publisher.request({ db: db(), userId });
    const third = await publisher.request({ db: db(), userId });
    const fourth = await publisher.request({ db: db(), userId });
    expect(new Set([second, third, fourth]).size).toBe(1);
    expect(second).not.toBe(first);
    expect((await publishStatus(db())).builds[0]).toMatchObject({ id: second, state: 'queued' });
    gated.release();
    await publisher.idle();
    expect(gated.calls()).toBe(2);
    expect(await page()).toBe('<p>queued-2</p>');
    // Old build directories do not pile up: the serving one and the one before it.
    expect(
      (await readdir(sitesDirectory(dataDir), { withFileTypes: true })).filter((e) => e.isDirectory()).length,
    ).toBeLessThanOrEqual(2);
  });

  it('marks builds a stopped server left running or queued as failed, never the live ones', async () => {
    const stale = await db()
      .insertInto('site_builds')
      .values({ target: 'local', state: 'running', requested_by: userId, started_at: new Date() })
      .returning('id')
      .executeTakeFirstOrThrow();
    const gated = gatedBuild(() => 'after-restart');
    build = gated.build;
    registerPublisher(publisher);
    try {
      const live = await publisher.request({ db: db(), userId });
      await gated.started;
      const status = await publishStatus(db());
      expect(status.mode).toBe('local');
      expect(status.builds.find((b) => b.id === stale.id)).toMatchObject({ state: 'failed', error: ABANDONED_BUILD });
      expect(status.builds.find((b) => b.id === live)).toMatchObject({ state: 'running' });
      gated.release();
      await publisher.idle();
    } finally {
      registerPublisher(null);
    }
  });

  it('publishes an edit incrementally: the touched pages compressed again, the manifest last; coalesced; a failure falls back to a full build', async () => {
    const db = suiteDb();
    const product = await createProduct(db);
    const renders: { paths: string[]; pageBuildId: string }[] = [];
    let failure: Error | null = null;
    let gate: Promise<void> | null = null;
    const renderer: SiteRenderer = {
      async render(request) {
        renders.push(request);
        if (gate) await gate;
        if (failure) throw failure;
        const files = request.paths.map((path) => ({
          path,
          file: outputFileFor(path, !path.endsWith('.xml')),
          // Long enough to be kept compressed; the sitemap past what a publish compresses itself.
          body: new TextEncoder().encode(
            `<p>${path} ${request.pageBuildId}</p>${' '.repeat(path === '/sitemap.xml' ? PRECOMPRESS_MAX_BYTES : 2000)}`,
          ),
        }));
        return { files };
      },
      close() {},
    };
    let fullBuilds = 0;
    build = async (outDir) => {
      fullBuilds += 1;
      await writeSite(outDir, `full-${fullBuilds}`);
      return renderer;
    };
    const publish = async () => {
      const row = await publisher.request({ db, userId });
      await publisher.idle();
      return (await publishStatus(db)).builds.find((b) => b.id === row);
    };
    expect(await publish()).toMatchObject({ state: 'succeeded', kind: 'full', buildId: 'id-full-1' });

    await db
      .updateTable('variants')
      .set({ list_price_cents: 777, trade_price_cents: 700 })
      .where('product_id', '=', product.id)
      .execute();
    const incremental = await publish();
    expect(incremental).toMatchObject({ state: 'succeeded', kind: 'incremental', buildId: 'id-full-1.1' });
    const paths = renders.at(-1)?.paths ?? [];
    expect(paths).toContain('/sitemap.xml');
    expect(incremental?.pages).toBe(paths.length);
    const productPath = paths.find((path) => path.startsWith('/products/'));
    const frenchPath = paths.find((path) => path.startsWith('/fr/products/'));
    expect(productPath && frenchPath).toBeTruthy();
    // Served at once, compressed again beside it, under the same full build id plus the revision.
    const response = await fetch(`${base}${productPath}`, { headers: { 'accept-encoding': 'br' } });
    expect(response.headers.get('content-encoding')).toBe('br');
    // fetch decodes the Brotli body itself.
    const html = await response.text();
    expect(html).toContain(`${productPath} id-full-1.1`);
    expect(
      await (await fetch(`${base}${frenchPath}`, { headers: { 'accept-encoding': 'identity' } })).text(),
    ).toContain('id-full-1.1');
    const sitemap = await fetch(`${base}/sitemap.xml`, { headers: { 'accept-encoding': 'identity' } });
    expect(sitemap.headers.get('content-type')).toContain('xml');
    expect(await sitemap.text()).toContain('/sitemap.xml id-full-1.1');
    // The product page was compressed by the publish; the big sitemap is left to its first request.
    const clientDir = site.current().clientDir;
    expect(existsSync(join(clientDir, `${productPath?.slice(1)}/index.html.br`))).toBe(true);
    expect(existsSync(join(clientDir, 'sitemap.xml.br'))).toBe(false);
    const compressedSitemap = await fetch(`${base}/sitemap.xml`, { headers: { 'accept-encoding': 'br' } });
    expect(compressedSitemap.headers.get('content-encoding')).toBe('br');
    expect(await compressedSitemap.text()).toContain('/sitemap.xml id-full-1.1');
    // The manifest: the same build, one revision, which pages it changed.
    const latest = await (await fetch(`${base}/builds/latest.json`)).json();
    expect(latest).toMatchObject({ id: 'id-full-1', revision: 1 });
    expect(latest.changed[productPath ?? '']).toBe(1);
    // The home page shows featured products and prices: rendered again too.
    expect(await page()).toContain('/ id-full-1.1');

    // Ten edits during a publish make one more publish, not ten.
    let release!: () => void;
    gate = new Promise((resolve) => {
      release = resolve;
    });
    await db.updateTable('products').set({ name_fr: 'Érable nouveau' }).where('id', '=', product.id).execute();
    const running = await publisher.request({ db, userId });
    const queued = await Promise.all(Array.from({ length: 10 }, () => publisher.request({ db, userId })));
    expect(new Set(queued).size).toBe(1);
    expect(queued[0]).not.toBe(running);
    const before = renders.length;
    release();
    gate = null;
    await publisher.idle();
    expect(renders.length - before).toBeLessThanOrEqual(1);
    expect(fullBuilds).toBe(1);

    // A render that fails changes nothing and a full build brings the site up to date.
    failure = new Error('the render worker stopped');
    await db.updateTable('products').set({ name_en: 'Maple, renamed' }).where('id', '=', product.id).execute();
    expect(await publish()).toMatchObject({ state: 'succeeded', kind: 'full', buildId: 'id-full-2' });
    expect(fullBuilds).toBe(2);
    expect(await page()).toBe('<p>full-2</p>');
    failure = null;
  });

  it('records the nightly pass as a full build of its own kind, even when nothing changed', async () => {
    build = async (outDir) => {
      await writeSite(outDir, 'nightly');
      return undefined;
    };
    const row = await publisher.request({ db: db(), userId: null, nightly: true });
    await publisher.idle();
    expect((await publishStatus(db())).builds.find((b) => b.id === row)).toMatchObject({
      state: 'succeeded',
      kind: 'nightly',
    });
    expect(await page()).toBe('<p>nightly</p>');
  });

  it('on Vercel, calls the deploy hook and records the request or its failure', async () => {
    const calls: string[] = [];
    const ok = deployHookPublisher('https://api.vercel.com/v1/integrations/deploy/x', async (url, init) => {
      calls.push(`${init?.method} ${String(url)}`);
      return new Response('{}', { status: 201 });
    });
    const row = await ok.request({ db: db(), userId });
    expect(calls).toEqual(['POST https://api.vercel.com/v1/integrations/deploy/x']);
    expect((await publishStatus(db())).builds.find((b) => b.id === row)).toMatchObject({
      target: 'vercel',
      state: 'requested',
    });
    const broken = deployHookPublisher(
      'https://api.vercel.com/v1/integrations/deploy/y',
      async () => new Response('', { status: 404, statusText: 'Not Found' }),
    );
    const failed = await broken.request({ db: db(), userId });
    expect((await publishStatus(db())).builds.find((b) => b.id === failed)).toMatchObject({
      state: 'failed',
      error: 'The deploy hook answered 404 Not Found',
    });
  });
});
