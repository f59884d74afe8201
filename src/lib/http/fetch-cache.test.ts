import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FETCH_CACHE_DEFAULTS, FetchCache, fetchJson, HttpError, isRetryable, retryDelay } from './fetch-cache.ts';

describe('retryDelay', () => {
  it('doubles from one second and stops at 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 10].map((attempt) => retryDelay(attempt))).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000,
    ]);
  });
});

describe('isRetryable', () => {
  it('retries network and server errors, not client errors', () => {
    expect(isRetryable(new TypeError('Failed to fetch'))).toBe(true);
    expect(isRetryable(new HttpError(503, 'Unavailable'))).toBe(true);
    expect(isRetryable(new HttpError(429, 'Too many'))).toBe(true);
    expect(isRetryable(new HttpError(404, 'Not Found'))).toBe(false);
    expect(isRetryable(new HttpError(401, 'Unauthorized'))).toBe(false);
  });
});

describe('FetchCache', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('has the spec defaults: 3 retries, 30 s cap, 5 minutes of garbage collection', () => {
    expect(FETCH_CACHE_DEFAULTS).toMatchObject({ retries: 3, maxRetryDelayMs: 30_000, gcTimeMs: 300_000 });
  });

  it('retries three times, 1 s, 2 s and 4 s apart, then reports the error', async () => {
    const cache = new FetchCache();
    const fetcher = vi.fn(async () => {
      throw new HttpError(503, 'Unavailable');
    });
    const result = cache.fetch('settings', fetcher);
    const settled = result.catch((error: unknown) => error);
    expect(fetcher).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(fetcher).toHaveBeenCalledTimes(1);
    expect(cache.getState('settings')).toMatchObject({ failureCount: 1, fetching: true, status: 'pending' });
    await vi.advanceTimersByTimeAsync(1);
    expect(fetcher).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(2000);
    expect(fetcher).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(3999);
    expect(fetcher).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetcher).toHaveBeenCalledTimes(4);
    expect(await settled).toBeInstanceOf(HttpError);
    expect(cache.getState('settings')).toMatchObject({ status: 'error', fetching: false, failureCount: 4 });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetcher).toHaveBeenCalledTimes(4);
  });

  it('caps the delay at 30 s when more retries are allowed', async () => {
    const cache = new FetchCache({ retries: 7 });
    const fetcher = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    const settled = cache.fetch('k', fetcher).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(1000 + 2000 + 4000 + 8000 + 16000);
    expect(fetcher).toHaveBeenCalledTimes(6);
    await vi.advanceTimersByTimeAsync(29_999);
    expect(fetcher).toHaveBeenCalledTimes(6);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetcher).toHaveBeenCalledTimes(7);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(fetcher).toHaveBeenCalledTimes(8);
    expect(await settled).toBeInstanceOf(TypeError);
  });

  it('does not retry what will fail the same way', async () => {
    const cache = new FetchCache();
    const fetcher = vi.fn(async () => {
      throw new HttpError(404, 'Not Found');
    });
    await expect(cache.fetch('missing', fetcher)).rejects.toThrow('Not Found');
    expect(fetcher).toHaveBeenCalledTimes(1);
  });

  it('recovers when a retry succeeds', async () => {
    const cache = new FetchCache();
    const fetcher = vi.fn().mockRejectedValueOnce(new TypeError('offline')).mockResolvedValueOnce({ ok: 1 });
    const result = cache.fetch('k', fetcher);
    await vi.advanceTimersByTimeAsync(1000);
    expect(await result).toEqual({ ok: 1 });
    expect(cache.getState('k')).toMatchObject({ status: 'success', data: { ok: 1 }, failureCount: 1 });
  });

  it('shares one request among everyone asking at once', async () => {
    const cache = new FetchCache();
    let resolve: (value: string) => void = () => {};
    const fetcher = vi.fn(() => new Promise<string>((r) => (resolve = r)));
    const other = vi.fn(async () => 'other');
    const a = cache.fetch('k', fetcher);
    const b = cache.fetch('k', fetcher);
    expect(await cache.fetch('other', other)).toBe('other');
    expect(fetcher).toHaveBeenCalledTimes(1);
    expect(a).toBe(b);
    resolve('done');
    expect(await b).toBe('done');
  });

  it('serves fresh data from the cache and refetches stale or invalidated data', async () => {
    const cache = new FetchCache({ staleTimeMs: 60_000 });
    const fetcher = vi.fn(async () => Date.now());
    const first = await cache.fetch('k', fetcher);
    await vi.advanceTimersByTimeAsync(59_999);
    expect(await cache.fetch('k', fetcher)).toBe(first);
    expect(fetcher).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    await cache.fetch('k', fetcher);
    expect(fetcher).toHaveBeenCalledTimes(2);
    cache.invalidate('k');
    await cache.fetch('k', fetcher);
    expect(fetcher).toHaveBeenCalledTimes(3);
  });

  it('keeps an entry while it is used and collects it 5 minutes after the last user leaves', async () => {
    const cache = new FetchCache();
    const unsubscribeA = cache.subscribe('k', () => {});
    const unsubscribeB = cache.subscribe('k', () => {});
    await cache.fetch('k', async () => 'data');
    await vi.advanceTimersByTimeAsync(FETCH_CACHE_DEFAULTS.gcTimeMs * 2);
    expect(cache.getState('k')).toMatchObject({ data: 'data', observers: 2 });
    unsubscribeA();
    await vi.advanceTimersByTimeAsync(FETCH_CACHE_DEFAULTS.gcTimeMs * 2);
    expect(cache.keys()).toEqual(['k']);
    unsubscribeB();
    expect(cache.getState('k')?.gcAt).toBe(Date.now() + FETCH_CACHE_DEFAULTS.gcTimeMs);
    await vi.advanceTimersByTimeAsync(FETCH_CACHE_DEFAULTS.gcTimeMs - 1);
    expect(cache.keys()).toEqual(['k']);
    await vi.advanceTimersByTimeAsync(1);
    expect(cache.keys()).toEqual([]);
  });

  it('stops the collection clock when a component comes back in time', async () => {
    const cache = new FetchCache();
    cache.subscribe('k', () => {})();
    await cache.fetch('k', async () => 'data');
    await vi.advanceTimersByTimeAsync(FETCH_CACHE_DEFAULTS.gcTimeMs - 1000);
    const unsubscribe = cache.subscribe('k', () => {});
    expect(cache.getState('k')?.gcAt).toBeUndefined();
    await vi.advanceTimersByTimeAsync(FETCH_CACHE_DEFAULTS.gcTimeMs * 2);
    expect(cache.getState('k')?.data).toBe('data');
    unsubscribe();
  });

  it('collects data nobody subscribed to, and never an entry with a request under way', async () => {
    const cache = new FetchCache({ gcTimeMs: 1000, retries: 0 });
    let resolve: (value: string) => void = () => {};
    const pending = cache.fetch('k', () => new Promise<string>((r) => (resolve = r)));
    cache.subscribe('k', () => {})();
    await vi.advanceTimersByTimeAsync(5000);
    expect(cache.keys()).toEqual(['k']);
    resolve('late');
    await pending;
    await vi.advanceTimersByTimeAsync(1000);
    expect(cache.keys()).toEqual([]);
  });

  it('tells subscribers about each change with a new state object', async () => {
    const cache = new FetchCache();
    const seen: unknown[] = [];
    cache.subscribe('k', () => seen.push(cache.getState('k')));
    await cache.fetch('k', async () => 1);
    expect(seen.length).toBeGreaterThanOrEqual(2);
    expect(new Set(seen).size).toBe(seen.length);
    expect(cache.getState('k')).toMatchObject({ status: 'success', data: 1, fetching: false });
  });
});

describe('fetchJson', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('turns an API error into an HttpError with its code and message', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ error: { code: 'not_found', message: 'Not Found' } }), {
            status: 404,
            headers: { 'content-type': 'application/json' },
          }),
      ),
    );
    await expect(fetchJson('/api/x')).rejects.toMatchObject({ status: 404, code: 'not_found', message: 'Not Found' });
  });

  it('returns the JSON of a 2xx answer and asks for JSON', async () => {
    const fetchMock = vi.fn(async () => new Response('{"a":1}', { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    expect(await fetchJson('/api/x')).toEqual({ a: 1 });
    expect(fetchMock).toHaveBeenCalledWith('/api/x', expect.objectContaining({ credentials: 'same-origin' }));
  });
});
