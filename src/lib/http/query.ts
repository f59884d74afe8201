import { nanoquery } from '@nanostores/query';
import { ApiError, api } from './client.ts';

/**
 * The one data cache for islands that read server data (decision 032): @nanostores/query
 * (nanostores, like the rest of the client state) configured to spec §9 — 3 retries with an
 * exponential delay capped at 30 s, entries kept 5 minutes, no refetch on window focus or
 * reconnect. Every read goes through the one HTTP client (`api`), so it carries the session
 * refresh protocol. A store's key is the API path (parts are joined).
 */
export const QUERY_RETRIES = 3;
export const QUERY_RETRY_BASE_DELAY_MS = 1000;
export const QUERY_RETRY_MAX_DELAY_MS = 30_000;
export const QUERY_CACHE_LIFETIME_MS = 5 * 60_000;

/** Whether a failed read may succeed when asked again: the network, 5xx, 408 and 429. */
export function isRetryable(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  return error.status >= 500 || error.status === 408 || error.status === 429;
}

/** Exponential: 1 s, 2 s, 4 s, … never more than 30 s. */
export function backoffDelay(retryCount: number): number {
  return Math.min(QUERY_RETRY_BASE_DELAY_MS * 2 ** (retryCount - 1), QUERY_RETRY_MAX_DELAY_MS);
}

/**
 * The delay before retry number `retryCount` (1, 2, 3): 1 s, 2 s, 4 s, … capped at 30 s;
 * null once the three retries are spent or when asking again cannot help (a 4xx).
 */
export function retryDelay(error: unknown, retryCount: number): number | null {
  if (retryCount > QUERY_RETRIES || !isRetryable(error)) return null;
  return backoffDelay(retryCount);
}

export const QUERY_SETTINGS = {
  cacheLifetime: QUERY_CACHE_LIFETIME_MS,
  revalidateOnFocus: false,
  revalidateOnReconnect: false,
  onErrorRetry: ({ error, retryCount }: { error: unknown; retryCount: number }) => retryDelay(error, retryCount),
} as const;

/** The entries themselves (data, error, retry count, when made and when they expire). */
export const queryEntries = new Map<
  string,
  { data?: unknown; error?: unknown; retryCount?: number; created?: number; expires?: number }
>();

export type { FetcherStore } from '@nanostores/query';

export const [createFetcherStore, createMutatorStore, queryCache] = nanoquery({
  cache: queryEntries,
  fetcher: (...parts) => api(parts.join('')),
  ...QUERY_SETTINGS,
});
