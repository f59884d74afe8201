import type { APIRoute } from 'astro';
import { epochSeconds } from '../../../features/accounts/auth.server.ts';
import { ApiError, json } from '../../../lib/http/api.ts';
import { getT } from '../../../lib/i18n/index.ts';

export const prerender = false;

/** GET → { exp } of the current access session, in seconds (spec §7); 401 without one. */
export const GET: APIRoute = ({ locals }) => {
  if (!locals.session) throw new ApiError(401, 'unauthenticated', getT(locals.locale, 'errors')('http.unauthorized'));
  return json({ exp: epochSeconds(locals.session.expiresAt) });
};
