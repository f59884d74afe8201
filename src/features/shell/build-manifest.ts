/**
 * Every build writes /builds/latest.json ({ id, timestamp }) and /builds/meta/{id}.json;
 * each page carries its own build id. Open pages poll the manifest, and once a newer build
 * is out, the next same-site link becomes a full load of it (spec §7, §9). A reload guard
 * in sessionStorage keeps a page from reloading twice within 10 s, whatever goes wrong.
 */

export const LATEST_BUILD_PATH = '/builds/latest.json';
export const buildMetaPath = (id: string) => `/builds/meta/${id}.json`;
export const BUILD_ID_META = 'build-id';

export const BUILD_POLL_MS = 60_000;
export const RELOAD_GUARD_MS = 10_000;
export const RELOAD_GUARD_KEY = 'nursery:reload-at';

/**
 * /builds/latest.json. An incremental publish (docs/decisions/050-incremental-publish.md)
 * keeps the full build's id and counts revisions: `changed` names each page rendered again
 * since the full build with the revision that last did, and those pages carry
 * `{id}.{revision}` as their own id. A page is stale when its build is not the latest, or
 * when its path changed in a later revision than its own; the others stay current.
 */
export interface LatestBuild {
  id: string;
  timestamp: number;
  revision?: number;
  changed?: Record<string, number>;
}

/** /builds/meta/{id}.json */
export interface BuildMeta extends LatestBuild {
  version: string;
  prerendered: string[];
}

/**
 * The manifest as fetched, checked by hand: this module runs in every page's shell, which
 * loads no schema library (docs/decisions/030-browser-imports.md). Undefined when malformed.
 */
export function parseLatestBuild(value: unknown): LatestBuild | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { id, timestamp, revision, changed } = value as Record<string, unknown>;
  if (typeof id !== 'string' || id.length === 0 || !Number.isInteger(timestamp)) return undefined;
  const latest: LatestBuild = { id, timestamp: timestamp as number };
  if (revision === undefined && changed === undefined) return latest;
  if (!Number.isInteger(revision) || typeof changed !== 'object' || changed === null) return undefined;
  if (!Object.values(changed).every((value) => Number.isInteger(value))) return undefined;
  return { ...latest, revision: revision as number, changed: changed as Record<string, number> };
}

/** The id a page rendered by an incremental publish carries: the build's, then the revision. */
export function revisionBuildId(buildId: string, revision: number): string {
  return `${buildId}.${revision}`;
}

/** A path as the manifest names it: no trailing slash, `/` for the home page. */
export function manifestPath(pathname: string): string {
  return pathname.replace(/\/+$/, '') || '/';
}

/** True when the latest manifest has something newer than the page with this id at this path. */
export function isStale(ownId: string, ownPath: string, latest: LatestBuild): boolean {
  const dot = ownId.lastIndexOf('.');
  const base = dot === -1 ? ownId : ownId.slice(0, dot);
  const revision = dot === -1 ? 0 : Number(ownId.slice(dot + 1));
  if (base !== latest.id) return true;
  const changedAt = latest.changed?.[manifestPath(ownPath)];
  return changedAt !== undefined && changedAt > revision;
}

/** A build id: sortable by time, unique across machines building at the same moment. */
export function newBuildId(now: number, random: string): string {
  return `${now.toString(36)}-${random}`;
}

/** The guard: no forced load if one happened less than `guardMs` ago (in this tab). */
export function reloadAllowed(lastReloadAt: number | null, now: number, guardMs = RELOAD_GUARD_MS): boolean {
  return lastReloadAt === null || !Number.isFinite(lastReloadAt) || now - lastReloadAt >= guardMs || now < lastReloadAt;
}

export interface BuildWatcherOptions {
  /** The build this page came from; "dev" (astro dev) never checks. */
  ownId: string;
  /** The page's path: after an incremental publish, only the pages it changed are stale. */
  ownPath?: string;
  fetchLatest: () => Promise<unknown>;
  storage: Pick<Storage, 'getItem' | 'setItem'>;
  now: () => number;
  /** A full page load of the address. */
  navigate: (href: string) => void;
  reload: () => void;
  /** Told once, when a newer build is first seen. */
  onUpdate?: (latest: LatestBuild) => void;
  /** A check that failed (offline, a deploy in progress): the next one will try again. */
  onCheckFailed?: (error: unknown) => void;
  intervalMs?: number;
  guardMs?: number;
}

export interface BuildWatcher {
  start(): void;
  stop(): void;
  /** Fetches the manifest now; true when a newer build than this page's is out. */
  check(): Promise<boolean>;
  readonly updateAvailable: boolean;
  /**
   * A same-site link is being followed. With a newer build out (and the guard allowing),
   * the watcher makes it a full load and returns true; the caller then cancels its own.
   */
  followLink(href: string): boolean;
  /** Reloads this page if it is stale or broken (restored from the back/forward cache, a lost chunk). */
  reloadIfAllowed(): boolean;
}

export function createBuildWatcher(options: BuildWatcherOptions): BuildWatcher {
  const intervalMs = options.intervalMs ?? BUILD_POLL_MS;
  const guardMs = options.guardMs ?? RELOAD_GUARD_MS;
  let latest: LatestBuild | undefined;
  let timer: ReturnType<typeof setInterval> | undefined;
  let checking: Promise<boolean> | undefined;

  const guardAllows = () => {
    const stored = options.storage.getItem(RELOAD_GUARD_KEY);
    return reloadAllowed(stored === null ? null : Number(stored), options.now(), guardMs);
  };
  const markReload = () => options.storage.setItem(RELOAD_GUARD_KEY, String(options.now()));
  const updateAvailable = () => latest !== undefined && isStale(options.ownId, options.ownPath ?? '/', latest);

  async function runCheck(): Promise<boolean> {
    try {
      const fetched = parseLatestBuild(await options.fetchLatest());
      if (!fetched) throw new Error('The build manifest is malformed');
      const wasAvailable = updateAvailable();
      latest = fetched;
      if (!wasAvailable && updateAvailable()) options.onUpdate?.(fetched);
    } catch (error) {
      options.onCheckFailed?.(error);
    }
    return updateAvailable();
  }

  return {
    start() {
      if (options.ownId === 'dev' || timer !== undefined) return;
      timer = setInterval(() => void this.check(), intervalMs);
    },
    stop() {
      if (timer !== undefined) clearInterval(timer);
      timer = undefined;
    },
    check() {
      if (options.ownId === 'dev') return Promise.resolve(false);
      // One request at a time: a poll and a visibility change at once share it.
      checking ??= runCheck().finally(() => {
        checking = undefined;
      });
      return checking;
    },
    get updateAvailable() {
      return updateAvailable();
    },
    followLink(href) {
      if (!updateAvailable() || !guardAllows()) return false;
      markReload();
      options.navigate(href);
      return true;
    },
    reloadIfAllowed() {
      if (!guardAllows()) return false;
      markReload();
      options.reload();
      return true;
    },
  };
}
