import { describe, expect, it } from 'vitest';
import { bearerToken, cookieOptions, isLocalHost } from './cookies.server.ts';

describe('session cookies', () => {
  const expires = new Date('2026-06-01T00:00:00Z');

  it('are HttpOnly, SameSite=Lax and site-wide', () => {
    expect(cookieOptions(new URL('https://shop.example.ca/x'), expires)).toMatchObject({
      httpOnly: true,
      sameSite: 'lax',
      path: '/',
      expires,
    });
  });

  it('are Secure everywhere but on this machine', () => {
    expect(cookieOptions(new URL('https://shop.example.ca/'), expires).secure).toBe(true);
    expect(cookieOptions(new URL('http://192.168.1.20:4321/'), expires).secure).toBe(true);
    for (const host of [
      'http://localhost:4321/',
      'http://127.0.0.1:4321/',
      'http://[::1]:4321/',
      'http://shop.localhost/',
    ]) {
      expect(isLocalHost(new URL(host).hostname), host).toBe(true);
      expect(cookieOptions(new URL(host), expires).secure, host).toBe(false);
    }
  });

  it('read a Bearer token from the Authorization header', () => {
    expect(bearerToken(new Headers({ authorization: 'Bearer abc.def' }))).toBe('abc.def');
    expect(bearerToken(new Headers({ authorization: 'bearer   abc.def ' }))).toBe('abc.def');
    expect(bearerToken(new Headers({ authorization: 'Basic abc' }))).toBeNull();
    expect(bearerToken(new Headers())).toBeNull();
  });
});
