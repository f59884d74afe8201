import { describe, expect, it } from 'vitest';
import { ApiError } from './api.ts';
import { backoffDelay, isRetryable, QUERY_SETTINGS, retryDelay } from './query.ts';

/** The data cache's configuration is spec §9's. */
describe('the data cache settings', () => {
  it('retries three times, 1 s, 2 s, 4 s apart, then gives up', () => {
    const network = new TypeError('Failed to fetch');
    expect([1, 2, 3, 4].map((count) => retryDelay(network, count))).toEqual([1000, 2000, 4000, null]);
  });

  it('caps the delay at 30 s', () => {
    expect([5, 6, 10].map(backoffDelay)).toEqual([16_000, 30_000, 30_000]);
  });

  it('does not retry a refusal that asking again cannot change', () => {
    expect(retryDelay(new ApiError(404, 'not_found', 'Not Found'), 1)).toBeNull();
    expect(retryDelay(new ApiError(401, 'unauthenticated', 'Sign in'), 1)).toBeNull();
    expect(isRetryable(new ApiError(503, 'unavailable', ''))).toBe(true);
    expect(isRetryable(new ApiError(429, 'rate_limited', ''))).toBe(true);
    expect(isRetryable(new ApiError(408, 'timeout', ''))).toBe(true);
  });

  it('keeps entries 5 minutes and never refetches on focus or reconnect', () => {
    expect(QUERY_SETTINGS.cacheLifetime).toBe(300_000);
    expect(QUERY_SETTINGS.revalidateOnFocus).toBe(false);
    expect(QUERY_SETTINGS.revalidateOnReconnect).toBe(false);
    expect(QUERY_SETTINGS.onErrorRetry({ error: new TypeError('offline'), retryCount: 2 })).toBe(2000);
  });
});
