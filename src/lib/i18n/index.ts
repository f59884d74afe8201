import { createInstance, type TFunction } from 'i18next';
import { z } from 'zod';
import { collapseDoublePeriod, elideBeforeValues } from './locale.ts';
import enAccounts from './locales/en/accounts.json' with { type: 'json' };
import enCart from './locales/en/cart.json' with { type: 'json' };
import enCatalog from './locales/en/catalog.json' with { type: 'json' };
import enCatalogAdmin from './locales/en/catalog-admin.json' with { type: 'json' };
import enCheckout from './locales/en/checkout.json' with { type: 'json' };
import enCommon from './locales/en/common.json' with { type: 'json' };
import enContent from './locales/en/content.json' with { type: 'json' };
import enDashboard from './locales/en/dashboard.json' with { type: 'json' };
import enErrors from './locales/en/errors.json' with { type: 'json' };
import enHolds from './locales/en/holds.json' with { type: 'json' };
import enHome from './locales/en/home.json' with { type: 'json' };
import enLists from './locales/en/lists.json' with { type: 'json' };
import enMail from './locales/en/mail.json' with { type: 'json' };
import enNegotiation from './locales/en/negotiation.json' with { type: 'json' };
import enProfile from './locales/en/profile.json' with { type: 'json' };
import enQuoteDesk from './locales/en/quoteDesk.json' with { type: 'json' };
import enQuoteQueue from './locales/en/quoteQueue.json' with { type: 'json' };
import enQuotes from './locales/en/quotes.json' with { type: 'json' };
import enSandbox from './locales/en/sandbox.json' with { type: 'json' };
import enSearch from './locales/en/search.json' with { type: 'json' };
import enSecurity from './locales/en/security.json' with { type: 'json' };
import enSeo from './locales/en/seo.json' with { type: 'json' };
import enTaxes from './locales/en/taxes.json' with { type: 'json' };
import enThread from './locales/en/thread.json' with { type: 'json' };
import frAccounts from './locales/fr/accounts.json' with { type: 'json' };
import frCart from './locales/fr/cart.json' with { type: 'json' };
import frCatalog from './locales/fr/catalog.json' with { type: 'json' };
import frCatalogAdmin from './locales/fr/catalog-admin.json' with { type: 'json' };
import frCheckout from './locales/fr/checkout.json' with { type: 'json' };
import frCommon from './locales/fr/common.json' with { type: 'json' };
import frContent from './locales/fr/content.json' with { type: 'json' };
import frDashboard from './locales/fr/dashboard.json' with { type: 'json' };
import frErrors from './locales/fr/errors.json' with { type: 'json' };
import frHolds from './locales/fr/holds.json' with { type: 'json' };
import frHome from './locales/fr/home.json' with { type: 'json' };
import frLists from './locales/fr/lists.json' with { type: 'json' };
import frMail from './locales/fr/mail.json' with { type: 'json' };
import frNegotiation from './locales/fr/negotiation.json' with { type: 'json' };
import frProfile from './locales/fr/profile.json' with { type: 'json' };
import frQuoteDesk from './locales/fr/quoteDesk.json' with { type: 'json' };
import frQuoteQueue from './locales/fr/quoteQueue.json' with { type: 'json' };
import frQuotes from './locales/fr/quotes.json' with { type: 'json' };
import frSandbox from './locales/fr/sandbox.json' with { type: 'json' };
import frSearch from './locales/fr/search.json' with { type: 'json' };
import frSecurity from './locales/fr/security.json' with { type: 'json' };
import frSeo from './locales/fr/seo.json' with { type: 'json' };
import frTaxes from './locales/fr/taxes.json' with { type: 'json' };
import frThread from './locales/fr/thread.json' with { type: 'json' };

