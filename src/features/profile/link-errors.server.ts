import { ApiError } from '../../lib/http/api.ts';
import { getT, type Locale } from '../../lib/i18n/index.ts';
import { SITE } from '../../lib/site.ts';

/** The spec's linking messages (§8) for a failed check, as API errors with stable codes. */
export function linkFailure(kind: 'not_found' | 'taken', locale: Locale): ApiError {
  const t = getT(locale, 'accounts');
  return kind === 'not_found'
    ? new ApiError(422, 'in_house_account_not_found', t('link.notFound'))
    : new ApiError(409, 'in_house_account_taken', t('link.alreadyLinked', { phone: SITE.supportPhone }));
}
