import { TokenSchedule, type TokenStatus } from './token-schedule.ts';

/**
 * The refresh transport under the one HTTP client (spec §4, §8, §9): the token schedule,
 * POST /api/auth/refresh, and `authorizedFetch`, which holds requests back during a refresh
 * and answers a 401. Islands call `api` from `./client.ts`, not this.
 *
 * The session itself (who is signed in, what the header shows) belongs to the accounts
 * feature (`src/features/accounts/auth.client.ts`), which links itself here when it loads.
 * Until it does the tab counts as a visitor, as it does while the session is still loading.
 */
export interface SessionLink {
  /** Whether the tab believes someone is signed in (a refresh can only help them). */
  isSignedIn(): boolean;
  /** A refresh renewed the session. */
  onRefreshed(): void;
  /** A refresh failed: the session is over (the transport then sends the user to sign in). */
  onSessionEnded(): void;
}

const VISITOR: SessionLink = { isSignedIn: () => false, onRefreshed: () => {}, onSessionEnded: () => {} };
let session: SessionLink = VISITOR;

/** Called once by the session's owner; the transport asks it and tells it from then on. */
export function linkSession(link: SessionLink): void {
  session = link;
}

// Plain path helpers: the i18n module carries every translation and stays on the server.
function pageLocale(): 'en' | 'fr' {
  return location.pathname === '/fr' || location.pathname.startsWith('/fr/') ? 'fr' : 'en';
}

export function acceptLanguage(): string {
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

/** POST /api/auth/refresh: true when a new pair came back. */
export async function postRefresh(): Promise<boolean> {
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
  isAuthenticated: () => session.isSignedIn(),
  onRefreshed: () => session.onRefreshed(),
  onRefreshFailed: () => {
    session.onSessionEnded();
    goToSignIn();
  },
  log: (message, error) => console.error(message, error ?? ''),
});

let answeringRefusal = false;

/**
 * True while `authorizedFetch` refreshes to answer a 401: the session's 10-minute refetch
 * holds back then, so it cannot read a half-renewed session.
 */
export function sessionRefetchHeld(): boolean {
  return answeringRefusal;
}

/** GET /api/session: the session's own read, which refreshes an ended session by itself. */
export const SESSION_PATH = '/api/session';
const AUTH_PATHS = ['/api/auth/', SESSION_PATH];

/**
 * The transport under the one HTTP client: same-origin credentials, the page's language,
 * the CSRF header, requests held while a refresh runs, and spec §8's answer to a 401:
 * nothing while a refresh is running; sign-in for a visitor; otherwise hold the session
 * refetch, refresh, resume and send the request again.
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
  if (!session.isSignedIn()) {
    if (!options.visitorRefusalHandled) goToSignIn();
    return response;
  }
  answeringRefusal = true;
  const refreshed = await tokenSchedule.refresh();
  answeringRefusal = false;
  return refreshed ? send() : response;
}
