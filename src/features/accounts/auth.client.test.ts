import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse as json, customerSession as session, stubPage } from '../../../tests/support/browser-stubs.ts';
import { SESSION_CACHE_KEY } from '../../lib/session-cache.ts';

/** The browser's 401 rules (spec §8) and the session refetch, against stubbed browser globals. */

type Handler = (url: string, init?: RequestInit) => Response | Promise<Response>;
function stubBrowser(handler: Handler) {
  const { location, store } = stubPage('/fr/lists', '?page=2');
  const fetch = vi.fn(async (url: string, init?: RequestInit) => handler(url, init));
  vi.stubGlobal('fetch', fetch);
  const error = vi.spyOn(console, 'error').mockImplementation(() => {});
  return { location, fetch, error, store };
}

async function load() {
  vi.resetModules();
  const session = await import('./auth.client.ts');
  const transport = await import('../../lib/http/session-refresh.ts');
  return { ...session, ...transport };
}

describe('authorizedFetch on a 401', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('sends a visitor to sign-in, remembering the full path', async () => {
    const browser = stubBrowser(() => json({ error: { code: 'unauthenticated' } }, 401));
    const auth = await load();
    auth.clearSession();
    const response = await auth.authorizedFetch('/api/lists');
    expect(response.status).toBe(401);
    expect(browser.location.assign).toHaveBeenCalledWith('/fr/auth/sign-in?redirect=%2Ffr%2Flists%3Fpage%3D2');
  });

  it('leaves a visitor where they are when the caller handles the refusal itself', async () => {
    const browser = stubBrowser(() => json({ error: { code: 'unauthenticated' } }, 401));
    const auth = await load();
    auth.clearSession();
    const response = await auth.authorizedFetch(
      '/api/profile/location',
      { method: 'PUT' },
      { visitorRefusalHandled: true },
    );
    expect(response.status).toBe(401);
    expect(browser.location.assign).not.toHaveBeenCalled();
  });

  it('refreshes an ended session before a call that a visitor may also make (a cart add)', async () => {
    let sessionAlive = false;
    const browser = stubBrowser((url) => {
      if (url === '/api/session') return json(session);
      if (url === '/api/auth/token') return sessionAlive ? json({ exp: 1e10 }) : json({}, 401);
      if (url === '/api/auth/refresh') {
        sessionAlive = true;
        return json({ token: 'new', exp: 1 });
      }
      // The cart answers a visitor too: only the order of the calls keeps the add in the user's cart.
      return json({ count: sessionAlive ? 3 : 1 });
    });
    const auth = await load();
    await auth.loadSession();
    const response = await auth.authorizedFetch('/api/cart/items', { method: 'POST', body: '{}' });
    expect(await response.json()).toEqual({ count: 3 });
    const urls = browser.fetch.mock.calls.map(([url]) => url);
    expect(urls.indexOf('/api/auth/refresh')).toBeLessThan(urls.indexOf('/api/cart/items'));
    expect(browser.location.assign).not.toHaveBeenCalled();
  });

  it('refreshes a signed-in session and sends the request again', async () => {
    let listCalls = 0;
    const browser = stubBrowser((url) => {
      if (url === '/api/session') return json(session);
      if (url === '/api/auth/token') return json({ exp: Math.floor(Date.now() / 1000) + 1800 });
      if (url === '/api/auth/refresh') return json({ token: 'new', exp: 1 });
      listCalls += 1;
      return listCalls === 1 ? json({ error: { code: 'unauthenticated' } }, 401) : json({ lists: [] });
    });
    const auth = await load();
    await auth.loadSession();
    const response = await auth.authorizedFetch('/api/lists');
    expect(response.status).toBe(200);
    const urls = browser.fetch.mock.calls.map(([url]) => url);
    expect(urls.filter((url) => url === '/api/auth/refresh')).toHaveLength(1);
    expect(listCalls).toBe(2);
    expect(browser.location.assign).not.toHaveBeenCalled();
  });

  it("logs 'Token refresh failed' and sends the user to sign-in when the refresh fails", async () => {
    const browser = stubBrowser((url) => {
      if (url === '/api/session') return json(session);
      if (url === '/api/auth/token') return json({ exp: Math.floor(Date.now() / 1000) + 1800 });
      if (url === '/api/auth/refresh') return json({ error: { code: 'refresh_failed' } }, 401);
      return json({ error: { code: 'unauthenticated' } }, 401);
    });
    const auth = await load();
    await auth.loadSession();
    await auth.authorizedFetch('/api/lists');
    expect(browser.error).toHaveBeenCalledWith('Token refresh failed', '');
    expect(browser.location.assign).toHaveBeenCalledWith(expect.stringMatching(/^\/fr\/auth\/sign-in\?redirect=/));
    expect(auth.$auth.get().status).toBe('unauthenticated');
  });

  it('does nothing more while a refresh is already running', async () => {
    let finishRefresh: (response: Response) => void = () => {};
    let startRefresh: () => Promise<boolean> = async () => false;
    const browser = stubBrowser((url) => {
      if (url === '/api/session') return json(session);
      if (url === '/api/auth/token') return json({ exp: Math.floor(Date.now() / 1000) + 1800 });
      if (url === '/api/auth/refresh') return new Promise<Response>((resolve) => (finishRefresh = resolve));
      // The answer to this request arrives after another part of the page began a refresh.
      void startRefresh();
      return json({ error: { code: 'unauthenticated' } }, 401);
    });
    const auth = await load();
    await auth.loadSession();
    startRefresh = () => auth.tokenSchedule.refresh();
    const response = await auth.authorizedFetch('/api/lists');
    expect(response.status).toBe(401);
    expect(auth.tokenSchedule.isRefreshing).toBe(true);
    expect(browser.location.assign).not.toHaveBeenCalled();
    finishRefresh(json({ token: 'new', exp: 1 }));
    await vi.advanceTimersByTimeAsync(0);
    expect(browser.fetch.mock.calls.filter(([url]) => url === '/api/auth/refresh')).toHaveLength(1);
    expect(browser.fetch.mock.calls.filter(([url]) => url === '/api/lists')).toHaveLength(1);
  });
});

