import { useCallback, useEffect, useRef, useSyncExternalStore } from 'react';
import type { ApiErrorBody } from './api.ts';

/**
 * The one data-fetching helper of the islands: a small cache keyed by string, with the
 * behaviour the spec gives the data cache (§9): 3 retries with an exponential delay capped
 * at 30 s, garbage collection 5 minutes after the last component stops using an entry, and
 * one request at a time per key however many components ask.
 */

export const FETCH_CACHE_DEFAULTS = {
  retries: 3,
  maxRetryDelayMs: 30_000,
  gcTimeMs: 5 * 60_000,
  /** Data is stale at once by default: a new component asking refetches, and shares the request. */
  staleTimeMs: 0,
} as const;

/** 1 s, 2 s, 4 s, … capped at 30 s: the delay before retry number `attempt` + 1. */
export function retryDelay(attempt: number, maxMs: number = FETCH_CACHE_DEFAULTS.maxRetryDelayMs): number {
  return Math.min(1000 * 2 ** attempt, maxMs);
}

/** A response that was not 2xx, with the API's stable error code when it sent one. */
export class HttpError extends Error {
  override name = 'HttpError';
  readonly status: number;
  readonly code: string | undefined;

  constructor(status: number, message: string, code?: string) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

/** Network failures and server errors are worth retrying; a 4xx will answer the same again. */
export function isRetryable(error: unknown): boolean {
  if (error instanceof DOMException && error.name === 'AbortError') return false;
  if (error instanceof HttpError) return error.status >= 500 || error.status === 408 || error.status === 429;
  return true;
}

/** GET a JSON resource of our own API; a non-2xx answer becomes an HttpError. */
export async function fetchJson<T>(url: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(url, {
    credentials: 'same-origin',
    ...init,
    headers: { accept: 'application/json', ...init.headers },
  });
  if (!response.ok) {
    // The API explains its errors in JSON; a proxy's HTML error page has only the status.
    const body = (await response.json().catch(() => undefined)) as ApiErrorBody | undefined;
    throw new HttpError(response.status, body?.error?.message ?? response.statusText, body?.error?.code);
  }
  return (await response.json()) as T;
}

export type QueryStatus = 'pending' | 'success' | 'error';

export interface QueryState<T> {
  status: QueryStatus;
  /** Whether a request is under way (a refetch keeps the old data meanwhile). */
  fetching: boolean;
  data: T | undefined;
  error: unknown;
  /** Failed attempts of the current or last request. */
  failureCount: number;
  dataUpdatedAt: number;
  /** How many components use the entry now; at 0 the garbage collection clock runs. */
  observers: number;
  /** When the entry will be collected, if no component uses it by then. */
  gcAt: number | undefined;
}

type Fetcher<T> = (signal: AbortSignal) => Promise<T>;

interface Entry {
  state: QueryState<unknown>;
  inFlight: Promise<unknown> | undefined;
  listeners: Set<() => void>;
  gcTimer: ReturnType<typeof setTimeout> | undefined;
}

export interface FetchCacheOptions {
  retries?: number;
  maxRetryDelayMs?: number;
  gcTimeMs?: number;
  staleTimeMs?: number;
  now?: () => number;
}

export class FetchCache {
  readonly #entries = new Map<string, Entry>();
  readonly #retries: number;
  readonly #maxRetryDelayMs: number;
  readonly #gcTimeMs: number;
  readonly #staleTimeMs: number;
  readonly #now: () => number;
  readonly #cacheListeners = new Set<() => void>();

  constructor(options: FetchCacheOptions = {}) {
    this.#retries = options.retries ?? FETCH_CACHE_DEFAULTS.retries;
    this.#maxRetryDelayMs = options.maxRetryDelayMs ?? FETCH_CACHE_DEFAULTS.maxRetryDelayMs;
    this.#gcTimeMs = options.gcTimeMs ?? FETCH_CACHE_DEFAULTS.gcTimeMs;
    this.#staleTimeMs = options.staleTimeMs ?? FETCH_CACHE_DEFAULTS.staleTimeMs;
    this.#now = options.now ?? (() => Date.now());
  }

  /**
   * The data for `key`: from the cache while fresh, else from `fetcher`, retried as above.
   * Callers asking while a request is under way share it.
   */
  fetch<T>(key: string, fetcher: Fetcher<T>, options: { staleTimeMs?: number } = {}): Promise<T> {
    const entry = this.#entry(key);
    if (entry.inFlight) return entry.inFlight as Promise<T>;
    const staleTimeMs = options.staleTimeMs ?? this.#staleTimeMs;
    const { state } = entry;
    if (state.status === 'success' && this.#now() - state.dataUpdatedAt < staleTimeMs) {
      return Promise.resolve(state.data as T);
    }
    this.#cancelGc(entry);
    const request = this.#run(key, entry, fetcher);
    entry.inFlight = request;
    return request;
  }

  getState<T>(key: string): QueryState<T> | undefined {
    return this.#entries.get(key)?.state as QueryState<T> | undefined;
  }

