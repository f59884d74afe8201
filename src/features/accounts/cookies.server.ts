import type { AstroCookieSetOptions, AstroCookies } from 'astro';
import type { IssuedSession } from './session.server.ts';

/** The access session cookie, and the refresh token cookie named by the spec (§3). */
export const SESSION_COOKIE = 'nursery_session';
export const REFRESH_COOKIE = 'jwt_access';

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

export function isLocalHost(hostname: string): boolean {
  return LOCAL_HOSTS.has(hostname) || hostname.endsWith('.localhost');
}

/** HttpOnly, SameSite=Lax, whole site; Secure everywhere but on this machine (plain http). */
export function cookieOptions(url: URL, expires: Date): AstroCookieSetOptions {
  return { path: '/', httpOnly: true, sameSite: 'lax', secure: !isLocalHost(url.hostname), expires };
}

export function setSessionCookies(cookies: AstroCookies, url: URL, issued: IssuedSession): void {
  cookies.set(SESSION_COOKIE, issued.accessToken, cookieOptions(url, issued.accessExpiresAt));
  cookies.set(REFRESH_COOKIE, issued.refreshToken, cookieOptions(url, issued.refreshExpiresAt));
}

export function clearSessionCookies(cookies: AstroCookies, url: URL): void {
  const options = { path: '/', httpOnly: true, sameSite: 'lax', secure: !isLocalHost(url.hostname) } as const;
  cookies.delete(SESSION_COOKIE, options);
  cookies.delete(REFRESH_COOKIE, options);
}

/** The token of an `Authorization: Bearer …` header, for API clients that do not keep cookies. */
export function bearerToken(headers: Headers): string | null {
  const header = headers.get('authorization');
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
  return match?.[1] ?? null;
}
