import { describe, expect, it } from 'vitest';
import { generateRedirectValues, random } from '../../../tests/support/redirect-fuzz.ts';
import { sameSitePath } from './redirect.ts';

const ORIGIN = 'https://shop.example';

/** Where a browser on one of our pages goes when it follows `location`. */
function browserTarget(location: string, from = `${ORIGIN}/fr/some/page?q=1`): URL {
  return new URL(location, from);
}

function expectOnSite(input: string) {
  const out = sameSitePath(input, '/fallback');
  const label = JSON.stringify(input);
  expect(out.startsWith('/'), label).toBe(true);
  expect(out.startsWith('//'), label).toBe(false);
  expect(out.startsWith('/\\'), label).toBe(false);
  for (const from of [`${ORIGIN}/`, `${ORIGIN}/fr/a/b/c?x#y`, 'http://shop.example/auth/sign-in']) {
    expect(browserTarget(out, from).origin, `${label} → ${out}`).toBe(new URL(from).origin);
  }
  // Idempotent: judging the answer again leaves it as it is.
  expect(sameSitePath(out, '/other'), label).toBe(out);
  return out;
}

describe('sameSitePath', () => {
  it('keeps paths on this site, with their query and hash', () => {
    expect(sameSitePath('/fr/lists/3?edit=1#top', '/')).toBe('/fr/lists/3?edit=1#top');
    expect(sameSitePath('/browse/trees', '/')).toBe('/browse/trees');
    expect(sameSitePath('/fr', '/')).toBe('/fr');
  });

  it('refuses values that name another origin or are not paths (absolute URL, javascript:, bare host)', () => {
    for (const value of [
      'https://evil.example/',
      '//evil.example',
      '/\\evil.example',
      '\\\\evil.example',
      '\t//evil.example',
      ' //evil.example',
      'javascript:alert(1)',
      'evil.example',
      'https:evil.example',
      '',
      null,
      undefined,
      `/${'a'.repeat(5000)}`,
    ]) {
      expect(sameSitePath(value, '/fr'), String(value)).toBe('/fr');
    }
  });

  it('judges the value after a browser normalises it: dot segments, %2e, tabs and new lines (issue 16.1)', () => {
    const cases = [
      '/.//evil.example',
      '/%2e//evil.example',
      '/%2E%2e//evil.example',
      '/./\\evil.example',
      '/..//evil.example',
      '/../..//evil.example/path',
      '/\t/evil.example',
      '/\n/evil.example',
      '/\r\n\\evil.example',
      '/fr/..//evil.example',
      '/fr/%2e%2e//evil.example',
    ];
    for (const value of cases) {
      const out = expectOnSite(value);
      expect(out, value).not.toMatch(/^\/\//);
    }
    expect(sameSitePath('/.//evil.example', '/')).toBe('/evil.example');
  });

  it('keeps the locale redirects of issue 9.8 on the site (/fr//evil.example/, /fr/%2Fevil.example%2F, /fr/%5Cevil.example/)', () => {
    // What the locale redirect computes for these paths with locale=en: the prefix removed.
    expect(sameSitePath('//evil.example/', '/')).toBe('/');
    expect(sameSitePath('/%2Fevil.example%2F', '/')).toBe('/%2Fevil.example%2F');
    expect(sameSitePath('/%5Cevil.example/', '/')).toBe('/%5Cevil.example/');
  });

  it('never answers with another origin for 5,000 generated values (encodings, backslashes, controls, look-alikes of /)', () => {
    const inputs = generateRedirectValues(random(20261125), 5000);
    let kept = 0;
    for (const input of inputs) {
      const out = expectOnSite(input);
      if (out !== '/fallback') kept++;
    }
    // The generator reaches both answers, so both branches are exercised.
    expect(kept).toBeGreaterThan(500);
    expect(kept).toBeLessThan(inputs.length);
  });
});
