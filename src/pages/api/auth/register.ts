import type { APIRoute } from 'astro';
import { register } from '../../../features/accounts/accounts.server.ts';
import { RegisterSchema } from '../../../features/accounts/accounts.ts';
import { accountDeps, accountSchemaOptions, clientAddressOf } from '../../../features/accounts/auth.server.ts';
import { passwordWeakness, weakPasswordError } from '../../../features/accounts/password-policy.server.ts';
import { ApiError } from '../../../lib/http/api.ts';
import { parseInput, readJson } from '../../../lib/http/body.ts';
import { getT } from '../../../lib/i18n/index.ts';
import { SITE } from '../../../lib/site.ts';

export const prerender = false;

/**
 * POST the five steps of the sign-up → 201. The account stays unconfirmed (no session) until
 * its e-mail link is followed; the link is mailed by the mail-outbox worker after the answer.
 */
export const POST: APIRoute = async (context) => {
  const { locals, request } = context;
  const options = await accountSchemaOptions(locals.locale);
  const data = parseInput(RegisterSchema(options), await readJson(request, locals.locale), locals.locale);
  const weakness = passwordWeakness(data.password, data.email);
  if (weakness) throw weakPasswordError(weakness, locals.locale);
  const result = await register(await accountDeps(), data, locals.locale, clientAddressOf(context));
  const t = getT(locals.locale, 'accounts');
  switch (result.kind) {
    case 'created':
      return new Response(null, { status: 201 });
    case 'email_taken':
      throw new ApiError(409, 'email_taken', t('validation.emailTaken'), {
        fields: { email: t('validation.emailTaken') },
      });
    case 'trade_not_found':
      throw new ApiError(422, 'in_house_account_not_found', t('link.notFound'));
    case 'trade_taken':
      throw new ApiError(409, 'in_house_account_taken', t('link.alreadyLinked', { phone: SITE.supportPhone }));
    case 'location_invalid':
      throw new ApiError(422, 'invalid', t('validation.locationRequired'), {
        fields: { locationId: t('validation.locationRequired') },
      });
  }
};
