import { describe, expect, it } from 'vitest';
import { isSandboxPath, sandboxEnabled, sandboxPath } from './sandbox.ts';

describe('the sandbox', () => {
  it('is everything under /sandbox in either language', () => {
    for (const path of ['/sandbox', '/sandbox/', '/sandbox/charts', '/fr/sandbox', '/fr/sandbox/currency']) {
      expect(isSandboxPath(path), path).toBe(true);
    }
    for (const path of ['/', '/sandboxes', '/fr/sandboxes', '/content/sandbox', '/api/sandbox']) {
      expect(isSandboxPath(path), path).toBe(false);
    }
  });

  it('exists outside production only', () => {
    expect(sandboxEnabled('development')).toBe(true);
    expect(sandboxEnabled('test')).toBe(true);
    expect(sandboxEnabled('production')).toBe(false);
  });

  it('links pages in the visitor language', () => {
    expect(sandboxPath(null, 'en')).toBe('/sandbox');
    expect(sandboxPath('vue-query', 'fr')).toBe('/fr/sandbox/vue-query');
  });
});
