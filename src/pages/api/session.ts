import type { APIRoute } from 'astro';
import { REFRESH_COOKIE, SESSION_COOKIE } from '../../features/accounts/cookies.server.ts';
import { sessionData } from '../../features/accounts/session-data.server.ts';
import { ApiError, json } from '../../lib/http/api.ts';
import { getT } from '../../lib/i18n/index.ts';

export const prerender = false;

/**
 * GET → the session data of spec §3 for the signed-in user, or null for a visitor. A 401
 * means "signed in, but the access session has ended": the client refreshes and asks again.
 */
export const GET: APIRoute = async ({ locals, cookies }) => {
  if (locals.user) return json(sessionData(locals.user, locals.locale));
  if (cookies.has(REFRESH_COOKIE) || cookies.has(SESSION_COOKIE)) {
    throw new ApiError(401, 'session_expired', getT(locals.locale, 'errors')('http.unauthorized'));
  }
  return json(null);
};
