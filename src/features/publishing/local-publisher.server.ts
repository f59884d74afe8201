import { spawn } from 'node:child_process';
import { mkdir, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import type { Kysely } from 'kysely';
import type { Database } from '../../lib/db/schema.ts';
import { log } from '../../lib/log.ts';
import { catalogSnapshotPath, writeCatalogSnapshot } from '../catalog/catalog.server.ts';
import { readRedirectMapFile } from '../redirects/redirects.server.ts';
import { REDIRECT_MAP_FILE } from '../redirects/redirects.ts';
import { LATEST_BUILD_PATH, parseLatestBuild } from '../shell/build-manifest.ts';
import { readPageTranslationsFile } from '../translations/page-translations.server.ts';
import { PAGE_TRANSLATIONS_FILE } from '../translations/page-translations.ts';
import type { Publisher, PublishRequest } from './publishing.server.ts';
import type { ServedSite, SiteHolder } from './site.server.ts';

/** Builds a site into a directory (`client/`, `redirects.json`); rejects with the reason on failure. */
export type SiteBuilder = (outDir: string) => Promise<void>;

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

/**
 * Publishing on the Node server: snapshot, then `astro build` into a new directory in the
 * background, swapped in only when it succeeded. One build at a time; requests made during a
 * build queue exactly one more, which picks up every change made meanwhile.
 */
export class LocalPublisher implements Publisher {
  readonly mode = 'local' as const;
  private running: Promise<void> | null = null;
  /** The one build waiting for the running one; every request meanwhile joins it. */
  private queued: Promise<number> | null = null;
  private queuedRow: number | null = null;
  private runningRow: number | null = null;
  private db: Kysely<Database> | null = null;
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

  /** The bookkeeping is synchronous, so two requests at once never start two builds. */
  request({ db, userId }: PublishRequest): Promise<number> {
    this.db = db;
    if (!this.running) {
      const row = insertBuild(db, userId);
      this.startWith(row);
      return row;
    }
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

  private startWith(row: Promise<number>): void {
    this.running = row
      .then((id) => {
        this.runningRow = id;
        return this.run(id);
      })
      .catch((error: unknown) => log('error', 'publish_crashed', { error }))
      .finally(() => {
        const next = this.queued;
        this.queued = null;
        this.queuedRow = null;
        this.runningRow = null;
        this.running = null;
        if (next) this.startWith(next);
      });
  }

  private async run(row: number): Promise<void> {
    const db = this.db;
    if (!db) throw new Error('No database to publish from');
    const { dataDir, build, site, onSwap } = this.options;
    const started = new Date();
    await db.updateTable('site_builds').set({ state: 'running', started_at: started }).where('id', '=', row).execute();
    const outDir = join(sitesDirectory(dataDir), `${started.getTime().toString(36)}-${row}`);
    try {
      const snapshot = await writeCatalogSnapshot(db, catalogSnapshotPath(dataDir));
      await mkdir(outDir, { recursive: true });
      await linkModules(sitesDirectory(dataDir));
      await build(outDir);
      const clientDir = join(outDir, 'client');
      const latest = parseLatestBuild(JSON.parse(await readFile(join(clientDir, LATEST_BUILD_PATH), 'utf8')));
      if (!latest) throw new Error(`The build's ${LATEST_BUILD_PATH} is malformed`);
      const redirects = await readRedirectMapFile(join(outDir, REDIRECT_MAP_FILE));
      const translations = await readPageTranslationsFile(join(outDir, PAGE_TRANSLATIONS_FILE));
      const next: ServedSite = { clientDir, redirects, translations, buildId: latest.id };
      site.swap(next);
      onSwap?.(next);
      await writeFile(currentSiteFile(dataDir), `${JSON.stringify({ dir: outDir, buildId: latest.id })}\n`);
      await db
        .updateTable('site_builds')
        .set({ state: 'succeeded', finished_at: new Date(), build_id: latest.id, products: snapshot.products.length })
        .where('id', '=', row)
        .execute();
      await this.removeOldBuilds(outDir);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      log('error', 'publish_failed', { row, error });
      await rm(outDir, { recursive: true, force: true }).catch(() => undefined);
      await db
        .updateTable('site_builds')
        .set({ state: 'failed', finished_at: new Date(), error: reason.slice(-4000) })
        .where('id', '=', row)
        .execute();
    }
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
 * The real build: `astro build --outDir` on this same Node, then the assets precompressed.
 * A failure rejects with the end of the build's output, which the admin shows.
 */
export function astroSiteBuilder(root: string): SiteBuilder {
  return async (outDir) => {
    const astro = join(root, 'node_modules/astro/bin/astro.mjs');
    const output: string[] = [];
    await new Promise<void>((resolve, reject) => {
      const child = spawn(process.execPath, [astro, 'build', '--outDir', outDir], {
        cwd: root,
        stdio: ['ignore', 'pipe', 'pipe'],
        env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' },
      });
      const keep = (chunk: Buffer) => {
        output.push(chunk.toString());
        if (output.length > 200) output.splice(0, output.length - 200);
      };
      child.stdout.on('data', keep);
      child.stderr.on('data', keep);
      child.once('error', reject);
      child.once('exit', (code) => {
        if (code === 0) return resolve();
        const tail = stripVTControlCharacters(output.join('')).trim().split('\n').slice(-15).join('\n');
        reject(new Error(`astro build exited with ${code}:\n${tail}`));
      });
    });
    const { precompress } = await import('../../server/build.ts');
    await precompress(join(outDir, 'client'));
  };
}
