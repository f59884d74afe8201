import { atom } from 'nanostores';
import { createFetcherStore, type FetcherStore } from '../../lib/http/query.ts';
import {
  acceptLanguage,
  linkSession,
  postRefresh,
  SESSION_PATH,
  sessionRefetchHeld,
  tokenSchedule,
} from '../../lib/http/session-refresh.ts';
import { SESSION_REFETCH_INTERVAL_MS } from '../../lib/http/token-schedule.ts';
import type { SessionData } from './accounts.ts';

/**
 * The browser's side of the session (spec §3, §4, §8): the auth state in a nanostore and the
 * 10-minute session refetch. The refresh transport under the one HTTP client (the token
 * schedule and the answer to a 401) is `src/lib/http/session-refresh.ts`, which asks this
 * module whether someone is signed in and tells it when the session ends.
 */
export type AuthStatus = 'loading' | 'authenticated' | 'unauthenticated';

export interface AuthState {
  status: AuthStatus;
  data: SessionData | null;
  lastRefreshedAt: number | null;
}

export const $auth = atom<AuthState>({ status: 'loading', data: null, lastRefreshedAt: null });

// SESSION_CACHE_KEY of src/lib/session-cache.ts, spelt out: importing it from the shell chunk
// cost the home page 43 bytes of its budget (auth.client.test.ts holds the two together).
const SESSION_CACHE_KEY = 'nursery:session';

linkSession({
  isSignedIn: () => $auth.get().status === 'authenticated',
  onRefreshed: () => $auth.set({ ...$auth.get(), lastRefreshedAt: Date.now() }),
  onSessionEnded: () => clearSession(),
});

function setSession(data: SessionData | null): void {
  if (data) {
    $auth.set({ ...$auth.get(), status: 'authenticated', data });
    sessionStorage.setItem(SESSION_CACHE_KEY, JSON.stringify(data));
  } else {
    clearSession();
  }
}

/** Forgets the tab's session: the header shows a visitor, and nothing is refetched or refreshed. */
export function clearSession(): void {
  $auth.set({ status: 'unauthenticated', data: null, lastRefreshedAt: null });
  sessionStorage.removeItem(SESSION_CACHE_KEY);
  stopSessionRefetch();
  tokenSchedule.stop();
}

/** The session remembered by this tab, to draw the header before the server answers. */
export function cachedSession(): SessionData | null {
  const raw = sessionStorage.getItem(SESSION_CACHE_KEY);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as SessionData;
  } catch (error) {
    console.error('Discarding an unreadable cached session', error);
    sessionStorage.removeItem(SESSION_CACHE_KEY);
    return null;
  }
}

/** Spec §2: paths under /auth/ skip the token-expiry check (no refresh, no schedule). */
const onAuthPage = () => /^(\/fr)?\/auth\//.test(location.pathname);

/**
 * GET /api/session: data when signed in, null for a visitor. A 401 means the access session
 * ended but a refresh may bring it back: refreshed (except on /auth/ pages), then asked again.
 * Another failure throws, for the data cache to report.
 */
async function fetchSession(): Promise<SessionData | null> {
  const get = () =>
    fetch(SESSION_PATH, {
      credentials: 'same-origin',
      headers: { accept: 'application/json', 'accept-language': acceptLanguage() },
    });
  let response = await get();
  if (response.status === 401) {
    if (onAuthPage()) return null;
    const refreshed = await postRefresh().catch((error: unknown) => {
      console.error('Token refresh failed', error);
      return false;
    });
    if (!refreshed) return null;
    response = await get();
  }
  if (!response.ok) throw new Error(`GET /api/session answered ${response.status}`);
  return (await response.json()) as SessionData | null;
}

/**
 * The session through the one data cache (decision 032): read once per page, then every
 * 10 minutes while the tab is visible and a session exists (spec §9), never on focus. While a
 * refresh runs the refetch is held back, so it cannot read a half-renewed session.
 */
let sessionStore: FetcherStore<SessionData | null> | undefined;

/** The session's store, made on first use. */
export function sessionStore$(): FetcherStore<SessionData | null> {
  sessionStore ??= createFetcherStore<SessionData | null>(SESSION_PATH, {
    fetcher: async () => (sessionRefetchHeld() ? $auth.get().data : fetchSession()),
    revalidateInterval: SESSION_REFETCH_INTERVAL_MS,
    onError: (error) => console.error('Session load failed', error),
  });
  return sessionStore;
}

let unfollowSession: (() => void) | undefined;

/** Ends the 10-minute refetch: the store loses its last listener. */
function stopSessionRefetch(): void {
  unfollowSession?.();
  unfollowSession = undefined;
}

/** Follows the cached session: $auth mirrors it while it lasts; a failed load ends it. */
function followSession(): void {
  stopSessionRefetch();
  unfollowSession = sessionStore$().listen(({ data, error, loading }) => {
    if (loading) return;
    if (error) clearSession();
    else if (data !== undefined) setSession(data);
  });
}

/** Loads the session now (the cached answer if it is a few seconds old); null for a visitor or a failure. */
export async function loadSession(): Promise<SessionData | null> {
  followSession();
  const result = await sessionStore$().fetch();
  return 'data' in result ? result.data : null;
}

/** Starts the client side of the session on a page: cached state first, then the server's. */
export async function startAuthClient(): Promise<void> {
  const cached = cachedSession();
  if (cached) $auth.set({ ...$auth.get(), status: 'authenticated', data: cached });
  const data = await loadSession();
  if (data && !onAuthPage()) tokenSchedule.start();
}

/** The session's status once known: the header's session load settles 'loading'. */
export function settledAuthStatus(): Promise<Exclude<AuthStatus, 'loading'>> {
  const now = $auth.get().status;
  if (now !== 'loading') return Promise.resolve(now);
  return new Promise((resolve) => {
    const stop = $auth.listen((state) => {
      if (state.status === 'loading') return;
      stop();
      resolve(state.status);
    });
  });
}

/** Whether the shopper has trade pricing, once the session is known: false for a visitor. */
export async function settledTradePricing(): Promise<boolean> {
  return (await settledAuthStatus()) === 'authenticated' && $auth.get().data?.trade_pricing === true;
}
