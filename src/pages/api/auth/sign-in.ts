import type { APIRoute } from 'astro';
import { signIn } from '../../../features/accounts/accounts.server.ts';
import { SignInSchema } from '../../../features/accounts/accounts.ts';
import {
  accountDeps,
  accountSchemaOptions,
  clientAddressOf,
  epochSeconds,
} from '../../../features/accounts/auth.server.ts';
import { REFRESH_COOKIE, SESSION_COOKIE, setSessionCookies } from '../../../features/accounts/cookies.server.ts';
import { revokeTokens } from '../../../features/accounts/session.server.ts';
import { mergeGuestCartOfRequest } from '../../../features/cart/cart.server.ts';
import { ApiError, json } from '../../../lib/http/api.ts';
import { parseInput, readJson } from '../../../lib/http/body.ts';
import { getT } from '../../../lib/i18n/index.ts';

export const prerender = false;

/** POST { email, password } → { token, exp } and the session cookies (a new session every time). */
export const POST: APIRoute = async (context) => {
  const { locals, request, cookies, url } = context;
  const options = await accountSchemaOptions(locals.locale);
  const input = parseInput(SignInSchema(options.messages), await readJson(request, locals.locale), locals.locale);
  const deps = await accountDeps();
  const result = await signIn(deps, input, clientAddressOf(context));
  const t = getT(locals.locale, 'accounts');
  if (result.kind === 'invalid') throw new ApiError(401, 'invalid_credentials', t('signIn.invalidTitle'));
  if (result.kind === 'unverified') throw new ApiError(403, 'account_not_confirmed', t('signIn.notConfirmedTitle'));
  // Whatever session this browser had before ends here: no session fixation.
  await revokeTokens(deps.db, {
    accessToken: cookies.get(SESSION_COOKIE)?.value,
    refreshToken: cookies.get(REFRESH_COOKIE)?.value,
  });
  const { issued } = result;
  // The cart filled as a guest becomes the customer's (decision 016).
  await mergeGuestCartOfRequest(deps.db, { cookies, url }, result.user.id);
  if (input.delivery === 'body') {
    return json({
      token: issued.accessToken,
      refreshToken: issued.refreshToken,
      exp: epochSeconds(issued.accessExpiresAt),
    });
  }
  setSessionCookies(cookies, url, issued);
  return json({ token: issued.accessToken, exp: epochSeconds(issued.accessExpiresAt) });
};
