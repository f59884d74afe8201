/**
 * On Vercel, the catalogue pages an edit touches are rendered on demand and cached by the
 * platform's ISR until they are revalidated (docs/decisions/050-incremental-publish.md).
 * Pure: read by astro.config.mjs, the route integration, the middleware and scripts/test.ts.
 */

/**
 * Route patterns of the catalogue pages that are rendered on demand and cached on Vercel:
 * every page `planPublish` (incremental.ts) may render again. Nothing else may ever be cached:
 * anything not listed here is excluded from ISR (`ISR_EXCLUDE`).
 */
export const ISR_ROUTES: readonly string[] = [
  '/',
  '/fr',
  '/categories',
  '/fr/categories',
  '/products/[slug]',
  '/fr/products/[slug]',
  '/browse/[...category]',
  '/fr/browse/[...category]',
  '/sitemap.xml',
];

export const isIsrRoute = (pattern: string): boolean => ISR_ROUTES.includes(pattern);

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/**
 * The adapter's `isr.exclude` as an allow-list: @astrojs/vercel tests each RegExp against every
 * route's pattern (`/cart`, `/api/cart/items/[id]`) and serves those it matches with the
 * uncached function. This matches every pattern but the catalogue's.
 */
export const ISR_EXCLUDE = new RegExp(`^(?!(?:${ISR_ROUTES.map(escapeRegExp).join('|')})$)`);

/** `src/pages/fr/products/[slug].astro` → `/fr/products/[slug]`; `src/pages/index.astro` → `/`. */
export function routePatternOf(component: string): string {
  const path = component
    .replace(/^src\/pages/, '')
    .replace(/\.(astro|ts|js|md|mdx|html)$/, '')
    .replace(/\/index$/, '');
  return path === '' ? '/' : path;
}

/** Vercel's documented minimum for a bypass token. */
export const MIN_BYPASS_TOKEN_LENGTH = 32;

/** The adapter's ISR options: cached until revalidated (or the next deployment), catalogue only. */
export function vercelIsrOptions(bypassToken: string | undefined) {
  return { bypassToken: bypassToken || undefined, expiration: false as const, exclude: [ISR_EXCLUDE] };
}

/** A path that is a catalogue page and one that must never be cached, to check an output with. */
const CACHED_SAMPLES = ['/', '/fr', '/products/a-plant', '/fr/products/une-plante', '/browse/trees/maples'];
const NEVER_CACHED_SAMPLES = [
  '/cart',
  '/fr/cart',
  '/checkout',
  '/profile',
  '/admin',
  '/admin/products',
  '/api/cart',
  '/api/session',
  '/api/auth/sign-in',
  '/search',
  '/quotes',
  '/404',
];

interface VercelRoute {
  src?: string;
  dest?: string;
}

/**
 * What is wrong with a Vercel build output's ISR set-up (empty when right): the ISR function's
 * prerender config holds the token and never expires; catalogue paths reach the ISR function;
 * per-user paths never do. Used by scripts/test.ts after `build (Vercel)`.
 */
export function vercelIsrProblems(
  config: { routes?: VercelRoute[] },
  prerenderConfig: { bypassToken?: unknown; expiration?: unknown } | null,
  bypassToken: string,
): string[] {
  const problems: string[] = [];
  if (!prerenderConfig) return ['no functions/_isr.prerender-config.json'];
  if (prerenderConfig.bypassToken !== bypassToken) problems.push('the ISR function has not the bypass token');
  if (prerenderConfig.expiration !== false) problems.push('the ISR function expires its pages');
  const routes = (config.routes ?? []).filter((route) => route.src && route.dest);
  // The first route matching a path decides (after the static files, which none of these are).
  const destination = (path: string) => routes.find((route) => new RegExp(route.src as string).test(path))?.dest;
  for (const path of CACHED_SAMPLES) {
    if (!destination(path)?.startsWith('/_isr')) problems.push(`${path} is not served by the ISR function`);
  }
  for (const path of NEVER_CACHED_SAMPLES) {
    if (destination(path)?.startsWith('/_isr')) problems.push(`${path} would be cached by ISR`);
  }
  return problems;
}
