import { createHash } from 'node:crypto';
import type { AstroUserConfig } from 'astro';

type CspConfig = Exclude<NonNullable<NonNullable<AstroUserConfig['security']>['csp']>, boolean>;

/**
 * The store's security headers, one set for every host (docs/decisions/023-security-headers.md):
 * the Node server sends them on every answer, and the Vercel build writes them into its
 * routes. Scripts and styles are governed by the Content-Security-Policy that Astro writes
 * into each page (hashes of every script it bundles and of the inline scripts below, no
 * `unsafe-inline` for scripts); `frame-ancestors` only works as a header, so it is here.
 */

/** The inline scripts of the pages, run before first paint; their hashes go in the policy. */
export const INLINE_SCRIPTS = {
  /**
   * The remembered colour mode, so a dark page never flashes white; and `data-trade` when the
   * tab's session (`nursery:session`) has trade pricing, so a prerendered page hides its list
   * prices (`data-list-price`) until the trade ones are shown (global.css, decision 055)
   * instead of flashing them. Every byte counts here: the home page's script budget.
   */
  theme:
    "(function(d,m,s){try{m=localStorage['nursery:colour-mode'];s=sessionStorage['nursery:session']}catch(e){}/\"trade_pricing\":t/.test(s)&&(d.trade=1);d.forcedTheme||(d.theme=m=='dark'||m!='light'&&matchMedia('(prefers-color-scheme:dark)').matches?'dark':'light')})(document.documentElement.dataset)",
  /** Browse pages style their filters for script when script runs. */
  jsClass: "document.documentElement.classList.add('js');",
} as const;

export function scriptHash(source: string): `sha256-${string}` {
  return `sha256-${createHash('sha256').update(source).digest('base64')}`;
}

/** The policy as a header: what a `<meta>` policy cannot say. */
export const HEADER_POLICY = "frame-ancestors 'none'; base-uri 'self'; object-src 'none'; form-action 'self'";

/** A policy's directive names, in order (a name twice is a policy the browser warns about). */
export function directiveNames(policy: string): string[] {
  return policy
    .split(';')
    .map((directive) => directive.trim().split(/\s+/)[0]?.toLowerCase() ?? '')
    .filter(Boolean);
}

/**
 * Astro's policy for a page rendered on demand, sent as a header, with what the header policy
 * adds to it: the directives it does not already have (`frame-ancestors`). A directive given
 * twice is ignored by the browser the second time, with an error in the console.
 */
export function withHeaderPolicy(policy: string): string {
  const present = new Set(directiveNames(policy));
  const missing = HEADER_POLICY.split(';')
    .map((directive) => directive.trim())
    .filter((directive) => !present.has(directiveNames(directive)[0] ?? ''));
  return missing.length === 0 ? policy : `${policy.trim().replace(/;$/, '')}; ${missing.join('; ')}`;
}

export const HSTS = 'max-age=63072000; includeSubDomains';

export function securityHeaders({ https }: { https: boolean }): Record<string, string> {
  return {
    'content-security-policy': HEADER_POLICY,
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-frame-options': 'DENY',
    'permissions-policy': 'camera=(), microphone=(), geolocation=(self)',
    'cross-origin-opener-policy': 'same-origin',
    ...(https ? { 'strict-transport-security': HSTS } : {}),
  };
}

/** PostHog's API host and the host it serves its scripts from (us.i → us-assets.i). */
export function analyticsOrigins(host: string | undefined): string[] {
  if (!host) return [];
  const origin = new URL(host).origin;
  const assets = origin.replace(/^https:\/\/([a-z]+)\.i\.posthog\.com$/, 'https://$1-assets.i.posthog.com');
  return assets === origin ? [origin] : [origin, assets];
}

/** Astro's `security.csp`: every page gets a `<meta>` policy with the hashes of its scripts. */
export function contentSecurityPolicy(analytics: { key?: string | undefined; host?: string | undefined }): CspConfig {
  const origins = analytics.key ? analyticsOrigins(analytics.host ?? 'https://us.i.posthog.com') : [];
  return {
    directives: [
      "default-src 'self'",
      "img-src 'self' data: blob: https:",
      `connect-src ${["'self'", ...origins].join(' ')}`,
      "font-src 'self'",
      "manifest-src 'self'",
      "worker-src 'self' blob:",
      "object-src 'none'",
      "base-uri 'self'",
      "form-action 'self'",
    ],
    scriptDirective: {
      resources: ["'self'", ...origins],
      hashes: Object.values(INLINE_SCRIPTS).map(scriptHash),
    },
    // Style attributes (React's `style` props in server-rendered HTML) stay allowed; style
    // elements and sheets are hashed or same-origin.
    styleDirective: {
      resources: ["'self'", { resource: "'unsafe-inline'", kind: 'attribute' as const }],
    },
  };
}
