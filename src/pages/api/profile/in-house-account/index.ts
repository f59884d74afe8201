import type { APIRoute } from 'astro';
import {
  accountDeps,
  accountSchemaOptions,
  clientAddressOf,
  requireUser,
} from '../../../../features/accounts/auth.server.ts';
import { clearSessionCookies } from '../../../../features/accounts/cookies.server.ts';
import { linkFailure } from '../../../../features/profile/link-errors.server.ts';
import { linkInHouseAccount, unlinkInHouseAccount } from '../../../../features/profile/profile.server.ts';
import { LinkAccountSchema } from '../../../../features/profile/profile.ts';
import { getDb } from '../../../../lib/db/index.server.ts';
import { ApiError, json } from '../../../../lib/http/api.ts';
import { parseInput, readJson } from '../../../../lib/http/body.ts';
import { getT } from '../../../../lib/i18n/index.ts';

export const prerender = false;

/** POST { accountNumber, accountPhone } → links the account and signs the user out (spec §4). */
export const POST: APIRoute = async (context) => {
  const { locals, request, cookies, url } = context;
  const user = requireUser(locals);
  const { messages } = await accountSchemaOptions(locals.locale);
  const input = parseInput(LinkAccountSchema(messages), await readJson(request, locals.locale), locals.locale);
  const result = await linkInHouseAccount(await accountDeps(), user.id, input, clientAddressOf(context));
  if (result.kind !== 'found') throw linkFailure(result.kind, locals.locale);
  clearSessionCookies(cookies, url);
  return json({ accountNumber: result.accountNumber, companyName: result.companyName, signedOut: true });
};

/** DELETE → unlinks the account and signs the user out. */
export const DELETE: APIRoute = async ({ locals, cookies, url }) => {
  const user = requireUser(locals);
  if (!(await unlinkInHouseAccount(await getDb(), user.id))) {
    throw new ApiError(409, 'not_linked', getT(locals.locale, 'accounts')('link.unlinkError'));
  }
  clearSessionCookies(cookies, url);
  return json({ signedOut: true });
};
