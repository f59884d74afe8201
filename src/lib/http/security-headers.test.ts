import { describe, expect, it } from 'vitest';
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
