import type { APIRoute } from 'astro';
import { z } from 'zod';
import { epochSeconds } from '../../../features/accounts/auth.server.ts';
import { clearSessionCookies, REFRESH_COOKIE, setSessionCookies } from '../../../features/accounts/cookies.server.ts';
import { rotateRefreshToken } from '../../../features/accounts/session.server.ts';
import { getDb } from '../../../lib/db/index.server.ts';
import { ApiError, json } from '../../../lib/http/api.ts';
import { parseInput, readJson } from '../../../lib/http/body.ts';
import { getT } from '../../../lib/i18n/index.ts';
import { log } from '../../../lib/log.ts';

export const prerender = false;

const RefreshSchema = z.object({ refreshToken: z.string().max(200).optional() });

/**
 * POST → a new access session and a rotated refresh token. The refresh token comes from the
 * jwt_access cookie, or from the body for API clients (who get the new pair in the body).
 */
export const POST: APIRoute = async ({ locals, request, cookies, url }) => {
  const body = parseInput(RefreshSchema, await readJson(request, locals.locale), locals.locale);
  const fromBody = body.refreshToken !== undefined;
  const presented = body.refreshToken ?? cookies.get(REFRESH_COOKIE)?.value;
  const outcome = await rotateRefreshToken(await getDb(), presented);
  if (outcome.kind !== 'rotated') {
    if (outcome.kind === 'reused') log('warn', 'refresh_token_reused', { familyId: outcome.familyId });
    if (!fromBody) clearSessionCookies(cookies, url);
    throw new ApiError(401, 'refresh_failed', getT(locals.locale, 'errors')('http.unauthorized'));
  }
  const { issued } = outcome;
  if (fromBody) {
    return json({
      token: issued.accessToken,
      refreshToken: issued.refreshToken,
      exp: epochSeconds(issued.accessExpiresAt),
    });
  }
  setSessionCookies(cookies, url, issued);
  return json({ token: issued.accessToken, exp: epochSeconds(issued.accessExpiresAt) });
};
