import { dictionary } from '@zxcvbn-ts/language-common';
import { ApiError } from '../../lib/http/api.ts';
import { getT, type Locale } from '../../lib/i18n/index.ts';

/**
 * What a new password may not be, beyond its length (spec §9; ASVS 5.0 6.2.4 and 6.2.11):
 * one of the 10,000 most common passwords, or the account's e-mail address or a part of
 * it someone would guess. The list is `@zxcvbn-ts/language-common`'s `passwords-common`,
 * ranked by how often each password appears in breach corpora; its first 10,000 are used.
 * Checked on the server only, so the list never ships to the browser.
 */
export const COMMON_PASSWORD_COUNT = 10_000;

let common: Set<string> | undefined;

function commonPasswords(): Set<string> {
  common ??= new Set(dictionary['passwords-common'].slice(0, COMMON_PASSWORD_COUNT).map((p) => p.toLowerCase()));
  return common;
}

export type PasswordWeakness = 'common' | 'email';

/** Local parts shorter than this are not looked for inside a password ("a@b.ca" and "a"). */
const MIN_LOCAL_PART = 3;

export function passwordWeakness(password: string, email: string): PasswordWeakness | undefined {
  const lower = password.toLowerCase();
  if (commonPasswords().has(lower)) return 'common';
  const address = email.trim().toLowerCase();
  const local = address.split('@')[0] ?? '';
  if (lower === address || lower.includes(address)) return 'email';
  if (local.length >= MIN_LOCAL_PART && lower.includes(local)) return 'email';
  return undefined;
}

/** The 422 a form shows under its password field, in the caller's language. */
export function weakPasswordError(weakness: PasswordWeakness, locale: Locale): ApiError {
  const message = getT(locale, 'security')(`password.${weakness}`);
  return new ApiError(422, 'invalid', getT(locale, 'errors')('validation.invalid'), { fields: { password: message } });
}
