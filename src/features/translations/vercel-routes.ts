import { LOCALE_COOKIE, type Locale } from '../../lib/i18n/index.ts';
import { MIRRORED_SECTIONS, type PageTranslationsFile } from './page-translations.ts';

/**
 * On Vercel the static pages are answered by the platform, never by our server: the locale
 * cookie's redirect has to be a route of the Build Output API (v3), placed before the
 * `filesystem` phase. One route per page and language, with the page's translation as its
 * `Location`; one for each prefix of the store's own sections. Paths with no static page
 * (a wrong-language slug, an unknown path) reach the function, whose middleware answers
 * them from the same map (docs/decisions/036-page-translations.md).
 */
export interface VercelRedirectRoute {
  src: string;
  has: { type: 'cookie'; key: string; value: Locale }[];
  status: 302;
  headers: { Location: string; 'Cache-Control': string; Vary: string };
}

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function redirect(src: string, cookie: Locale, location: string): VercelRedirectRoute {
  return {
    src,
    has: [{ type: 'cookie', key: LOCALE_COOKIE, value: cookie }],
    status: 302,
    headers: { Location: location, 'Cache-Control': 'no-store', Vary: 'Cookie' },
  };
}

/** The source pattern of one page: its path, with or without a trailing slash. */
export function pageSource(path: string): string {
  return path === '/' ? '^/$' : `^${escapeRegex(path)}/?$`;
}

export function vercelLocaleRoutes(file: PageTranslationsFile): VercelRedirectRoute[] {
  const routes: VercelRedirectRoute[] = [];
  for (const pair of file.pairs) {
    routes.push(redirect(pageSource(pair.en), 'fr', pair.fr), redirect(pageSource(pair.fr), 'en', pair.en));
  }
  const sections = MIRRORED_SECTIONS.map(escapeRegex).join('|');
  routes.push(
    redirect(`^/(${sections})(/.*)?$`, 'fr', '/fr/$1$2'),
    redirect(`^/fr/(${sections})(/.*)?$`, 'en', '/$1$2'),
  );
  return routes;
}
