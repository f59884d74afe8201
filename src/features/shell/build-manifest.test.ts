import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  BUILD_POLL_MS,
  type BuildWatcherOptions,
  createBuildWatcher,
  isStale,
  newBuildId,
  parseLatestBuild,
  RELOAD_GUARD_KEY,
  RELOAD_GUARD_MS,
  reloadAllowed,
} from './build-manifest.ts';

describe('parseLatestBuild', () => {
  it('accepts { id, timestamp } and ignores anything else it holds', () => {
    expect(parseLatestBuild({ id: 'b-1', timestamp: 12, extra: true })).toEqual({ id: 'b-1', timestamp: 12 });
  });

  it('refuses a manifest that is not an object, lacks a field or holds the wrong kind', () => {
    for (const bad of [
      null,
      'b-1',
      42,
      [],
      {},
      { id: 'b-1' },
      { timestamp: 1 },
      { id: '', timestamp: 1 },
      { id: 7, timestamp: 1 },
      { id: 'b-1', timestamp: 1.5 },
      { id: 'b-1', timestamp: '1' },
    ]) {
      expect(parseLatestBuild(bad)).toBeUndefined();
    }
  });
});

class MemoryStorage {
  readonly items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
}

describe('after an incremental publish (revisions)', () => {
  const latest = { id: 'b-1', timestamp: 2, revision: 3, changed: { '/products/maple': 3, '/browse/trees': 2 } };

  it('reads the revision and the changed pages, and refuses them malformed', () => {
    expect(parseLatestBuild(latest)).toEqual(latest);
    expect(parseLatestBuild({ ...latest, revision: '3' })).toBeUndefined();
    expect(parseLatestBuild({ ...latest, changed: { '/x': 'a' } })).toBeUndefined();
    expect(parseLatestBuild({ id: 'b-1', timestamp: 2, changed: {} })).toBeUndefined();
  });

  it('makes stale only the pages rendered again after them, not the rest of the build', () => {
    // Untouched pages of the full build stay current.
    expect(isStale('b-1', '/products/oak', latest)).toBe(false);
    expect(isStale('b-1', '/', latest)).toBe(false);
    // A page an edit changed since is stale, with or without its trailing slash.
    expect(isStale('b-1', '/products/maple', latest)).toBe(true);
    expect(isStale('b-1', '/browse/trees/', latest)).toBe(true);
    expect(isStale('b-1.1', '/browse/trees', latest)).toBe(true);
    // Pages rendered in that revision or later are current.
    expect(isStale('b-1.2', '/browse/trees', latest)).toBe(false);
    expect(isStale('b-1.3', '/products/maple', latest)).toBe(false);
    // Another full build makes every page stale.
    expect(isStale('b-0.3', '/products/oak', latest)).toBe(true);
    expect(isStale('b-1', '/products/oak', { id: 'b-2', timestamp: 3 })).toBe(true);
  });
});

describe('reloadAllowed', () => {
  it('allows a first reload, and another only after the guard', () => {
    expect(reloadAllowed(null, 1_000)).toBe(true);
    expect(reloadAllowed(1_000, 1_000 + RELOAD_GUARD_MS - 1)).toBe(false);
    expect(reloadAllowed(1_000, 1_000 + RELOAD_GUARD_MS)).toBe(true);
  });

  it('ignores a garbled or future mark rather than blocking forever', () => {
    expect(reloadAllowed(Number.NaN, 5_000)).toBe(true);
    expect(reloadAllowed(50_000, 5_000)).toBe(true);
  });

  it('has the spec default of 10 s', () => {
    expect(RELOAD_GUARD_MS).toBe(10_000);
  });
});

describe('newBuildId', () => {
  it('sorts by time', () => {
    expect(newBuildId(1_700_000_000_000, 'aa') < newBuildId(1_700_000_000_001, 'aa')).toBe(true);
  });
});

