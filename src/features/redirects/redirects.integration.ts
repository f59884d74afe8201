import { writeFile } from 'node:fs/promises';
import type { AstroIntegration } from 'astro';
import { REDIRECT_MAP_FILE, type RedirectRule, toAstroRedirects } from './redirects.ts';

/**
 * Emits the catalog's redirects at build: as Astro `redirects` (the Vercel adapter turns
 * them into real 30x routes) and as dist/redirects.json, which the Node server consults
 * before it serves a static file (docs/decisions/006-redirects.md).
 */
export function redirectsFromCatalog(): AstroIntegration {
  let rules: RedirectRule[] = [];
  let outDir: URL | undefined;
  return {
    name: 'nursery:redirects',
    hooks: {
      'astro:config:setup': async ({ updateConfig, logger }) => {
        const { loadCatalogForBuild } = await import('../catalog/catalog.server.ts');
        rules = (await loadCatalogForBuild()).redirects;
        updateConfig({ redirects: toAstroRedirects(rules) });
        logger.info(`${rules.length} redirects from the catalog`);
      },
      'astro:config:done': ({ config }) => {
        outDir = config.outDir;
      },
      'astro:build:done': async () => {
        if (!outDir) return;
        await writeFile(new URL(REDIRECT_MAP_FILE, outDir), `${JSON.stringify({ redirects: rules }, null, 2)}\n`);
      },
    },
  };
}
