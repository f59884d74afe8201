import type { Locale } from '../../lib/i18n/index.ts';
import { PUBLIC_PRODUCT_PATHS } from './catalog-admin.ts';

/** The redirect a product slug change leaves: the old public URL to the new one. */
export function redirectFromChange(locale: Locale, from: string, to: string): { fromPath: string; toLocation: string } {
  return { fromPath: PUBLIC_PRODUCT_PATHS[locale](from), toLocation: PUBLIC_PRODUCT_PATHS[locale](to) };
}