describe('the build watcher', () => {
  let latest: { id: string; timestamp: number };
  let storage: MemoryStorage;
  let navigate: ReturnType<typeof vi.fn<(href: string) => void>>;
  let reload: ReturnType<typeof vi.fn<() => void>>;
  let onUpdate: ReturnType<typeof vi.fn<(latest: { id: string }) => void>>;
  let fetchLatest: ReturnType<typeof vi.fn<() => Promise<unknown>>>;

  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-21T10:00:00Z'));
    latest = { id: 'build-a', timestamp: 1 };
    storage = new MemoryStorage();
    navigate = vi.fn();
    reload = vi.fn();
    onUpdate = vi.fn();
    fetchLatest = vi.fn(async () => ({ ...latest }));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const watcher = (overrides: Partial<BuildWatcherOptions> = {}) =>
    createBuildWatcher({
      ownId: 'build-a',
      fetchLatest,
      storage,
      now: () => Date.now(),
      navigate,
      reload,
      onUpdate,
      ...overrides,
    });

  it('polls every 60 s once started, and not before', async () => {
    const w = watcher();
    w.start();
    expect(fetchLatest).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(BUILD_POLL_MS - 1);
    expect(fetchLatest).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchLatest).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(BUILD_POLL_MS * 2);
    expect(fetchLatest).toHaveBeenCalledTimes(3);
    w.stop();
    await vi.advanceTimersByTimeAsync(BUILD_POLL_MS * 2);
    expect(fetchLatest).toHaveBeenCalledTimes(3);
  });

  it('leaves links alone while the page is the latest build', async () => {
    const w = watcher();
    expect(await w.check()).toBe(false);
    expect(w.followLink('/browse/trees')).toBe(false);
    expect(navigate).not.toHaveBeenCalled();
    expect(onUpdate).not.toHaveBeenCalled();
  });

  it('makes the next link a full load once a newer build is out, and tells once', async () => {
    const w = watcher();
    w.start();
    latest = { id: 'build-b', timestamp: 2 };
    await vi.advanceTimersByTimeAsync(BUILD_POLL_MS);
    expect(w.updateAvailable).toBe(true);
    expect(onUpdate).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(BUILD_POLL_MS);
    expect(onUpdate).toHaveBeenCalledTimes(1);

    expect(w.followLink('/browse/trees')).toBe(true);
    expect(navigate).toHaveBeenCalledWith('/browse/trees');
    expect(storage.getItem(RELOAD_GUARD_KEY)).toBe(String(Date.now()));
  });

  it('never forces two loads within 10 s, and allows one after', async () => {
    latest = { id: 'build-b', timestamp: 2 };
    const w = watcher();
    await w.check();
    expect(w.followLink('/a')).toBe(true);
    await vi.advanceTimersByTimeAsync(RELOAD_GUARD_MS - 1);
    expect(w.followLink('/b')).toBe(false);
    expect(w.reloadIfAllowed()).toBe(false);
    expect(navigate).toHaveBeenCalledTimes(1);
    expect(reload).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(w.followLink('/c')).toBe(true);
    expect(navigate).toHaveBeenLastCalledWith('/c');
  });

  it('keeps the guard across pages of the tab (sessionStorage)', async () => {
    latest = { id: 'build-b', timestamp: 2 };
    const first = watcher();
    await first.check();
    first.followLink('/a');
    // The next page is still the old build (a cache served it): it must not bounce again.
    const second = watcher();
    await second.check();
    expect(second.reloadIfAllowed()).toBe(false);
    expect(second.followLink('/b')).toBe(false);
    await vi.advanceTimersByTimeAsync(RELOAD_GUARD_MS);
    expect(second.reloadIfAllowed()).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('shares one request between checks that overlap', async () => {
    let resolve: (value: unknown) => void = () => {};
    fetchLatest.mockImplementation(() => new Promise((r) => (resolve = r)));
    const w = watcher();
    const a = w.check();
    const b = w.check();
    resolve({ id: 'build-b', timestamp: 2 });
    expect(await a).toBe(true);
    expect(await b).toBe(true);
    expect(fetchLatest).toHaveBeenCalledTimes(1);
  });

  it('survives a failed or malformed manifest and tries again at the next poll', async () => {
    const onCheckFailed = vi.fn();
    fetchLatest.mockRejectedValueOnce(new TypeError('offline')).mockResolvedValueOnce({ nope: true });
    const w = watcher({ onCheckFailed });
    w.start();
    await vi.advanceTimersByTimeAsync(BUILD_POLL_MS * 2);
    expect(onCheckFailed).toHaveBeenCalledTimes(2);
    expect(w.updateAvailable).toBe(false);
    latest = { id: 'build-b', timestamp: 2 };
    await vi.advanceTimersByTimeAsync(BUILD_POLL_MS);
    expect(w.updateAvailable).toBe(true);
  });

  it('does nothing in development', async () => {
    const w = watcher({ ownId: 'dev' });
    w.start();
    await vi.advanceTimersByTimeAsync(BUILD_POLL_MS * 3);
    expect(await w.check()).toBe(false);
    expect(fetchLatest).not.toHaveBeenCalled();
  });
});
