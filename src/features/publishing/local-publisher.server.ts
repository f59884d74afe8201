import { type ChildProcess, spawn } from 'node:child_process';
import { mkdir, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import type { Kysely } from 'kysely';
import type { Database } from '../../lib/db/schema.ts';
import { log } from '../../lib/log.ts';
import { catalogSnapshotPath, writeCatalogSnapshot } from '../catalog/catalog.server.ts';
import type { CatalogSnapshot } from '../catalog/catalog.ts';
import { readRedirectMapFile } from '../redirects/redirects.server.ts';
import { REDIRECT_MAP_FILE } from '../redirects/redirects.ts';
import { LATEST_BUILD_PATH, type LatestBuild, parseLatestBuild, revisionBuildId } from '../shell/build-manifest.ts';
import { readPageTranslationsFile } from '../translations/page-translations.server.ts';
import { PAGE_TRANSLATIONS_FILE } from '../translations/page-translations.ts';
import { applyRenderedFiles } from './apply-pages.server.ts';
import { planPublish } from './incremental.ts';
import type { Publisher, PublishRequest } from './publishing.server.ts';
import type { RenderedFile, WorkerReply, WorkerRequest } from './render-worker.ts';
import type { ServedSite, SiteHolder } from './site.server.ts';

/**
 * Renders pages of a published build again from a newer catalog snapshot, with the build's
 * own Astro prerenderer (the render worker that ran the build).
 */
export interface SiteRenderer {
  render(request: Omit<WorkerRequest, 'type' | 'job'>): Promise<RenderedFile[]>;
  /** Lets the worker go (a newer build replaced it). */
  close(): void;
  /** The worker's process, for its memory in benchmarks. */
  readonly pid?: number;
}

/**
 * Builds a site into a directory (`client/`, `redirects.json`); rejects with the reason on
 * failure. May resolve with a renderer for incremental publishes of that build.
 */
export type SiteBuilder = (outDir: string) => Promise<SiteRenderer | undefined>;

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
  request({ db, userId, full = false }: PublishRequest): Promise<number> {
    this.db = db;
    if (!this.running) {
      const row = insertBuild(db, userId);
      this.startWith(row, full);
      return row;
    }
    this.queuedFull ||= full;
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

  private startWith(row: Promise<number>, full: boolean): void {
    this.running = row
      .then((id) => {
        this.runningRow = id;
        return this.run(id, full);
      })
      .catch((error: unknown) => log('error', 'publish_crashed', { error }))
      .finally(() => {
        const next = this.queued;
        const nextFull = this.queuedFull;
        this.queued = null;
        this.queuedFull = false;
        this.queuedRow = null;
        this.runningRow = null;
        this.running = null;
        if (next) this.startWith(next, nextFull);
      });
  }

  private async run(row: number, full: boolean): Promise<void> {
    const db = this.db;
    if (!db) throw new Error('No database to publish from');
    const started = new Date();
    await db.updateTable('site_builds').set({ state: 'running', started_at: started }).where('id', '=', row).execute();
    let snapshot: CatalogSnapshot;
    try {
      snapshot = await writeCatalogSnapshot(db, catalogSnapshotPath(this.options.dataDir));
    } catch (error) {
      await this.fail(db, row, error);
      return;
    }
    const published = this.published;
    if (!full && published?.renderer) {
      const plan = planPublish(published.snapshot, snapshot);
      const changedCount =
        Object.keys(published.changed).length + (plan.kind === 'incremental' ? plan.paths.length : 0);
      if (plan.kind === 'incremental' && changedCount <= MAX_CHANGED_PATHS) {
        try {
          await this.publishIncremental(db, row, published, snapshot, plan.paths);
          return;
        } catch (error) {
          // Nothing was swapped in; the full build below brings the site up to date.
          log('error', 'incremental_publish_failed', { row, error });
        }
      }
    }
    await this.publishFull(db, row, started, snapshot);
  }

  private async publishIncremental(
    db: Kysely<Database>,
    row: number,
    published: Published,
    snapshot: CatalogSnapshot,
    paths: string[],
  ): Promise<void> {
    const { renderer } = published;
    if (!renderer) throw new Error('No render worker');
    const revision = published.revision + 1;
    const pageBuildId = revisionBuildId(published.buildId, revision);
    const changed = { ...published.changed };
    for (const path of paths) changed[path] = revision;
    if (paths.length > 0) {
      const files = await renderer.render({
        snapshotPath: catalogSnapshotPath(this.options.dataDir),
        paths,
        pageBuildId,
      });
      const latest: LatestBuild = { id: published.buildId, timestamp: Date.now(), revision, changed };
      await applyRenderedFiles(this.options.site.current().clientDir, files, latest);
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
  }

  private async publishFull(
    db: Kysely<Database>,
    row: number,
    started: Date,
    snapshot: CatalogSnapshot,
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
      this.published = { buildId: latest.id, snapshot, renderer, revision: 0, changed: {} };
      await writeFile(currentSiteFile(dataDir), `${JSON.stringify({ dir: outDir, buildId: latest.id })}\n`);
      await db
        .updateTable('site_builds')
        .set({
          state: 'succeeded',
          kind: 'full',
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
      await this.fail(db, row, error);
    }
  }

  private async fail(db: Kysely<Database>, row: number, error: unknown): Promise<void> {
    const reason = error instanceof Error ? error.message : String(error);
    log('error', 'publish_failed', { row, error });
    await db
      .updateTable('site_builds')
      .set({ state: 'failed', kind: 'full', finished_at: new Date(), error: reason.slice(-4000) })
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

/**
 * The real build: the render worker (render-worker.server.ts) runs `astro build --outDir` on
 * this same Node and stays for incremental publishes of that build; the assets are then
 * precompressed. A failure rejects with the end of the build's output, which the admin shows.
 */
export function astroSiteBuilder(root: string): SiteBuilder {
  return async (outDir) => {
    const worker = join(root, 'src/features/publishing/render-worker.server.ts');
    const output: string[] = [];
    const child = spawn(process.execPath, [worker, outDir], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
      serialization: 'advanced',
      // A build for production whatever runs the server (a test runner sets NODE_ENV=test,
      // which Vite would build for).
      env: { ...process.env, NODE_ENV: 'production', ASTRO_TELEMETRY_DISABLED: '1' },
    });
    const keep = (chunk: Buffer) => {
      output.push(chunk.toString());
      if (output.length > 200) output.splice(0, output.length - 200);
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    const tail = () => stripVTControlCharacters(output.join('')).trim().split('\n').slice(-15).join('\n');
    try {
      await new Promise<void>((resolve, reject) => {
        child.once('error', reject);
        child.on('message', (message: WorkerReply) => {
          if (message.type === 'built') resolve();
          if (message.type === 'build-failed') reject(new Error(`astro build failed:\n${tail()}\n${message.error}`));
        });
        child.once('exit', (code) => reject(new Error(`astro build exited with ${code}:\n${tail()}`)));
      });
      const { precompress } = await import('../../server/build.ts');
      await precompress(join(outDir, 'client'));
    } catch (error) {
      child.kill();
      throw error;
    }
    // After the build its output is not needed: only its render jobs' failures are.
    output.length = 0;
    return workerRenderer(child);
  };
}

/** Talks to a built render worker: one job at a time, answered by its number. */
function workerRenderer(child: ChildProcess): SiteRenderer {
  let next = 0;
  const pending = new Map<number, { resolve: (files: RenderedFile[]) => void; reject: (error: Error) => void }>();
  let gone: Error | null = null;
  child.on('message', (message: WorkerReply) => {
    if (message.type !== 'rendered' && message.type !== 'render-failed') return;
    const waiting = pending.get(message.job);
    pending.delete(message.job);
    if (message.type === 'rendered') waiting?.resolve(message.files);
    else waiting?.reject(new Error(message.error));
  });
  child.once('exit', (code) => {
    gone = new Error(`The render worker stopped (${code})`);
    for (const waiting of pending.values()) waiting.reject(gone);
    pending.clear();
  });
  return {
    pid: child.pid,
    render(request) {
      if (gone) return Promise.reject(gone);
      const job = ++next;
      return new Promise((resolve, reject) => {
        pending.set(job, { resolve, reject });
        child.send({ type: 'render', job, ...request } satisfies WorkerRequest);
      });
    },
    close() {
      if (child.connected) child.disconnect();
      child.kill();
    },
  };
}
