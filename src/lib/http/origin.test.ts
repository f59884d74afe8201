import { describe, expect, it } from 'vitest';
import { isSameOriginRequest } from './origin.ts';

const ALLOWED = ['http://127.0.0.1:4321', 'https://shop.example.ca'];
const request = (method: string, headers: Record<string, string>) =>
  new Request('http://127.0.0.1:4321/api/lists', { method, headers });

describe('same-origin check', () => {
  it('lets reads through', () => {
    expect(isSameOriginRequest(request('GET', { origin: 'https://evil.example' }), ALLOWED)).toBe(true);
  });

  it('refuses cross-site mutations, JSON included', () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      expect(isSameOriginRequest(request(method, { 'sec-fetch-site': 'cross-site' }), ALLOWED)).toBe(false);
      expect(isSameOriginRequest(request(method, { 'sec-fetch-site': 'same-site' }), ALLOWED)).toBe(false);
      expect(
        isSameOriginRequest(
          request(method, { origin: 'https://evil.example', 'content-type': 'application/json' }),
          ALLOWED,
        ),
      ).toBe(false);
      expect(isSameOriginRequest(request(method, { origin: 'null' }), ALLOWED)).toBe(false);
    }
  });

  it('accepts our own origin, by Sec-Fetch-Site or Origin', () => {
    expect(isSameOriginRequest(request('POST', { 'sec-fetch-site': 'same-origin' }), ALLOWED)).toBe(true);
    expect(isSameOriginRequest(request('POST', { origin: 'https://shop.example.ca' }), ALLOWED)).toBe(true);
  });

  it('trusts Sec-Fetch-Site over a forged-looking Origin', () => {
    expect(
      isSameOriginRequest(
        request('POST', { 'sec-fetch-site': 'cross-site', origin: 'http://127.0.0.1:4321' }),
        ALLOWED,
      ),
    ).toBe(false);
  });

  it('refuses a cookie-carrying mutation that names no origin, allows a cookieless API client', () => {
    expect(isSameOriginRequest(request('POST', { cookie: 'nursery_session=a.b' }), ALLOWED)).toBe(false);
    expect(isSameOriginRequest(request('POST', { authorization: 'Bearer a.b' }), ALLOWED)).toBe(true);
  });
});
