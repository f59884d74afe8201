import { mkdir, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import type { Database, SiteBuildKind } from '../../lib/db/schema.ts';
import { log } from '../../lib/log.ts';
import {
  catalogChangesMark,
  catalogSnapshotPath,
  productsChangedSince,
  readCatalogSnapshot,
  writeCatalogSnapshot,
} from '../catalog/catalog.server.ts';
import type { CatalogProduct, CatalogSnapshot } from '../catalog/catalog.ts';
import { readRedirectMapFile } from '../redirects/redirects.server.ts';
import { REDIRECT_MAP_FILE } from '../redirects/redirects.ts';
import { LATEST_BUILD_PATH, type LatestBuild, parseLatestBuild, revisionBuildId } from '../shell/build-manifest.ts';
import { readPageTranslationsFile } from '../translations/page-translations.server.ts';
import { PAGE_TRANSLATIONS_FILE } from '../translations/page-translations.ts';
import { applyRenderedFiles } from './apply-pages.server.ts';
import { MAX_INCREMENTAL_PRODUCTS, planPublish } from './incremental.ts';
import { type PhaseClock, phaseClock } from './phase-clock.ts';
import type { Publisher, PublishRequest } from './publishing.server.ts';
import type { ServedSite, SiteHolder } from './site.server.ts';
import type { SiteBuilder, SiteRenderer } from './site-builder.server.ts';

export { astroSiteBuilder, type SiteBuilder, type SiteRenderer } from './site-builder.server.ts';

export interface LocalPublisherOptions {
  dataDir: string;
  site: SiteHolder;
  build: SiteBuilder;
  /** Called once a new build serves (the server sets the id its on-demand pages carry). */
  onSwap?: (site: ServedSite) => void;
}

/** Where published builds live, each in a directory of its own. */
export const sitesDirectory = (dataDir: string) => join(dataDir, 'site');
/** Names the build the server should serve after a restart without building. */
export const currentSiteFile = (dataDir: string) => join(sitesDirectory(dataDir), 'current.json');

/** Past this many pages changed since the last full build, the manifest's list would grow too long: a full build. */
export const MAX_CHANGED_PATHS = 2_000;

/** The served build as the publisher knows it: the snapshot it shows and what changed since its full build. */
interface Published {
  buildId: string;
  snapshot: CatalogSnapshot;
  /** The change log's mark read just before the snapshot (catalogChangesMark). */
  changesMark: string;
  renderer: SiteRenderer | null;
  revision: number;
  changed: Record<string, number>;
}

/**
 * Publishing on the Node server (docs/decisions/028-publishing.md,
 * docs/decisions/050-incremental-publish.md). A product edit renders again only the pages it
 * touches, with the prerenderer its build left behind, and swaps them in; anything structural,
 * or a failure of that, is a full `astro build` into a new directory in the background,
 * swapped in only when it succeeded. One publish at a time; requests made meanwhile queue
 * exactly one more, which picks up every change made meanwhile.
 */
export class LocalPublisher implements Publisher {
  readonly mode = 'local' as const;
  private running: Promise<void> | null = null;
  /** The one publish waiting for the running one; every request meanwhile joins it. */
  private queued: Promise<number> | null = null;
  private queuedFull = false;
  private queuedNightly = false;
  private queuedRow: number | null = null;
  private runningRow: number | null = null;
  private db: Kysely<Database> | null = null;
  private published: Published | null = null;
  private readonly options: LocalPublisherOptions;

  constructor(options: LocalPublisherOptions) {
    this.options = options;
  }

  activeRows(): readonly number[] {
    return [this.runningRow, this.queuedRow].filter((row): row is number => row !== null);
  }

  /** Resolves once no build is running or queued (for tests and benchmarks). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  /** Lets the render worker go (the server stops). */
  close(): void {
    this.published?.renderer?.close();
  }

  /** The bookkeeping is synchronous, so two requests at once never start two builds. */
  request({ db, userId, full = false, nightly = false }: PublishRequest): Promise<number> {
    this.db = db;
    if (!this.running) {
      const row = insertBuild(db, userId);
      this.startWith(row, full || nightly, nightly);
      return row;
    }
    this.queuedFull ||= full || nightly;
    this.queuedNightly ||= nightly;
    if (!this.queued) {
      this.queued = insertBuild(db, userId);
      this.queued.then(
        (row) => {
          this.queuedRow = row;
        },
        () => undefined,
      );
    }
    return this.queued;
  }

  private startWith(row: Promise<number>, full: boolean, nightly: boolean): void {
    this.running = row
      .then((id) => {
        this.runningRow = id;
        return this.run(id, full, nightly);
      })
      .catch((error: unknown) => log('error', 'publish_crashed', { error }))
      .finally(() => {
        const next = this.queued;
        const nextFull = this.queuedFull;
        const nextNightly = this.queuedNightly;
        this.queued = null;
        this.queuedFull = false;
        this.queuedNightly = false;
        this.queuedRow = null;
        this.runningRow = null;
        this.running = null;
        if (next) this.startWith(next, nextFull, nextNightly);
      });
  }

  private async run(row: number, full: boolean, nightly = false): Promise<void> {
    const db = this.db;
    if (!db) throw new Error('No database to publish from');
    const started = new Date();
    await db.updateTable('site_builds').set({ state: 'running', started_at: started }).where('id', '=', row).execute();
    const published = this.published;
    if (!full && published?.renderer) {
      try {
        if (await this.tryIncremental(db, row, published)) return;
      } catch (error) {
        // Nothing was swapped in; the full build below brings the site up to date.
        log('error', 'incremental_publish_failed', { row, error });
      }
    }
    let snapshot: CatalogSnapshot;
    let changesMark: string;
    try {
      // The mark first: a product changed between the two reads is read again next time.
      changesMark = await catalogChangesMark(db);
      snapshot = await writeCatalogSnapshot(db, catalogSnapshotPath(this.options.dataDir));
    } catch (error) {
      await this.fail(db, row, error, nightly ? 'nightly' : 'full');
      return;
    }
    await this.publishFull(db, row, started, snapshot, changesMark, nightly ? 'nightly' : 'full');
  }

  /**
   * An edit's publish, at a cost that does not grow with the catalogue: the database's change
   * log names the products written since the served snapshot; only those are read, compared
   * and sent to the render worker. Resolves false when it takes a full build (a structural
   * change, too many products or pages); changes nothing served unless it resolves true.
   */
  private async tryIncremental(db: Kysely<Database>, row: number, published: Published): Promise<boolean> {
    const phases = phaseClock();
    const changesMark = await catalogChangesMark(db);
    const candidates = await productsChangedSince(db, published.changesMark);
    phases.lap('changed products');
    if (candidates.length > MAX_INCREMENTAL_PRODUCTS) return false;
    const read = await readCatalogSnapshot(db, candidates);
    phases.lap('read changed products');
    const fresh = new Map(read.products.map((product) => [product.id, product]));
    const shown = new Set(published.snapshot.products.map((product) => product.id));
    // A product published or withdrawn changes listings and counts: a full build. (A product
    // neither shown nor published, edited, changes nothing.)
    if (candidates.some((id) => shown.has(id) !== fresh.has(id))) return false;
    const snapshot: CatalogSnapshot = {
      ...read,
      products: published.snapshot.products.map((product) => fresh.get(product.id) ?? product),
    };
    const plan = planPublish(published.snapshot, snapshot, new Set(fresh.keys()));
    phases.lap('plan');
    if (plan.kind !== 'incremental') return false;
    if (Object.keys(published.changed).length + plan.paths.length > MAX_CHANGED_PATHS) return false;
    // JSON's shape, as the build's catalog has it (no undefined keys).
    const products = plan.products.map((id) => JSON.parse(JSON.stringify(fresh.get(id))) as CatalogProduct);
    await this.publishIncremental(db, row, { ...published, changesMark }, snapshot, products, plan.paths, phases);
    return true;
  }

  private async publishIncremental(
    db: Kysely<Database>,
    row: number,
    published: Published,
    snapshot: CatalogSnapshot,
    products: CatalogProduct[],
    paths: string[],
    phases: PhaseClock,
  ): Promise<void> {
    const { renderer } = published;
    if (!renderer) throw new Error('No render worker');
    const revision = published.revision + 1;
    const pageBuildId = revisionBuildId(published.buildId, revision);
    const changed = { ...published.changed };
    for (const path of paths) changed[path] = revision;
    if (paths.length > 0) {
      const rendered = await renderer.render({ products, paths, pageBuildId });
      phases.lap('render (worker round trip)');
      phases.add(rendered.phases ?? {});
      const latest: LatestBuild = { id: published.buildId, timestamp: Date.now(), revision, changed };
      await applyRenderedFiles(this.options.site.current().clientDir, rendered.files, latest);
      phases.lap('apply');
    }
    this.published = { ...published, snapshot, revision, changed };
    await db
      .updateTable('site_builds')
      .set({
        state: 'succeeded',
        kind: 'incremental',
        finished_at: new Date(),
        build_id: pageBuildId,
        products: snapshot.products.length,
        pages: paths.length,
      })
      .where('id', '=', row)
      .execute();
    phases.lap('row');
    log('info', 'incremental_publish', { row, pages: paths.length, ms: phases.all() });
  }

  private async publishFull(
    db: Kysely<Database>,
    row: number,
    started: Date,
    snapshot: CatalogSnapshot,
    changesMark: string,
    kind: 'full' | 'nightly',
  ): Promise<void> {
    const { dataDir, build, site, onSwap } = this.options;
    const outDir = join(sitesDirectory(dataDir), `${started.getTime().toString(36)}-${row}`);
    let renderer: SiteRenderer | null = null;
    try {
      await mkdir(outDir, { recursive: true });
      await linkModules(sitesDirectory(dataDir));
      renderer = (await build(outDir)) ?? null;
      const clientDir = join(outDir, 'client');
      const latest = parseLatestBuild(JSON.parse(await readFile(join(clientDir, LATEST_BUILD_PATH), 'utf8')));
      if (!latest) throw new Error(`The build's ${LATEST_BUILD_PATH} is malformed`);
      const redirects = await readRedirectMapFile(join(outDir, REDIRECT_MAP_FILE));
      const translations = await readPageTranslationsFile(join(outDir, PAGE_TRANSLATIONS_FILE));
      const next: ServedSite = { clientDir, redirects, translations, buildId: latest.id };
      site.swap(next);
      onSwap?.(next);
      this.published?.renderer?.close();
      this.published = { buildId: latest.id, snapshot, changesMark, renderer, revision: 0, changed: {} };
      await writeFile(currentSiteFile(dataDir), `${JSON.stringify({ dir: outDir, buildId: latest.id })}\n`);
      await db
        .updateTable('site_builds')
        .set({
          state: 'succeeded',
          kind,
          finished_at: new Date(),
          build_id: latest.id,
          products: snapshot.products.length,
          pages: null,
        })
        .where('id', '=', row)
        .execute();
      await this.removeOldBuilds(outDir);
    } catch (error) {
      renderer?.close();
      await rm(outDir, { recursive: true, force: true }).catch(() => undefined);
      await this.fail(db, row, error, kind);
    }
  }

  private async fail(db: Kysely<Database>, row: number, error: unknown, kind: SiteBuildKind = 'full'): Promise<void> {
    const reason = error instanceof Error ? error.message : String(error);
    log('error', 'publish_failed', { row, error });
    await db
      .updateTable('site_builds')
      .set({ state: 'failed', kind, finished_at: new Date(), error: reason.slice(-4000) })
      .where('id', '=', row)
      .execute();
  }

  /**
   * Keeps the new build and the one before it (an open page of the old build may still ask
   * for its lazily loaded scripts for a moment); older ones go.
   */
  private async removeOldBuilds(keep: string): Promise<void> {
    const root = sitesDirectory(this.options.dataDir);
    const entries = (await readdir(root, { withFileTypes: true })).filter((entry) => entry.isDirectory());
    const dirs = entries.map((entry) => join(root, entry.name)).sort();
    const stale = dirs.filter((dir) => dir !== keep).slice(0, -1);
    await Promise.all(stale.map((dir) => rm(dir, { recursive: true, force: true })));
  }
}

/**
 * Astro's prerender step imports the new build's chunks from its own directory, and they
 * import packages: with DATA_DIR outside the project, nothing up the tree has node_modules.
 * A link beside the builds lets Node find the project's.
 */
async function linkModules(root: string): Promise<void> {
  const link = join(root, 'node_modules');
  try {
    await symlink(join(PROJECT_ROOT, 'node_modules'), link, 'dir');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
}

const PROJECT_ROOT = join(import.meta.dirname, '../../..');

async function insertBuild(db: Kysely<Database>, userId: string | null): Promise<number> {
  const row = await db
    .insertInto('site_builds')
    .values({ target: 'local', state: 'queued', requested_by: userId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
