import { atom } from 'nanostores';
import { createFetcherStore, type FetcherStore } from '../../lib/http/query.ts';
import type { SessionData } from './accounts.ts';
import { SESSION_REFETCH_INTERVAL_MS, TokenSchedule, type TokenStatus } from './token-schedule.ts';

/**
 * The browser's side of the session (spec §3, §4, §8): the auth state in a nanostore, the
 * token schedule, the 10-minute session refetch, and `authorizedFetch`, the refresh protocol
 * under the one HTTP client (`src/lib/http/client.ts`, which islands use): it holds requests
 * back during a refresh and answers a 401.
 */
export type AuthStatus = 'loading' | 'authenticated' | 'unauthenticated';

export interface AuthState {
  status: AuthStatus;
  data: SessionData | null;
  lastRefreshedAt: number | null;
}

export const $auth = atom<AuthState>({ status: 'loading', data: null, lastRefreshedAt: null });

const SESSION_CACHE_KEY = 'nursery:session';
const SESSION_KEY = '/api/session';

// Plain path helpers: the i18n module carries every translation and stays on the server.
function pageLocale(): 'en' | 'fr' {
  return location.pathname === '/fr' || location.pathname.startsWith('/fr/') ? 'fr' : 'en';
}

function acceptLanguage(): string {
  return pageLocale() === 'fr' ? 'fr-CA,fr;q=0.9' : 'en-CA,en;q=0.9';
}

export function signInHref(): string {
  const here = `${location.pathname}${location.search}`;
  const signIn = pageLocale() === 'fr' ? '/fr/auth/sign-in' : '/auth/sign-in';
  return `${signIn}?redirect=${encodeURIComponent(here)}`;
}

/**
 * Sent with every call to our /api: a header a cross-site form or a simple request cannot
 * carry (CSRF), beside the Sec-Fetch-Site/Origin check the server makes.
 */
export const CSRF_HEADER = 'x-requested-with';
export const CSRF_HEADER_VALUE = 'nursery-client';

function goToSignIn(): void {
  location.assign(signInHref());
}

async function fetchTokenStatus(): Promise<TokenStatus> {
  const response = await fetch('/api/auth/token', {
    credentials: 'same-origin',
    headers: { accept: 'application/json' },
  });
  if (response.status === 401) return { kind: 'unauthenticated' };
  if (!response.ok) throw new Error(`GET /api/auth/token answered ${response.status}`);
  const body = (await response.json()) as { exp?: unknown };
  if (typeof body.exp !== 'number') throw new Error('GET /api/auth/token answered without exp');
  return { kind: 'valid', exp: body.exp };
}

async function postRefresh(): Promise<boolean> {
  const response = await fetch('/api/auth/refresh', {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json', accept: 'application/json', [CSRF_HEADER]: CSRF_HEADER_VALUE },
    body: '{}',
  });
  if (!response.ok) return false;
  // Spec §5: a refresh response must carry a string token.
  const body = (await response.json()) as { token?: unknown };
  return typeof body.token === 'string';
}

export const tokenSchedule = new TokenSchedule({
  fetchToken: fetchTokenStatus,
  refresh: postRefresh,
  isAuthenticated: () => $auth.get().status === 'authenticated',
  onRefreshed: () => $auth.set({ ...$auth.get(), lastRefreshedAt: Date.now() }),
  onRefreshFailed: () => {
    clearSession();
    goToSignIn();
  },
  log: (message, error) => console.error(message, error ?? ''),
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
    fetch(SESSION_KEY, {
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
let refetchPaused = false;
let sessionStore: FetcherStore<SessionData | null> | undefined;

/** The session's store, made on first use (the HTTP client, and so the data cache, import this module). */
export function sessionStore$(): FetcherStore<SessionData | null> {
  sessionStore ??= createFetcherStore<SessionData | null>(SESSION_KEY, {
    fetcher: async () => (refetchPaused ? $auth.get().data : fetchSession()),
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

const AUTH_PATHS = ['/api/auth/', SESSION_KEY];

/**
 * The transport under the one HTTP client: same-origin credentials, the page's language,
 * the CSRF header, requests held while a refresh runs, and spec §8's answer to a 401:
 * nothing while a refresh is running; sign-in for a visitor; otherwise pause the session
 * refetch, refresh, resume and send the request again. Islands call `api` from
 * `src/lib/http/client.ts`, not this.
 */
export interface AuthorizedFetchOptions {
  /**
   * A 401 for a visitor is an answer the caller handles itself (a yard kept in the browser,
   * sign-in with a way back to finish an add), so the visitor is not sent to sign-in here.
   */
  visitorRefusalHandled?: boolean;
  /**
   * A read made while the page loads, beside the session load that refreshes an ended
   * session by itself: no token check of its own (it could race that load and send a
   * visitor with a stale cached session to sign-in) and no answer to a 401.
   */
  passive?: boolean;
}

export async function authorizedFetch(
  path: string,
  init: RequestInit = {},
  options: AuthorizedFetchOptions = {},
): Promise<Response> {
  const isAuthCall = options.passive === true || AUTH_PATHS.some((prefix) => path.startsWith(prefix));
  if (!isAuthCall) await tokenSchedule.beforeRequest();
  const send = () => {
    const headers = new Headers(init.headers);
    if (!headers.has('accept')) headers.set('accept', 'application/json');
    if (!headers.has('accept-language')) headers.set('accept-language', acceptLanguage());
    headers.set(CSRF_HEADER, CSRF_HEADER_VALUE);
    return fetch(path, { ...init, headers, credentials: 'same-origin' });
  };
  const response = await send();
  if (response.status !== 401 || isAuthCall) return response;
  if (tokenSchedule.isRefreshing) return response;
  if ($auth.get().status !== 'authenticated') {
    if (!options.visitorRefusalHandled) goToSignIn();
    return response;
  }
  refetchPaused = true;
  const refreshed = await tokenSchedule.refresh();
  refetchPaused = false;
  return refreshed ? send() : response;
}