export const LOCALES = ['en', 'fr'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';
export { fill, INTL_LOCALE, intlLocale, plural } from './locale.ts';
export const LOCALE_COOKIE = 'locale';
export const LOCALE_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

export const LocaleSchema = z.enum(LOCALES);

type Tree = { [key: string]: string | Tree };
const TreeSchema: z.ZodType<Tree> = z.lazy(() => z.record(z.string(), z.union([z.string(), TreeSchema])));

/** Every namespace of every locale, parsed at load: a malformed file fails at start, not on a page. */
export const resources = {
  en: {
    common: enCommon,
    errors: enErrors,
    home: enHome,
    catalog: enCatalog,
    'catalog-admin': enCatalogAdmin,
    content: enContent,
    search: enSearch,
    sandbox: enSandbox,
    accounts: enAccounts,
    profile: enProfile,
    lists: enLists,
    cart: enCart,
    checkout: enCheckout,
    quotes: enQuotes,
    quoteDesk: enQuoteDesk,
    negotiation: enNegotiation,
    holds: enHolds,
    quoteQueue: enQuoteQueue,
    dashboard: enDashboard,
    mail: enMail,
    security: enSecurity,
    seo: enSeo,
    taxes: enTaxes,
    thread: enThread,
  },
  fr: {
    common: frCommon,
    errors: frErrors,
    home: frHome,
    catalog: frCatalog,
    'catalog-admin': frCatalogAdmin,
    content: frContent,
    search: frSearch,
    sandbox: frSandbox,
    accounts: frAccounts,
    profile: frProfile,
    lists: frLists,
    cart: frCart,
    checkout: frCheckout,
    quotes: frQuotes,
    quoteDesk: frQuoteDesk,
    negotiation: frNegotiation,
    holds: frHolds,
    quoteQueue: frQuoteQueue,
    dashboard: frDashboard,
    mail: frMail,
    security: frSecurity,
    seo: frSeo,
    taxes: frTaxes,
    thread: frThread,
  },
} as const satisfies Record<Locale, Record<string, Tree>>;
for (const [locale, namespaces] of Object.entries(resources)) {
  for (const [ns, tree] of Object.entries(namespaces)) {
    const parsed = TreeSchema.safeParse(tree);
    if (!parsed.success) throw new Error(`Translation file ${locale}/${ns}.json is malformed: ${parsed.error.message}`);
  }
}

export type Namespace = keyof (typeof resources)['en'];

const instances = new Map<Locale, ReturnType<typeof createInstance>>();
const fixedTs = new Map<string, TFunction>();

function instanceFor(locale: Locale) {
  let instance = instances.get(locale);
  if (!instance) {
    instance = createInstance();
    // i18next keeps post-processors in one registry shared by every instance, by name: each
    // language registers its own, or the last instance made would speak for both.
    const sentence = `sentence-${locale}`;
    instance.use({
      type: 'postProcessor',
      name: sentence,
      process: (value: string, _key: unknown, options: Record<string, unknown> | undefined) => {
        const text = collapseDoublePeriod(value);
        return locale === 'fr' && options ? elideBeforeValues(text, options) : text;
      },
    });
    void instance.init({
      lng: locale,
      fallbackLng: false,
      resources: { [locale]: resources[locale] },
      ns: Object.keys(resources[locale]),
      defaultNS: 'common',
      initAsync: false,
      interpolation: { escapeValue: false },
      returnNull: false,
      postProcess: [sentence],
    });
    instances.set(locale, instance);
  }
  return instance;
}

/**
 * A translate function fixed to one locale and namespace. Never a global language switch:
 * concurrent server renders each hold their own `t`.
 */
export function getT(locale: Locale, ns: Namespace = 'common'): TFunction {
  // A fixed t holds only its language and namespace: one per pair serves every request.
  const key = `${locale}:${ns}`;
  let t = fixedTs.get(key);
  if (!t) {
    t = instanceFor(locale).getFixedT(locale, ns);
    fixedTs.set(key, t);
  }
  return t;
}

export function isLocale(value: unknown): value is Locale {
  return value === 'en' || value === 'fr';
}

/** The locale a path belongs to: `/fr` and `/fr/...` are French, everything else English. */
export function localeFromPath(pathname: string): Locale {
  return pathname === '/fr' || pathname.startsWith('/fr/') ? 'fr' : 'en';
}

/** Strips the locale prefix: `/fr/cart` → `/cart`, `/fr` → `/`. */
export function stripLocale(pathname: string): string {
  if (pathname === '/fr') return '/';
  return pathname.startsWith('/fr/') ? pathname.slice(3) : pathname;
}

/** A locale-neutral path (`/cart`) in a locale: `/cart` or `/fr/cart`. */
export function localizePath(path: string, locale: Locale): string {
  const neutral = stripLocale(path);
  if (locale === DEFAULT_LOCALE) return neutral;
  return neutral === '/' ? '/fr' : `/fr${neutral}`;
}

/** Picks the preferred supported locale from an Accept-Language header. */
export function localeFromAcceptLanguage(header: string | null): Locale | undefined {
  if (!header) return undefined;
  const ranked = header
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { lang: tag.toLowerCase().split('-')[0], q: q ? Number(q.slice(2)) : 1 };
    })
    .filter((entry) => entry.q > 0 && (entry.lang === 'en' || entry.lang === 'fr'))
    .sort((a, b) => b.q - a.q);
  const best = ranked[0]?.lang;
  return isLocale(best) ? best : undefined;
}
