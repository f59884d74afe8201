import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO, postJson, raw, SERVERS, signIn } from './probe.ts';

/** Issue 9.7: bad paths and ids are 4xx, never 500, and no answer carries a stack trace. */
const STACK = /\bat [\w.<>]+ \(|node:internal|\.m?js:\d+:\d+/;

describe.each(SERVERS)('bad paths and ids on $engine', (server) => {
  let cookie = '';
  beforeAll(async () => {
    cookie = await signIn(server, DEMO.customer);
  });

  for (const [attack, path] of [
    ['an id past 2^31 in a path', '/api/products/2147483648/availability'],
    ['an id far past 2^53 in a path', '/api/products/99999999999999999999/availability'],
    ['a negative id', '/api/products/-1/availability'],
    ['an id that is not a number', '/api/products/abc/availability'],
    ['an id in exponent notation', '/api/products/1e3/availability'],
    ['%00 in a page path', '/%00'],
    ['%00 in a French page path', '/fr/%00'],
    ['%00 in a token path', '/auth/confirm/%00'],
    ['%00 in an API path', '/api/products/1%00/availability'],
    ['malformed percent-encoding', '/browse/%E0%A4%A'],
    ['a lone %', '/%'],
    ['an over-long page path', `/${'a'.repeat(9000)}`],
    ['an over-long API path', `/api/${'a'.repeat(9000)}`],
    ['path traversal with encoded dots', '/..%2f..%2f..%2fetc%2fpasswd'],
  ] as const) {
    it(`4xx, no stack: ${attack}`, async () => {
      const response = await raw(server, 'GET', path);
      expect(response.status, path.slice(0, 80)).toBeGreaterThanOrEqual(400);
      expect(response.status, path.slice(0, 80)).toBeLessThan(500);
      expect(response.body).not.toMatch(STACK);
      expect(response.body).not.toContain('root:');
    });
  }

  for (const [attack, path, body] of [
    ['a variant id past 2^31 in a cart body', '/api/cart/items', { variantId: 2147483648, quantity: 1 }],
    ['a variant id past 2^31 in a list body', '/api/lists/default/items', { variantId: 2147483648 }],
    ['a sales yard id past 2^31', '/api/profile/location', { locationId: 2147483648 }],
    ['a variant id as a string', '/api/cart/items', { variantId: '1 or 1=1', quantity: 1 }],
  ] as const) {
    it(`4xx, no stack: ${attack}`, async () => {
      const method = path === '/api/profile/location' ? 'PUT' : 'POST';
      const response =
        method === 'POST'
          ? await postJson(server, path, body, { cookie })
          : await raw(server, method, path, {
              headers: { 'content-type': 'application/json', cookie },
              body: JSON.stringify(body),
            });
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
      expect(response.body).not.toMatch(STACK);
    });
  }
});
