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
  if (key === ABOUT_KEY) return locale === 'fr' ? '/fr/about' : '/about';
  const slug = CONTENT_PAGES[key][locale];
  return locale === 'fr' ? `/fr/content/${slug}` : `/content/${slug}`;
}

/**
 * The About page lives at /about only: its content block is not a second page at
 * /content/about, which answers with a 301 to /about (issue 12.7, docs/decisions/037).
 */
export const ABOUT_KEY = 'about';

/** Content pages with a page of their own under /content (all but About). */
export function hasContentRoute(page: { key: string }): boolean {
  return page.key !== ABOUT_KEY;
}

/** A content page in each language: About points at /about, the others at /content/{slug}. */
export function contentAlternates(page: { key: string; slug_en: string; slug_fr: string }): Record<Locale, string> {
  if (page.key === ABOUT_KEY) return { en: '/about', fr: '/fr/about' };
  return { en: `/content/${page.slug_en}`, fr: `/fr/content/${page.slug_fr}` };
}

/** Paths under /content (either language), where a miss shows the content not-found state. */
export function isContentPath(pathname: string): boolean {
  return /^(\/fr)?\/content(\/|$)/.test(pathname);
}

/** A content page places the sales yards' list (from the locations table) where this paragraph is. */
export const SALES_YARDS_MARKER_HTML = '<p>{{sales-yards}}</p>';
