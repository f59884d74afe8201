/**
 * Issue 23, item 4: after a sequence of product edits, the pages an incremental publish wrote
 * are the pages a full build writes from the same catalog, byte for byte once build ids are
 * set aside, in both languages; and the whole served site agrees with the full build, so no
 * page an edit touched was left out. Two real `astro build`s and the real render worker, on
 * the seeded demo catalog; PGlite only (the publisher reads the database through the same
 * snapshot on both engines, and each engine would cost two more builds).
 */

import { mkdtempSync } from 'node:fs';
import { readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { astroSiteBuilder, LocalPublisher } from '../../src/features/publishing/local-publisher.server.ts';
import { publishStatus, registerPublisher } from '../../src/features/publishing/publishing.server.ts';
import type { SiteBuild } from '../../src/features/publishing/publishing.ts';
import { siteHolder } from '../../src/features/publishing/site.server.ts';
import { NO_PAGE_TRANSLATIONS } from '../../src/features/translations/page-translations.ts';
import { type DatabaseHandle, openDatabase } from '../../src/lib/db/connect.server.ts';
import { env } from '../../src/lib/env.ts';
import { prepareDatabase } from '../../src/server/prepare.ts';

const root = join(import.meta.dirname, '../..');
const dataDir = mkdtempSync(join(tmpdir(), 'nursery-incremental-'));
let handle: DatabaseHandle;
let publisher: LocalPublisher;
let adminId: string;
const site = siteHolder({
  clientDir: join(dataDir, 'none'),
  redirects: new Map(),
  translations: NO_PAGE_TRANSLATIONS,
  buildId: null,
});

async function publish(full = false): Promise<SiteBuild> {
  const row = await publisher.request({ db: handle.db, userId: adminId, full });
  await publisher.idle();
  const build = (await publishStatus(handle.db)).builds.find((b) => b.id === row);
  if (!build) throw new Error(`no row ${row}`);
  return build;
}

/** Every page and XML file of a built client directory, build ids set aside. */
async function pages(clientDir: string): Promise<Map<string, string>> {
  const files = (await readdir(clientDir, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile() && /\.(html|xml)$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
  const out = new Map<string, string>();
  for (const file of files) {
    const text = await readFile(file, 'utf8');
    out.set(
      relative(clientDir, file),
      text.replace(/<meta name="build-id" content="[^"]*"/g, '<meta name="build-id" content="BUILD"'),
    );
  }
  return out;
}

const page = (path: string) => readFile(join(site.current().clientDir, path.replace(/^\//, ''), 'index.html'), 'utf8');

describe('incremental publishing', () => {
  beforeAll(async () => {
    delete process.env.DATABASE_URL;
    process.env.DATA_DIR = dataDir;
    process.env.APP_ENV = 'test';
    await prepareDatabase(env(), () => undefined);
    handle = await openDatabase({ engine: 'pglite', dataDir });
    adminId = (await handle.db.selectFrom('users').select('id').where('role', '=', 'admin').executeTakeFirstOrThrow())
      .id;
    publisher = new LocalPublisher({ dataDir, site, build: astroSiteBuilder(root) });
  }, 300_000);
  afterAll(async () => {
    publisher?.close();
    registerPublisher(null);
    await handle?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('renders only the touched pages, in both languages, as a full build would', async () => {
    const first = await publish();
    expect(first).toMatchObject({ state: 'succeeded', kind: 'full' });

    const products = await handle.db
      .selectFrom('products')
      .select(['id', 'slug_en', 'slug_fr', 'name_fr'])
      .where('is_published', '=', true)
      .orderBy('id')
      .limit(5)
      .execute();
    const [priced, renamed, pictured, stocked, traded] = products;
    if (!priced || !renamed || !pictured || !stocked || !traded)
      throw new Error('the demo catalog has too few products');

    // Edit 1: a price.
    await handle.db
      .updateTable('variants')
      .set({ list_price_cents: 123_456, trade_price_cents: 100_000 })
      .where('product_id', '=', priced.id)
      .execute();
    await handle.db.updateTable('products').set({ is_featured: true }).where('id', '=', priced.id).execute();
    const one = await publish();
    expect(one).toMatchObject({ state: 'succeeded', kind: 'incremental' });
    expect(one.pages).toBeGreaterThan(0);
    expect(await page(`/products/${priced.slug_en}`)).toContain('1,234.56');
    expect(await page(`/fr/products/${priced.slug_fr}`)).toContain('1\u00a0234,56');

    // Edits 2 and 3: French name and description, then a new first picture.
    await handle.db
      .updateTable('products')
      .set({ name_fr: `${renamed.name_fr} nouvelle`, description_fr: 'Une description toute neuve.' })
      .where('id', '=', renamed.id)
      .execute();
    await handle.db
      .updateTable('product_images')
      .set({ position: sql`position + 1` })
      .where('product_id', '=', pictured.id)
      .execute();
    await handle.db
      .insertInto('product_images')
      .values({
        product_id: pictured.id,
        position: 0,
        storage_key: `products/${pictured.id}/incremental-test.jpg`,
        width: 1200,
        height: 900,
        alt_en: 'A new picture',
        alt_fr: 'Une nouvelle photo',
      })
      .execute();
    const two = await publish();
    expect(two).toMatchObject({ state: 'succeeded', kind: 'incremental' });
    expect(await page(`/fr/products/${renamed.slug_fr}`)).toContain(`${renamed.name_fr} nouvelle`);
    expect(await page(`/products/${pictured.slug_en}`)).toContain('A new picture');
    expect(await page(`/fr/products/${pictured.slug_fr}`)).toContain('Une nouvelle photo');
    const manifest = JSON.parse(await readFile(join(site.current().clientDir, 'builds/latest.json'), 'utf8'));
    expect(manifest).toMatchObject({ id: first.buildId, revision: 2 });
    expect(manifest.changed[`/fr/products/${renamed.slug_fr}`]).toBe(2);
    expect(manifest.changed[`/products/${priced.slug_en}`]).toBe(1);

    // Edit 4: the stock of one product at every yard (its snapshot's stock total) and the trade
    // price of another, which no page shows: the database's digests name both, the publish
    // reads those two alone and renders the first one's pages only.
    const stockedVariants = handle.db.selectFrom('variants').select('id').where('product_id', '=', stocked.id);
    await handle.db
      .updateTable('stock_levels')
      .set({ quantity: 1 })
      .where('variant_id', 'in', stockedVariants)
      .execute();
    await handle.db
      .updateTable('variants')
      .set({ trade_price_cents: sql`greatest(trade_price_cents - 1, 0)` })
      .where('product_id', '=', traded.id)
      .execute();
    const three = await publish();
    expect(three).toMatchObject({ state: 'succeeded', kind: 'incremental' });
    const changedBy3 = JSON.parse(await readFile(join(site.current().clientDir, 'builds/latest.json'), 'utf8'))
      .changed as Record<string, number>;
    expect(changedBy3[`/products/${stocked.slug_en}`]).toBe(3);
    expect(changedBy3[`/fr/products/${stocked.slug_fr}`]).toBe(3);
    expect(Object.keys(changedBy3).filter((path) => path.endsWith(`/${traded.slug_en}`))).toEqual([]);

    const incremental = await pages(site.current().clientDir);
    const full = await publish(true);
    expect(full).toMatchObject({ state: 'succeeded', kind: 'full' });
    const rebuilt = await pages(site.current().clientDir);

    expect([...incremental.keys()].sort()).toEqual([...rebuilt.keys()].sort());
    const differing = [...rebuilt.keys()].filter((file) => incremental.get(file) !== rebuilt.get(file));
    // Where each differing file first parts from the full build's, to read in the failure.
    const firstDifference = (file: string) => {
      const a = incremental.get(file) ?? '';
      const b = rebuilt.get(file) ?? '';
      let at = 0;
      while (at < a.length && a[at] === b[at]) at++;
      return `${file}: incremental «${a.slice(at, at + 120)}» full «${b.slice(at, at + 120)}»`;
    };
    expect(differing.map(firstDifference)).toEqual([]);
  }, 900_000);
});
