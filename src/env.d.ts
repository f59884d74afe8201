/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    /** The page's language, from its path; for /api, from the cookie or Accept-Language. */
    locale: import('./lib/i18n/index.ts').Locale;
    requestId: string;
    /** The signed-in user, or null; set by the session middleware. */
    user: import('./features/accounts/session.ts').SessionUser | null;
    /** The access session behind `user` (its expiry answers GET /api/auth/token), or null. */
    session: import('./features/accounts/session.ts').SessionInfo | null;
  }
}

declare module 'virtual:nursery/page-translations' {
  /** The catalog's page translations, written by the build (src/features/translations). */
  const file: import('./features/translations/page-translations.ts').PageTranslationsFile;
  export default file;
}

declare module 'virtual:nursery/published-catalog' {
  /** The catalog snapshot a Vercel deployment was built from; null elsewhere (docs/decisions/050). */
  const snapshot: import('./features/catalog/catalog.ts').CatalogSnapshot | null;
  export default snapshot;
}
