import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { VERCEL_CONFIG } from '../../src/features/shell/security-headers.integration.ts';
import { directiveNames, HEADER_POLICY, HSTS } from '../../src/lib/http/security-headers.ts';
import { DEMO, raw, SERVERS, signIn } from './probe.ts';

/** Issue 9.5: one set of security headers on every answer, on both hosts. */
const PAGES = [
  ['a prerendered page', '/'],
  ['a prerendered French page', '/fr/browse/arbres'],
  ['a page rendered on demand', '/auth/sign-in'],
  ['a French page rendered on demand', '/fr/auth/sign-in'],
  ['a missing page', '/no-such-page'],
  ['an API answer', '/api/app_settings'],
] as const;

/** The script policy of a page: a `<meta>` on static pages, the header on pages rendered on demand. */
function policyOf(html: string, header?: string | string[]): string {
  const meta = /<meta http-equiv="content-security-policy" content="([^"]+)"/.exec(html)?.[1];
  return meta ?? String(header ?? '');
}

/**
 * The header forbids framing, alone (static files, API) or after Astro's script policy (SSR),
 * and gives no directive twice (the browser would ignore the second, with a console error).
 */
function forbidsFraming(header: string | string[] | undefined): boolean {
  const policy = String(header ?? '');
  const names = directiveNames(policy);
  return policy.includes("frame-ancestors 'none'") && new Set(names).size === names.length;
}

describe.each(SERVERS)('security headers on $engine', (server) => {
  for (const [what, path] of PAGES) {
    it(`clickjacking: ${what} (${path}) may not be framed, and says what it is`, async () => {
      const response = await raw(server, 'GET', path);
      expect(forbidsFraming(response.headers['content-security-policy'])).toBe(true);
      expect(response.headers['x-frame-options']).toBe('DENY');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      // Served over plain HTTP here: no HSTS (it would be ignored, and pin nothing).
      expect(response.headers['strict-transport-security']).toBeUndefined();
    });
  }

  for (const [what, path] of PAGES.slice(0, 5)) {
    it(`XSS: ${what} (${path}) runs only hashed or same-origin scripts, never inline ones`, async () => {
      const response = await raw(server, 'GET', path);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      const policy = policyOf(response.body, response.headers['content-security-policy']);
      const scripts = /script-src ([^;]+)/.exec(policy)?.[1] ?? '';
      expect(scripts).toContain("'self'");
      expect(scripts).toMatch(/'sha256-/);
      expect(scripts).not.toContain("'unsafe-inline'");
      expect(scripts).not.toContain("'unsafe-eval'");
      // Every inline script of the page is one the policy names by its hash.
      const { createHash } = await import('node:crypto');
      const inline = [
        ...response.body.matchAll(
          /<script(?![^>]*\bsrc=)(?![^>]*type="application\/(?:ld\+)?json")[^>]*>([\s\S]*?)<\/script>/g,
        ),
      ];
      for (const [, body = ''] of inline) {
        const hash = `'sha256-${createHash('sha256').update(body).digest('base64')}'`;
        expect(scripts, body.slice(0, 80)).toContain(hash);
      }
    });
  }

  it('XSS: a signed-in page rendered on demand carries the policy too', async () => {
    const cookie = await signIn(server, DEMO.customer);
    const response = await raw(server, 'GET', '/profile', { headers: { cookie } });
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(policyOf(response.body, response.headers['content-security-policy'])).toMatch(
      /script-src 'self'[^;]*'sha256-/,
    );
    expect(forbidsFraming(response.headers['content-security-policy'])).toBe(true);
  });
});

describe('security headers on Vercel', () => {
  const file = join(import.meta.dirname, '../..', VERCEL_CONFIG);
  it.runIf(existsSync(file))(
    'clickjacking and downgrade: the built Vercel routes send the same headers, with HSTS',
    () => {
      const config = JSON.parse(readFileSync(file, 'utf8')) as {
        routes: { src?: string; headers?: Record<string, string>; continue?: boolean }[];
      };
      const first = config.routes[0];
      expect(first?.src).toBe('^/.*$');
      expect(first?.continue).toBe(true);
      expect(first?.headers?.['content-security-policy']).toBe(HEADER_POLICY);
      expect(first?.headers?.['x-frame-options']).toBe('DENY');
      expect(first?.headers?.['strict-transport-security']).toBe(HSTS);
      // A page the Vercel build still prerenders (the catalogue's are ISR functions, decision 050).
      const about = readFileSync(join(import.meta.dirname, '../..', '.vercel/output/static/about/index.html'), 'utf8');
      expect(policyOf(about)).toMatch(/script-src 'self'[^;]*'sha256-/);
    },
  );
});
