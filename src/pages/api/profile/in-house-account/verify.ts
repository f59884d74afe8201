import type { APIRoute } from 'astro';
import {
  accountDeps,
  accountSchemaOptions,
  clientAddressOf,
  requireUser,
} from '../../../../features/accounts/auth.server.ts';
import { linkFailure } from '../../../../features/profile/link-errors.server.ts';
import { verifyInHouseAccount } from '../../../../features/profile/profile.server.ts';
import { LinkAccountSchema } from '../../../../features/profile/profile.ts';
import { json } from '../../../../lib/http/api.ts';
import { parseInput, readJson } from '../../../../lib/http/body.ts';

export const prerender = false;

/** POST { accountNumber, accountPhone } → the account found (linking, step one). */
export const POST: APIRoute = async (context) => {
  const { locals, request } = context;
  const user = requireUser(locals);
  const { messages } = await accountSchemaOptions(locals.locale);
  const input = parseInput(LinkAccountSchema(messages), await readJson(request, locals.locale), locals.locale);
  const check = await verifyInHouseAccount(await accountDeps(), user.id, input, clientAddressOf(context));
  if (check.kind !== 'found') throw linkFailure(check.kind, locals.locale);
  return json({ accountNumber: check.accountNumber, companyName: check.companyName });
};
