import { z } from 'zod';

/**
 * Redirects kept in the `redirects` table (spec §2, "redirect lookup by path"): an old path
 * sends the visitor to another path or an external URL. They apply in three places, all fed
 * from the same rows (docs/decisions/006-redirects.md):
 * - at build, as Astro `redirects` (real 30x routes on Vercel, fallback pages elsewhere)
 *   and as `dist/redirects.json`, which the Node server checks before its static files;
 * - on every request rendered on demand, looked up in the table itself by the middleware,
 *   so a redirect added since the last build works at once wherever no page is in the way.
 */

export const REDIRECT_STATUSES = [301, 302, 307, 308] as const;
export type RedirectStatus = (typeof REDIRECT_STATUSES)[number];

export const RedirectRuleSchema = z.object({
  fromPath: z.string().regex(/^\//),
  toLocation: z.string().regex(/^(\/|https?:\/\/)/),
  status: z.union([z.literal(301), z.literal(302), z.literal(307), z.literal(308)]),
});
export type RedirectRule = z.infer<typeof RedirectRuleSchema>;

/** The file the build writes beside the client files, for the Node server. */
export const RedirectMapFileSchema = z.object({ redirects: z.array(RedirectRuleSchema) });
export const REDIRECT_MAP_FILE = 'redirects.json';

/** `/shop/` and `/shop` are the same path; `/` stays `/`. */
export function normalizeRedirectPath(path: string): string {
  return path.length > 1 ? path.replace(/\/+$/, '') || '/' : path;
}

export type RedirectMap = ReadonlyMap<string, RedirectRule>;

export function redirectMap(rules: readonly RedirectRule[]): RedirectMap {
  return new Map(rules.map((rule) => [normalizeRedirectPath(rule.fromPath), rule]));
}

/**
 * Where a request goes, if a rule names its path. The request's query string travels to a
 * target that has none of its own ("/catalogue?q=rose" → "/search?q=rose").
 */
export function resolveRedirect(
  map: RedirectMap,
  path: string,
  search = '',
): { location: string; status: RedirectStatus } | undefined {
  const rule = map.get(normalizeRedirectPath(path));
  if (!rule) return undefined;
  const location = search && !rule.toLocation.includes('?') ? `${rule.toLocation}${search}` : rule.toLocation;
  return { location, status: rule.status };
}

/**
 * The rules as Astro's `redirects` config. A path Astro would read as a route pattern
 * (brackets) is left to the server-side lookups.
 */
export function toAstroRedirects(
  rules: readonly RedirectRule[],
): Record<string, { status: RedirectStatus; destination: string }> {
  const config: Record<string, { status: RedirectStatus; destination: string }> = {};
  for (const rule of rules) {
    const from = normalizeRedirectPath(rule.fromPath);
    if (/[[\]]/.test(from) || from === '/') continue;
    config[from] = { status: rule.status, destination: rule.toLocation };
  }
  return config;
}
