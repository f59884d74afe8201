import type { APIContext, AstroCookies } from 'astro';
import { getDb } from '../../lib/db/index.server.ts';
import { env } from '../../lib/env.ts';
import { ApiError } from '../../lib/http/api.ts';
import { getT, type Locale } from '../../lib/i18n/index.ts';
import { mailOutboxKick } from '../../lib/mail/outbox-runner.server.ts';
import { loadAppSettings } from '../settings/settings.server.ts';
import type { AccountDeps } from './accounts.server.ts';
import { type SchemaOptions, validationMessages } from './accounts.ts';
import { clearSessionCookies, REFRESH_COOKIE, SESSION_COOKIE } from './cookies.server.ts';
import { revokeTokens } from './session.server.ts';
import { isAdmin, type SessionUser } from './session.ts';

/** Guards and context helpers for endpoints and pages. */

export function requireUser(locals: App.Locals): SessionUser {
  if (!locals.user) {
    throw new ApiError(401, 'unauthenticated', getT(locals.locale, 'errors')('http.unauthorized'));
  }
  return locals.user;
}

export function requireAdmin(locals: App.Locals): SessionUser {
  const user = requireUser(locals);
  if (!isAdmin(user)) throw new ApiError(403, 'forbidden', getT(locals.locale, 'errors')('http.forbidden'));
  return user;
}

/** The client's address for rate limits; the adapter knows it (socket, or the platform's header). */
export function clientAddressOf(context: Pick<APIContext, 'clientAddress'>): string {
  try {
    return context.clientAddress || 'unknown';
  } catch {
    return 'unknown';
  }
}

export async function accountDeps(): Promise<AccountDeps> {
  return { db: await getDb(), mailOutbox: mailOutboxKick, signUpsPerHour: env().TEST_SIGN_UPS_PER_HOUR };
}

/** The account forms' schema options for a locale: its messages and today's minimum length. */
export async function accountSchemaOptions(locale: Locale): Promise<SchemaOptions> {
  const settings = await loadAppSettings(await getDb(), env().APP_ENV, locale);
  const min = settings.password_min_length;
  return { messages: validationMessages(getT(locale, 'accounts'), min), passwordMinLength: min };
}

/** Seconds since the epoch, the unit of the token payload's `exp` (spec §3). */
export function epochSeconds(date: Date): number {
  return Math.floor(date.getTime() / 1000);
}

/** Sign-out for a browser: the session and refresh family end on the server, both cookies go. */
export async function signOutBrowser(cookies: AstroCookies, url: URL): Promise<void> {
  await revokeTokens(await getDb(), {
    accessToken: cookies.get(SESSION_COOKIE)?.value,
    refreshToken: cookies.get(REFRESH_COOKIE)?.value,
  });
  clearSessionCookies(cookies, url);
}
