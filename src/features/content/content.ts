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

/** The About page lives at /about; its content block also answers at /content/about. */
export const ABOUT_KEY = 'about';

/** A content page in each language: About points at /about, the others at /content/{slug}. */
export function contentAlternates(page: { key: string; slug_en: string; slug_fr: string }): Record<Locale, string> {
  if (page.key === ABOUT_KEY) return { en: '/about', fr: '/fr/about' };
  return { en: `/content/${page.slug_en}`, fr: `/fr/content/${page.slug_fr}` };
}

/** Paths under /content (either language), where a miss shows the content not-found state. */
export function isContentPath(pathname: string): boolean {
  return /^(\/fr)?\/content(\/|$)/.test(pathname);
}