  /** Uses the entry (creating it, pending, if new): it is not collected while used. */
  subscribe(key: string, listener: () => void): () => void {
    const entry = this.#entry(key);
    entry.listeners.add(listener);
    this.#cancelGc(entry);
    this.#update(entry, { observers: entry.listeners.size });
    return () => {
      entry.listeners.delete(listener);
      this.#update(entry, { observers: entry.listeners.size });
      if (entry.listeners.size === 0 && !entry.inFlight) this.#scheduleGc(key, entry);
    };
  }

  /** Marks the data stale: the next fetch goes to the network. */
  invalidate(key: string): void {
    const entry = this.#entries.get(key);
    if (entry) this.#update(entry, { dataUpdatedAt: 0 });
  }

  keys(): string[] {
    return [...this.#entries.keys()];
  }

  /** Tells `listener` when an entry is added, changed or collected (for tooling and demos). */
  onChange(listener: () => void): () => void {
    this.#cacheListeners.add(listener);
    return () => this.#cacheListeners.delete(listener);
  }

  async #run<T>(key: string, entry: Entry, fetcher: Fetcher<T>): Promise<T> {
    const controller = new AbortController();
    this.#update(entry, { fetching: true, failureCount: 0 });
    try {
      for (let attempt = 0; ; attempt++) {
        try {
          const data = await fetcher(controller.signal);
          this.#update(entry, {
            status: 'success',
            data,
            error: undefined,
            fetching: false,
            dataUpdatedAt: this.#now(),
          });
          return data;
        } catch (error) {
          const failureCount = attempt + 1;
          if (attempt >= this.#retries || !isRetryable(error)) {
            this.#update(entry, { status: 'error', error, fetching: false, failureCount });
            throw error;
          }
          this.#update(entry, { failureCount });
          await new Promise((resolve) => setTimeout(resolve, retryDelay(attempt, this.#maxRetryDelayMs)));
        }
      }
    } finally {
      entry.inFlight = undefined;
      if (entry.listeners.size === 0) this.#scheduleGc(key, entry);
    }
  }

  #entry(key: string): Entry {
    let entry = this.#entries.get(key);
    if (!entry) {
      entry = {
        state: {
          status: 'pending',
          fetching: false,
          data: undefined,
          error: undefined,
          failureCount: 0,
          dataUpdatedAt: 0,
          observers: 0,
          gcAt: undefined,
        },
        inFlight: undefined,
        listeners: new Set(),
        gcTimer: undefined,
      };
      this.#entries.set(key, entry);
      this.#emit();
    }
    return entry;
  }

  #scheduleGc(key: string, entry: Entry): void {
    this.#cancelGc(entry);
    entry.gcTimer = setTimeout(() => {
      if (entry.listeners.size > 0 || entry.inFlight) return;
      this.#entries.delete(key);
      this.#emit();
    }, this.#gcTimeMs);
    this.#update(entry, { gcAt: this.#now() + this.#gcTimeMs });
  }

  #cancelGc(entry: Entry): void {
    if (entry.gcTimer === undefined) return;
    clearTimeout(entry.gcTimer);
    entry.gcTimer = undefined;
    this.#update(entry, { gcAt: undefined });
  }

  #update(entry: Entry, change: Partial<QueryState<unknown>>): void {
    // A new object on every change: React's useSyncExternalStore compares snapshots by identity.
    entry.state = { ...entry.state, ...change };
    for (const listener of entry.listeners) listener();
    this.#emit();
  }

  #emit(): void {
    for (const listener of this.#cacheListeners) listener();
  }
}

/** The cache every island shares. */
export const fetchCache = new FetchCache();

/**
 * An island's view of one cached resource: fetches on mount (sharing any request under
 * way), re-renders as the entry changes, and lets the entry be collected 5 minutes after
 * the last component using it unmounts.
 */
export function useCachedFetch<T>(
  key: string,
  fetcher: Fetcher<T>,
  options: { cache?: FetchCache; staleTimeMs?: number } = {},
): QueryState<T> & { refetch: () => Promise<T> } {
  const cache = options.cache ?? fetchCache;
  const { staleTimeMs } = options;
  // The latest fetcher, without refetching because a component passed a new function.
  const fetcherRef = useRef(fetcher);
  fetcherRef.current = fetcher;
  const subscribe = useCallback((listener: () => void) => cache.subscribe(key, listener), [cache, key]);
  const snapshot = () => cache.getState<T>(key) ?? PENDING;
  const state = useSyncExternalStore(subscribe, snapshot, () => PENDING as QueryState<T>);
  const refetch = useCallback(() => {
    cache.invalidate(key);
    return cache.fetch(key, (signal) => fetcherRef.current(signal), { staleTimeMs });
  }, [cache, key, staleTimeMs]);
  useEffect(() => {
    // A failure is not lost: it is in the entry's state, which this component renders.
    cache.fetch(key, (signal) => fetcherRef.current(signal), { staleTimeMs }).catch(() => undefined);
  }, [cache, key, staleTimeMs]);
  return { ...(state as QueryState<T>), refetch };
}

const PENDING: QueryState<never> = {
  status: 'pending',
  fetching: false,
  data: undefined,
  error: undefined,
  failureCount: 0,
  dataUpdatedAt: 0,
  observers: 0,
  gcAt: undefined,
};
