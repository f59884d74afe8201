import type { APIRoute } from 'astro';
import {
  accountDeps,
  accountSchemaOptions,
  clientAddressOf,
  requireUser,
} from '../../../features/accounts/auth.server.ts';
import { requestEmailChange } from '../../../features/profile/profile.server.ts';
import { ChangeEmailSchema } from '../../../features/profile/profile.ts';
import { ApiError, json } from '../../../lib/http/api.ts';
import { parseInput, readJson } from '../../../lib/http/body.ts';
import { getT } from '../../../lib/i18n/index.ts';

export const prerender = false;

/** POST { newEmail, currentPassword } → 202: a confirmation link goes to the new address. */
export const POST: APIRoute = async (context) => {
  const { locals, request } = context;
  const user = requireUser(locals);
  const { messages } = await accountSchemaOptions(locals.locale);
  const input = parseInput(ChangeEmailSchema(messages), await readJson(request, locals.locale), locals.locale);
  const result = await requestEmailChange(await accountDeps(), user.id, input, clientAddressOf(context));
  const t = getT(locals.locale, 'profile');
  switch (result) {
    case 'sent':
      return json({ email: input.newEmail }, { status: 202 });
    case 'wrong_password':
      throw new ApiError(403, 'wrong_password', t('email.wrongPassword'), {
        fields: { currentPassword: t('email.wrongPassword') },
      });
    case 'same':
      throw new ApiError(422, 'same_email', t('email.same'), { fields: { newEmail: t('email.same') } });
    case 'taken': {
      const message = getT(locals.locale, 'accounts')('validation.emailTaken');
      throw new ApiError(409, 'email_taken', message, { fields: { newEmail: message } });
    }
  }
};
