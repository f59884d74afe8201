import type { APIRoute } from 'astro';
import { z } from 'zod';
import {
  bearerToken,
  clearSessionCookies,
  REFRESH_COOKIE,
  SESSION_COOKIE,
} from '../../../features/accounts/cookies.server.ts';
import { revokeTokens } from '../../../features/accounts/session.server.ts';
import { getDb } from '../../../lib/db/index.server.ts';
import { parseInput, readJson } from '../../../lib/http/body.ts';

export const prerender = false;

const SignOutSchema = z.object({ refreshToken: z.string().max(200).optional() });

/**
 * POST → ends the access session and its refresh-token family on the server and clears both
 * cookies. The token comes from the header or the cookie; the refresh token from the body
 * (API clients) or the cookie.
 */
export const POST: APIRoute = async ({ locals, request, cookies, url }) => {
  const body = parseInput(SignOutSchema, await readJson(request, locals.locale), locals.locale);
  await revokeTokens(await getDb(), {
    accessToken: bearerToken(request.headers) ?? cookies.get(SESSION_COOKIE)?.value,
    refreshToken: body.refreshToken ?? cookies.get(REFRESH_COOKIE)?.value,
  });
  clearSessionCookies(cookies, url);
  return new Response(null, { status: 204, headers: { 'cache-control': 'no-store' } });
};
