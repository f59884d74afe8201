import type { APIRoute } from 'astro';
import { verifyTradeAccountForSignUp } from '../../../../features/accounts/accounts.server.ts';
import { TradeAccountSchema } from '../../../../features/accounts/accounts.ts';
import { accountDeps, accountSchemaOptions, clientAddressOf } from '../../../../features/accounts/auth.server.ts';
import { ApiError, json } from '../../../../lib/http/api.ts';
import { parseInput, readJson } from '../../../../lib/http/body.ts';
import { getT } from '../../../../lib/i18n/index.ts';
import { SITE } from '../../../../lib/site.ts';

export const prerender = false;

/** POST { accountNumber, accountPhone } → the account's number and company (sign-up step 3). */
export const POST: APIRoute = async (context) => {
  const { locals, request } = context;
  const options = await accountSchemaOptions(locals.locale);
  const input = parseInput(TradeAccountSchema(options.messages), await readJson(request, locals.locale), locals.locale);
  const account = await verifyTradeAccountForSignUp(await accountDeps(), input, clientAddressOf(context));
  const t = getT(locals.locale, 'accounts');
  if (!account) throw new ApiError(422, 'in_house_account_not_found', t('link.notFound'));
  if (account.linked_user_id) {
    throw new ApiError(409, 'in_house_account_taken', t('link.alreadyLinked', { phone: SITE.supportPhone }));
  }
  return json({ accountNumber: account.account_number, companyName: account.company_name });
};
