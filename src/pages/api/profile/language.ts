import type { APIRoute } from 'astro';
import { requireUser } from '../../../features/accounts/auth.server.ts';
import { setLanguage } from '../../../features/profile/profile.server.ts';
import { LanguageSchema } from '../../../features/profile/profile.ts';
import { getDb } from '../../../lib/db/index.server.ts';
import { json } from '../../../lib/http/api.ts';
import { parseInput, readJson } from '../../../lib/http/body.ts';
import { LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE } from '../../../lib/i18n/index.ts';

export const prerender = false;

/** PUT { locale } → the language of the store (cookie) and of the e-mails (account). */
export const PUT: APIRoute = async ({ locals, request, cookies }) => {
  const user = requireUser(locals);
  const { locale } = parseInput(LanguageSchema, await readJson(request, locals.locale), locals.locale);
  await setLanguage(await getDb(), user.id, locale);
  cookies.set(LOCALE_COOKIE, locale, { path: '/', maxAge: LOCALE_COOKIE_MAX_AGE, sameSite: 'lax' });
  return json({ locale });
};
