import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createUser } from '../../../tests/factories/accounts.ts';
import { createProduct } from '../../../tests/factories/catalog.ts';
import { createTestDatabase, ENGINES, type TestDatabase } from '../../../tests/support/databases.ts';
import { readCatalogSnapshot } from '../catalog/catalog.server.ts';
import type { CatalogSnapshot } from '../catalog/catalog.ts';
import { publishStatus } from './publishing.server.ts';
import { REVALIDATE_HEADER, revalidatePaths, vercelPublisher } from './vercel-publisher.server.ts';

const TOKEN = 'a-bypass-token-of-at-least-32-characters';

interface Recorded {
  method: string;
  path: string;
  token: string | undefined;
}

/**
 * A small local HTTP server standing for the Vercel deployment: it records each request's
 * method, path and `x-prerender-revalidate` header, and answers 200 (or `failing`'s status
 * for the paths it names). The deploy hook is a path on it too.
 */
function deployment() {
  const requests: Recorded[] = [];
  const failing = new Map<string, number>();
  const server: Server = createServer((req, res) => {
    const path = req.url ?? '/';
    const header = req.headers[REVALIDATE_HEADER];
    requests.push({ method: req.method ?? '', path, token: typeof header === 'string' ? header : undefined });
    res.writeHead(failing.get(path) ?? 200, { 'content-type': 'text/html' });
    res.end('<p>page</p>');
  });
  return { server, requests, failing };
}

describe('revalidating paths on a deployment', () => {
  const site = deployment();
  let base: string;
  beforeAll(async () => {
    await new Promise<void>((resolve) => site.server.listen(0, '127.0.0.1', resolve));
    const address = site.server.address();
    if (!address || typeof address === 'string') throw new Error('no address');
    base = `http://127.0.0.1:${address.port}`;
  });
  afterAll(() => new Promise((resolve) => site.server.close(resolve)));
  beforeEach(() => {
    site.requests.length = 0;
    site.failing.clear();
  });

  it('requests each path once with the bypass token in x-prerender-revalidate', async () => {
    const paths = ['/', '/fr', '/products/maple', '/fr/products/erable', '/sitemap.xml', '/browse/trees'];
    await revalidatePaths({ siteUrl: base, bypassToken: TOKEN, paths });
    expect(site.requests.map((request) => request.path).sort()).toEqual([...paths].sort());
    expect(site.requests.every((request) => request.method === 'GET' && request.token === TOKEN)).toBe(true);
  });

  it('rejects when a path does not answer 2xx', async () => {
    site.failing.set('/fr/products/erable', 500);
    await expect(
      revalidatePaths({ siteUrl: base, bypassToken: TOKEN, paths: ['/products/maple', '/fr/products/erable'] }),
    ).rejects.toThrow('/fr/products/erable answered 500');
  });

  describe.each(ENGINES)('publishing an edit on %s', (engine) => {
    let test: TestDatabase;
    let userId: string;
    let baseline: CatalogSnapshot;
    let product: { id: number };
    beforeAll(async () => {
      test = await createTestDatabase(engine);
      userId = (await createUser(test.handle.db, { role: 'admin' })).id;
      product = await createProduct(test.handle.db);
      await createProduct(test.handle.db);
      baseline = await readCatalogSnapshot(test.handle.db);
    });
    afterAll(async () => {
      await test?.drop();
    });
    const publisher = () =>
      vercelPublisher({
        hook: `${base}/deploy-hook`,
        bypassToken: TOKEN,
        siteUrl: base,
        baseline: async () => baseline,
      });
    const row = async (id: number) => (await publishStatus(test.handle.db)).builds.find((build) => build.id === id);

    it('revalidates the pages a product edit touched, in both languages, and records it', async () => {
      const { db } = test.handle;
      await db.updateTable('products').set({ name_fr: 'Érable rouge' }).where('id', '=', product.id).execute();
      const edited = await db.selectFrom('products').select(['slug_en', 'slug_fr']).where('id', '=', product.id);
      const slugs = await edited.executeTakeFirstOrThrow();
      const id = await publisher().request({ db, userId });
      const paths = site.requests.map((request) => request.path);
      expect(paths).toEqual(expect.arrayContaining([`/products/${slugs.slug_en}`, `/fr/products/${slugs.slug_fr}`]));
      expect(paths).toEqual(expect.arrayContaining(['/', '/fr', '/sitemap.xml']));
      expect(paths).not.toContain('/deploy-hook');
      expect(site.requests.every((request) => request.token === TOKEN)).toBe(true);
      expect(await row(id)).toMatchObject({ target: 'vercel', state: 'succeeded', kind: 'incremental' });
      expect((await row(id))?.pages).toBe(paths.length);
    });

    it('calls the deploy hook for a structural change, for "Publish now" and when a revalidation fails', async () => {
      const { db } = test.handle;
      site.failing.set('/sitemap.xml', 502);
      const failed = await publisher().request({ db, userId });
      expect(site.requests.at(-1)).toMatchObject({ method: 'POST', path: '/deploy-hook', token: undefined });
      expect(await row(failed)).toMatchObject({ state: 'requested', kind: 'full' });
      expect((await row(failed))?.error).toContain('/sitemap.xml answered 502');
      site.failing.clear();

      site.requests.length = 0;
      const now = await publisher().request({ db, userId, full: true });
      expect(site.requests).toEqual([{ method: 'POST', path: '/deploy-hook', token: undefined }]);
      expect(await row(now)).toMatchObject({ state: 'requested', kind: 'full' });

      site.requests.length = 0;
      await createProduct(db);
      const added = await publisher().request({ db, userId });
      expect(site.requests).toEqual([{ method: 'POST', path: '/deploy-hook', token: undefined }]);
      expect(await row(added)).toMatchObject({ state: 'requested', kind: 'full' });
    });

    it('says so when a change needs a deployment and there is no deploy hook', async () => {
      const { db } = test.handle;
      const id = await vercelPublisher({ bypassToken: TOKEN, siteUrl: base, baseline: async () => baseline }).request({
        db,
        userId,
      });
      expect(await row(id)).toMatchObject({ state: 'failed', kind: 'full' });
      expect((await row(id))?.error).toContain('VERCEL_DEPLOY_HOOK_URL is not set');
    });
  });
});
