import type { APIContext } from 'astro';
import { getDb } from '../../lib/db/index.server.ts';
import { stripLocale } from '../../lib/i18n/index.ts';
import { log } from '../../lib/log.ts';
import {
  bearerToken,
  clearSessionCookies,
  REFRESH_COOKIE,
  SESSION_COOKIE,
  setSessionCookies,
} from './cookies.server.ts';
import { rotateRefreshToken, validateSessionToken } from './session.server.ts';
import type { SessionInfo, SessionUser } from './session.ts';

export interface Authenticated {
  user: SessionUser;
  session: SessionInfo;
}

/**
 * Who is making the request. An `Authorization: Bearer` token wins over cookies. A page
 * navigation whose access session has ended but whose refresh token is good gets a new pair
 * on the spot, so a returning customer stays signed in; API calls answer 401 instead and the
 * client refreshes (spec §8). Paths under /auth/ skip that token-expiry check (spec §2).
 */
export async function authenticateRequest(
  context: Pick<APIContext, 'request' | 'cookies' | 'url'>,
): Promise<Authenticated | null> {
  const bearer = bearerToken(context.request.headers);
  if (bearer) {
    const valid = await validateSessionToken(await getDb(), bearer);
    return valid ? { user: valid.user, session: { ...valid.session, via: 'bearer' } } : null;
  }
  const accessToken = context.cookies.get(SESSION_COOKIE)?.value;
  const refreshToken = context.cookies.get(REFRESH_COOKIE)?.value;
  if (!accessToken && !refreshToken) return null;
  const db = await getDb();
  if (accessToken) {
    const valid = await validateSessionToken(db, accessToken);
    if (valid) return { user: valid.user, session: { ...valid.session, via: 'cookie' } };
  }
  if (!refreshToken || !refreshesOnTheWay(context)) return null;
  const outcome = await rotateRefreshToken(db, refreshToken);
  if (outcome.kind !== 'rotated') {
    if (outcome.kind === 'reused') log('warn', 'refresh_token_reused', { familyId: outcome.familyId });
    clearSessionCookies(context.cookies, context.url);
    return null;
  }
  setSessionCookies(context.cookies, context.url, outcome.issued);
  const valid = await validateSessionToken(db, outcome.issued.accessToken);
  return valid ? { user: valid.user, session: { ...valid.session, via: 'cookie' } } : null;
}

function refreshesOnTheWay(context: Pick<APIContext, 'request' | 'url'>): boolean {
  const method = context.request.method;
  const path = context.url.pathname;
  if (method !== 'GET' && method !== 'HEAD') return false;
  if (path.startsWith('/api/') || path.startsWith('/_')) return false;
  return !stripLocale(path).startsWith('/auth/');
}
