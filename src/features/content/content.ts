import type { Locale } from '../../lib/i18n/index.ts';

/** The content pages every footer links to, with their slug in each language. */
export const CONTENT_PAGES = {
  about: { en: 'about', fr: 'a-propos' },
  faqs: { en: 'faqs', fr: 'faq' },
  contact: { en: 'contact', fr: 'nous-joindre' },
  'privacy-policy': { en: 'privacy-policy', fr: 'politique-de-confidentialite' },
  'terms-of-service': { en: 'terms-of-service', fr: 'conditions-d-utilisation' },
  warranty: { en: 'warranty', fr: 'garantie' },
  support: { en: 'support', fr: 'soutien' },
} as const satisfies Record<string, Record<Locale, string>>;

export type ContentKey = keyof typeof CONTENT_PAGES;

export function contentPath(key: ContentKey, locale: Locale): string {
  const slug = CONTENT_PAGES[key][locale];
  return locale === 'fr' ? `/fr/content/${slug}` : `/content/${slug}`;
}
