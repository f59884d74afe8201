import { describe, expect, it } from 'vitest';
import { SESSION_CACHE_KEY } from '../session-cache.ts';
import {
  analyticsOrigins,
  contentSecurityPolicy,
  directiveNames,
  HEADER_POLICY,
  INLINE_SCRIPTS,
  scriptHash,
  securityHeaders,
  withHeaderPolicy,
} from './security-headers.ts';

describe('contentSecurityPolicy', () => {
  it('allows scripts from this site and the hashes of the inline scripts only', () => {
    const policy = contentSecurityPolicy({});
    expect(policy.scriptDirective?.resources).toEqual(["'self'"]);
    expect(policy.scriptDirective?.hashes).toEqual(Object.values(INLINE_SCRIPTS).map(scriptHash));
    expect(JSON.stringify(policy)).not.toContain("'unsafe-eval'");
    expect(policy.scriptDirective?.resources).not.toContain("'unsafe-inline'");
    expect(policy.directives).toContain("connect-src 'self'");
  });

  it('lets PostHog load and send when a key is set, and only then', () => {
    const policy = contentSecurityPolicy({ key: 'phc_test', host: 'https://us.i.posthog.com' });
    expect(policy.scriptDirective?.resources).toEqual([
      "'self'",
      'https://us.i.posthog.com',
      'https://us-assets.i.posthog.com',
    ]);
    expect(policy.directives).toContain("connect-src 'self' https://us.i.posthog.com https://us-assets.i.posthog.com");
    expect(analyticsOrigins('https://eu.i.posthog.com')).toEqual([
      'https://eu.i.posthog.com',
      'https://eu-assets.i.posthog.com',
    ]);
    expect(analyticsOrigins('https://analytics.example.com/ingest')).toEqual(['https://analytics.example.com']);
  });
});

describe('securityHeaders', () => {
  it('forbids framing everywhere and pins HTTPS only when served over it', () => {
    expect(securityHeaders({ https: false })['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(securityHeaders({ https: false })['strict-transport-security']).toBeUndefined();
    expect(securityHeaders({ https: true })['strict-transport-security']).toMatch(/^max-age=\d{8,}/);
  });
});

describe('withHeaderPolicy', () => {
  it("adds to Astro's policy only the directives it lacks, so none is given twice", () => {
    const astro =
      "default-src 'self';object-src 'none';base-uri 'self';form-action 'self'; script-src 'self' 'sha256-x'";
    const policy = withHeaderPolicy(astro);
    expect(policy).toBe(`${astro}; frame-ancestors 'none'`);
    expect(directiveNames(policy)).toEqual([
      'default-src',
      'object-src',
      'base-uri',
      'form-action',
      'script-src',
      'frame-ancestors',
    ]);
    expect(withHeaderPolicy("default-src 'self';")).toBe(`default-src 'self'; ${HEADER_POLICY}`);
    expect(withHeaderPolicy(policy)).toBe(policy);
  });
});

describe('the head script', () => {
  /** Runs the inline script as a page would, over the given storage; returns `<html>`'s dataset. */
  function run(
    local: Record<string, string>,
    session: Record<string, string>,
    dataset: Record<string, string> = {},
    dark = false,
  ) {
    const scope = {
      document: { documentElement: { dataset } },
      localStorage: local,
      sessionStorage: session,
      matchMedia: () => ({ matches: dark }),
    };
    new Function(...Object.keys(scope), INLINE_SCRIPTS.theme)(...Object.values(scope));
    return dataset;
  }
  const sessionOf = (tradePricing: boolean) =>
    JSON.stringify({ user: { firstName: 'Marc' }, customer_type: { id: 2 }, trade_pricing: tradePricing });

  it('marks a trade session, read where the session client keeps it, and no other', () => {
    // A DOMStringMap keeps strings: the script's 1 is « 1 » on the element.
    const trade = run({}, { [SESSION_CACHE_KEY]: sessionOf(true) });
    expect(String(trade.trade)).toBe('1');
    expect(trade.theme).toBe('light');
    expect(run({}, { [SESSION_CACHE_KEY]: sessionOf(false) })).not.toHaveProperty('trade');
    expect(run({}, {})).not.toHaveProperty('trade');
  });

  it('applies the remembered colour mode, else the system one, unless the page forces one', () => {
    expect(run({ 'nursery:colour-mode': 'dark' }, {}).theme).toBe('dark');
    expect(run({ 'nursery:colour-mode': 'light' }, {}, {}, true).theme).toBe('light');
    expect(run({ 'nursery:colour-mode': 'system' }, {}, {}, true).theme).toBe('dark');
    expect(run({}, {}, {}, true).theme).toBe('dark');
    expect(run({ 'nursery:colour-mode': 'dark' }, {}, { forcedTheme: 'light', theme: 'light' }).theme).toBe('light');
  });
});
