import { atom } from 'nanostores';
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

// Session refetch every 10 minutes while a session exists; never on window focus.
let refetchTimer: ReturnType<typeof setInterval> | undefined;
let refetchPaused = false;

function startSessionRefetch(): void {
  if (refetchTimer !== undefined) return;
  refetchTimer = setInterval(() => {
    if (!refetchPaused && $auth.get().status === 'authenticated') void loadSession();
  }, SESSION_REFETCH_INTERVAL_MS);
}

function stopSessionRefetch(): void {
  if (refetchTimer !== undefined) clearInterval(refetchTimer);
  refetchTimer = undefined;
}

function setSession(data: SessionData | null): void {
  if (data) {
    $auth.set({ ...$auth.get(), status: 'authenticated', data });
    sessionStorage.setItem(SESSION_CACHE_KEY, JSON.stringify(data));
    startSessionRefetch();
  } else {
    clearSession();
  }
}

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

/**
 * GET /api/session: data when signed in, null for a visitor, 401 when the access session
 * ended but a refresh may bring it back. A failed load is logged and clears the session.
 */
export async function loadSession(options: { refresh?: boolean } = {}): Promise<SessionData | null> {
  try {
    let response = await fetch('/api/session', {
      credentials: 'same-origin',
      headers: { accept: 'application/json', 'accept-language': acceptLanguage() },
    });
    if (response.status === 401 && options.refresh === false) {
      clearSession();
      return null;
    }
    if (response.status === 401) {
      const refreshed = await postRefresh().catch((error: unknown) => {
        console.error('Token refresh failed', error);
        return false;
      });
      if (!refreshed) {
        clearSession();
        return null;
      }
      response = await fetch('/api/session', { credentials: 'same-origin', headers: { accept: 'application/json' } });
    }
    if (!response.ok) throw new Error(`GET /api/session answered ${response.status}`);
    const data = (await response.json()) as SessionData | null;
    setSession(data);
    return data;
  } catch (error) {
    console.error('Session load failed', error);
    clearSession();
    return null;
  }
}

/** Starts the client side of the session on a page: cached state first, then the server's. */
export async function startAuthClient(): Promise<void> {
  // Spec §2: paths under /auth/ skip the token-expiry check (no refresh, no schedule).
  const onAuthPage = /^(\/fr)?\/auth\//.test(location.pathname);
  const cached = cachedSession();
  if (cached) $auth.set({ ...$auth.get(), status: 'authenticated', data: cached });
  const data = await loadSession({ refresh: !onAuthPage });
  if (data && !onAuthPage) tokenSchedule.start();
}

const AUTH_PATHS = ['/api/auth/', '/api/session'];

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
