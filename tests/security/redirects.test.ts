import { describe, expect, it } from 'vitest';
import { raw, SERVERS } from './probe.ts';

/** Issues 16.1 and 9.8: nothing a request says can send a visitor to another site. */
const EVIL = /(^|["'=\s])(https?:)?\/\/evil\.example/;

describe.each(SERVERS)('redirects on $engine', (server) => {
  for (const path of ['/fr//evil.example/', '/fr/%2Fevil.example%2F', '/fr/%5Cevil.example/', '/fr/.//evil.example/']) {
    it(`open redirect: the locale redirect of ${path} with locale=en stays on this site`, async () => {
      const response = await raw(server, 'GET', path, { headers: { cookie: 'locale=en' } });
      const location = String(response.headers.location ?? '');
      if (response.status >= 300 && response.status < 400) {
        expect(new URL(location, server.base).origin).toBe(server.base);
      }
      expect(location).not.toMatch(EVIL);
    });
  }

  it('open redirect: the language switch of a page at /fr//evil.example/ links to this site', async () => {
    const response = await raw(server, 'GET', '/fr//evil.example/');
    const hrefs = [...response.body.matchAll(/<a[^>]*class="tool lang"[^>]*href="([^"]*)"/g)].map((m) => m[1]);
    const alternates = [...response.body.matchAll(/<a[^>]*href="([^"]*)"[^>]*class="tool lang"/g)].map((m) => m[1]);
    for (const href of [...hrefs, ...alternates]) expect(href, href).not.toMatch(/^\/\/|^\/\\|^https?:/);
  });

  for (const redirect of ['/.//evil.example', '/%2e//evil.example', '//evil.example', 'https://evil.example/']) {
    it(`open redirect: the sign-in page never hands redirect=${redirect} to its form`, async () => {
      const response = await raw(server, 'GET', `/auth/sign-in?redirect=${encodeURIComponent(redirect)}`);
      expect(response.status).toBe(200);
      expect(response.body).not.toMatch(/redirectTo&quot;:\[0,&quot;(\/\/|https?:)/);
      expect(response.body).not.toMatch(EVIL);
    });
  }
});
