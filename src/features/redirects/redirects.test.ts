import { describe, expect, it } from 'vitest';
import { normalizeRedirectPath, redirectMap, resolveRedirect, toAstroRedirects } from './redirects.ts';

const rules = redirectMap([
  { fromPath: '/shop', toLocation: '/browse/trees', status: 301 },
  { fromPath: '/catalogue/', toLocation: '/search', status: 302 },
  { fromPath: '/old-offer', toLocation: 'https://example.com/offer?ref=nursery', status: 308 },
]);

describe('resolveRedirect', () => {
  it('sends a listed path to its target with its status', () => {
    expect(resolveRedirect(rules, '/shop')).toEqual({ location: '/browse/trees', status: 301 });
  });

  it('ignores a trailing slash on either side', () => {
    expect(resolveRedirect(rules, '/shop/')).toEqual({ location: '/browse/trees', status: 301 });
    expect(resolveRedirect(rules, '/catalogue')).toEqual({ location: '/search', status: 302 });
  });

  it('carries the query string to a target without one', () => {
    expect(resolveRedirect(rules, '/catalogue', '?q=rose')).toEqual({ location: '/search?q=rose', status: 302 });
    expect(resolveRedirect(rules, '/old-offer', '?x=1')?.location).toBe('https://example.com/offer?ref=nursery');
  });

  it('allows external targets and leaves unknown paths alone', () => {
    expect(resolveRedirect(rules, '/old-offer')?.status).toBe(308);
    expect(resolveRedirect(rules, '/shopping')).toBeUndefined();
    expect(resolveRedirect(rules, '/')).toBeUndefined();
  });
});

describe('toAstroRedirects', () => {
  it('gives Astro each rule with its status, skipping paths it would read as patterns', () => {
    expect(
      toAstroRedirects([
        { fromPath: '/shop/', toLocation: '/browse/trees', status: 301 },
        { fromPath: '/[odd]', toLocation: '/', status: 302 },
      ]),
    ).toEqual({ '/shop': { status: 301, destination: '/browse/trees' } });
  });

  it('normalises paths', () => {
    expect(normalizeRedirectPath('/')).toBe('/');
    expect(normalizeRedirectPath('/a//')).toBe('/a');
  });
});