describe('session refetch', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('refetches the session every 10 minutes while it exists, and stops when it ends', async () => {
    vi.useFakeTimers();
    const browser = stubBrowser((url) => (url === '/api/session' ? json(session) : json({ exp: 0 })));
    const auth = await load();
    await auth.loadSession();
    const sessionCalls = () => browser.fetch.mock.calls.filter(([url]) => url === '/api/session').length;
    expect(sessionCalls()).toBe(1);
    await vi.advanceTimersByTimeAsync(599_999);
    expect(sessionCalls()).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(sessionCalls()).toBe(2);
    auth.clearSession();
    await vi.advanceTimersByTimeAsync(600_000);
    expect(sessionCalls()).toBe(2);
  });

  it('clears the session when loading it fails, and logs why', async () => {
    const browser = stubBrowser(() => json({ error: { code: 'server_error' } }, 500));
    const auth = await load();
    expect(await auth.loadSession()).toBeNull();
    expect(auth.$auth.get()).toMatchObject({ status: 'unauthenticated', data: null });
    expect(browser.error).toHaveBeenCalledWith('Session load failed', expect.any(Error));
  });

  it('reads the session through the one data cache', async () => {
    stubBrowser((url) => (url === '/api/session' ? json(session) : json({ exp: 0 })));
    const auth = await load();
    const { queryEntries } = await import('../../lib/http/query.ts');
    expect(await auth.loadSession()).toEqual(session);
    expect(queryEntries.get('/api/session')?.data).toEqual(session);
    expect(auth.sessionStore$().get().data).toEqual(session);
    expect(auth.$auth.get()).toMatchObject({ status: 'authenticated', data: session });
  });

  it('refreshes an ended session once and reads it again; on an /auth/ page it does not refresh', async () => {
    let signedIn = false;
    const browser = stubBrowser((url) => {
      if (url === '/api/auth/refresh') {
        signedIn = true;
        return json({ token: 'renewed' });
      }
      if (url === '/api/session') return signedIn ? json(session) : json({ error: { code: 'unauthenticated' } }, 401);
      return json({ exp: 0 });
    });
    const auth = await load();
    expect(await auth.loadSession()).toEqual(session);
    expect(browser.fetch.mock.calls.map(([url]) => url)).toEqual(['/api/session', '/api/auth/refresh', '/api/session']);

    signedIn = false;
    const onAuthPage = stubBrowser(() => json({ error: { code: 'unauthenticated' } }, 401));
    onAuthPage.location.pathname = '/fr/auth/sign-in';
    const again = await load();
    expect(await again.loadSession()).toBeNull();
    expect(onAuthPage.fetch.mock.calls.map(([url]) => url)).toEqual(['/api/session']);
    expect(again.$auth.get().status).toBe('unauthenticated');
  });
});

describe("the tab's cached session", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('is kept where the head script and the sign-in form look for it, and forgotten on sign-out', async () => {
    const browser = stubBrowser((url) => (url === '/api/session' ? json(session) : json({ exp: 1e10 })));
    const auth = await load();
    await auth.loadSession();
    expect(JSON.parse(browser.store.get(SESSION_CACHE_KEY) ?? 'null')).toEqual(session);
    expect(auth.cachedSession()).toEqual(session);
    auth.clearSession();
    expect(browser.store.has(SESSION_CACHE_KEY)).toBe(false);
  });
});
