import type { APIContext, APIRoute } from 'astro';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/http/api.ts';
import type { SessionUser } from './session.ts';

/**
 * Every /api/admin endpoint checks the role itself, whatever the middleware does before it:
 * each handler found under src/pages/api/admin is called directly, without the middleware,
 * by an anonymous visitor (401) and by a customer (403). Removing `requireAdmin` from any of
 * them fails this test.
 */
const modules = import.meta.glob<Record<string, unknown>>('../../pages/api/admin/**/*.ts', { eager: true });
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

const customer: SessionUser = {
  id: '00000000-0000-4000-8000-000000000001',
  email: 'customer@example.com',
  firstName: 'Emily',
  lastName: 'Chen',
  role: 'customer',
  customerTypeId: 1,
  customerTypeName: { en: 'Retail', fr: 'Particulier' },
  isLandscapeProfessional: false,
  inHouseAccountId: null,
  defaultLocationId: null,
  locale: 'en',
};

function context(path: string, method: string, user: SessionUser | null): APIContext {
  const url = new URL(`http://127.0.0.1${path}`);
  return {
    url,
    params: { id: '1', slug: 'sugar-maple', imageId: '1' },
    request: new Request(url, {
      method,
      headers: { 'content-type': 'application/json' },
      ...(method === 'GET' ? {} : { body: '{}' }),
    }),
    locals: { user, session: null, locale: 'en' },
    clientAddress: '127.0.0.1',
  } as unknown as APIContext;
}

const handlers = Object.entries(modules).flatMap(([file, module]) =>
  METHODS.filter((method) => typeof module[method] === 'function').map((method) => ({
    name: `${method} ${file.replace('../../pages', '').replace(/\.ts$/, '')}`,
    path: file
      .replace('../../pages', '')
      .replace(/\.ts$/, '')
      .replace(/\/index$/, ''),
    method,
    handler: module[method] as APIRoute,
  })),
);

describe('admin endpoints', () => {
  it('are found', () => {
    expect(handlers.map((h) => h.name)).toEqual(
      expect.arrayContaining(['GET /api/admin/dashboard', 'GET /api/admin/quote-requests/index']),
    );
  });

  it.each(handlers)(
    '$name refuses an anonymous visitor (401) and a customer (403)',
    async ({ path, method, handler }) => {
      for (const [user, status] of [
        [null, 401],
        [customer, 403],
      ] as const) {
        const outcome = await Promise.resolve()
          .then(() => handler(context(path, method, user)))
          .then(
            (response) => ({ kind: 'response' as const, status: (response as Response).status }),
            (error: unknown) => ({ kind: 'error' as const, error }),
          );
        expect(outcome.kind, `${method} ${path} answered a ${user ? 'customer' : 'visitor'}`).toBe('error');
        if (outcome.kind !== 'error') continue;
        expect(outcome.error).toBeInstanceOf(ApiError);
        expect((outcome.error as ApiError).status).toBe(status);
      }
    },
  );
});
