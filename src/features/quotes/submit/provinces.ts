import { intlLocale, type Locale, resources } from '../../../lib/i18n/index.ts';
import { PROVINCES, type Province } from './checkout-fields.ts';

export interface ProvinceOption {
  code: Province;
  name: string;
}

/**
 * The choices of a province select, by name in alphabetical order of the page's language:
 * French readers look for « Île-du-Prince-Édouard » under I, where the codes' order would put
 * it after « Ontario ». Built on the server and passed to the island, which then carries one
 * language's names, not every language's.
 */
export function provinceOptions(locale: Locale): ProvinceOption[] {
  const names = resources[locale].checkout.provinces;
  const collator = new Intl.Collator(intlLocale(locale));
  return PROVINCES.map((code) => ({ code, name: names[code] })).sort((a, b) => collator.compare(a.name, b.name));
}
