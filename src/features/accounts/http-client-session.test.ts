import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse as json, customerSession as session, stubPage } from '../../../tests/support/browser-stubs.ts';

/**
 * The one HTTP client (src/lib/http) over this feature's session, against a fake server that
 * keeps an access and a refresh "cookie" (spec §4, §8): an island call after the access
 * session lapsed refreshes once and succeeds; with the refresh session gone the shopper
 * lands on sign-in.
 */

/** The server's side: access valid until `accessExp` (seconds), a refresh session or none. */
function fakeServer() {
  const server = {
    accessExp: 0,
    refreshAlive: true,
    refreshes: 0,
    calls: [] as { url: string; method: string; headers: Headers; body: unknown }[],
    now: () => Math.floor(Date.now() / 1000),
    accessAlive() {
      return server.accessExp > server.now();
    },
    handle(url: string, init: RequestInit = {}): Response {
      const headers = new Headers(init.headers);
      server.calls.push({
        url,
        method: init.method ?? 'GET',
        headers,
        body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      });
      if (url === '/api/auth/refresh') {
        server.refreshes += 1;
        if (!server.refreshAlive) return json({ error: { code: 'refresh_failed', message: 'Session ended' } }, 401);
        server.accessExp = server.now() + 3600;
        return json({ token: 'new-access', exp: server.accessExp });
      }
      if (url === '/api/auth/token') return server.accessAlive() ? json({ exp: server.accessExp }) : json({}, 401);
      if (url === '/api/session') return server.accessAlive() ? json(session) : json({ error: { code: 'x' } }, 401);
      if (!server.accessAlive()) return json({ error: { code: 'unauthenticated', message: 'Sign in' } }, 401);
      if (url === '/api/lists' && init.method === 'POST') {
        const body = JSON.parse(String(init.body)) as { name?: string };
        if (!body.name)
          return json(
            { error: { code: 'invalid', message: 'Check the form', fields: { name: 'Must not be blank.' } } },
            422,
          );
        return json({ id: 7, name: body.name }, 201);
      }
      if (url === '/api/lists') return json({ lists: [{ id: 1, name: 'Garden' }] });
      return json({ error: { code: 'not_found', message: 'Not Found' } }, 404);
    },
  };
  return server;
}

function stubBrowser(server: ReturnType<typeof fakeServer>) {
  const { location } = stubPage('/lists');
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => server.handle(url, init)),
  );
  const error = vi.spyOn(console, 'error').mockImplementation(() => {});
  return { location, error };
}

async function load() {
  vi.resetModules();
  const accounts = await import('./auth.client.ts');
  const transport = await import('../../lib/http/session-refresh.ts');
  const client = await import('../../lib/http/client.ts');
  return { auth: { ...accounts, ...transport }, client };
}

describe('the one HTTP client', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('refreshes once and succeeds when an island calls after the access session lapsed', async () => {
    const server = fakeServer();
    server.accessExp = server.now() + 3600;
    const browser = stubBrowser(server);
    const { auth, client } = await load();
    await auth.loadSession();
    expect(auth.$auth.get().status).toBe('authenticated');

    // The access session lapses while the page stays open.
    server.accessExp = server.now() - 1;
    await vi.advanceTimersByTimeAsync(5000);
    const answer = await client.api<{ lists: unknown[] }>('/api/lists');

    expect(answer).toEqual({ lists: [{ id: 1, name: 'Garden' }] });
    expect(server.refreshes).toBe(1);
    const urls = server.calls.map((call) => call.url);
    expect(urls.indexOf('/api/auth/refresh')).toBeLessThan(urls.lastIndexOf('/api/lists'));
    expect(browser.location.assign).not.toHaveBeenCalled();
  });

  it('refreshes once when the call itself is refused with a 401, then sends it again', async () => {
    const server = fakeServer();
    server.accessExp = server.now() + 3600;
    stubBrowser(server);
    const { auth, client } = await load();
    await auth.loadSession();
    // The token check just passed (it runs at most every 2 s); the session ends right after.
    await auth.tokenSchedule.check();
    server.accessExp = server.now() - 1;

    const answer = await client.api<{ lists: unknown[] }>('/api/lists');
    expect(answer.lists).toHaveLength(1);
    expect(server.refreshes).toBe(1);
    expect(server.calls.filter((call) => call.url === '/api/lists')).toHaveLength(2);
  });

  it('sends the shopper to sign-in when the refresh session is gone too', async () => {
    const server = fakeServer();
    server.accessExp = server.now() + 3600;
    const browser = stubBrowser(server);
    const { auth, client } = await load();
    await auth.loadSession();
    server.accessExp = server.now() - 1;
    server.refreshAlive = false;
    await vi.advanceTimersByTimeAsync(5000);

    const call = client.api('/api/lists');
    await expect(call).rejects.toMatchObject({ name: 'ApiError', status: 401, code: 'unauthenticated' });
    expect(server.refreshes).toBe(1);
    expect(browser.error).toHaveBeenCalledWith('Token refresh failed', '');
    expect(browser.location.assign).toHaveBeenCalledWith('/auth/sign-in?redirect=%2Flists');
    expect(auth.$auth.get().status).toBe('unauthenticated');
  });

  it('sends JSON with the CSRF header and the language, and reads JSON back', async () => {
    const server = fakeServer();
    server.accessExp = server.now() + 3600;
    stubBrowser(server);
    const { auth, client } = await load();
    await auth.loadSession();
    const created = await client.api<{ id: number }>('/api/lists', { method: 'POST', body: { name: 'Shade' } });
    expect(created).toEqual({ id: 7, name: 'Shade' });
    const sent = server.calls.find((call) => call.url === '/api/lists' && call.method === 'POST');
    expect(sent?.body).toEqual({ name: 'Shade' });
    expect(sent?.headers.get('content-type')).toBe('application/json');
    expect(sent?.headers.get(auth.CSRF_HEADER)).toBe(auth.CSRF_HEADER_VALUE);
    expect(sent?.headers.get('accept-language')).toMatch(/^en-CA/);
  });

  it("turns a refusal into an ApiError with the server's code, message and field messages", async () => {
    const server = fakeServer();
    server.accessExp = server.now() + 3600;
    stubBrowser(server);
    const { auth, client } = await load();
    await auth.loadSession();
    const error = await client.api('/api/lists', { method: 'POST', body: { name: '' } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(client.ApiError);
    expect(error).toMatchObject({
      status: 422,
      code: 'invalid',
      message: 'Check the form',
      fields: { name: 'Must not be blank.' },
    });
  });
});
