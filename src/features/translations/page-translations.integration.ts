import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import type { AstroIntegration } from 'astro';
import { PAGE_TRANSLATIONS_FILE, type PageTranslationsFile, pageTranslationsFromCatalog } from './page-translations.ts';
import { vercelLocaleRoutes } from './vercel-routes.ts';

export const VIRTUAL_MODULE = 'virtual:nursery/page-translations';
const RESOLVED = `\0${VIRTUAL_MODULE}`;
const VERCEL_CONFIG = '.vercel/output/config.json';

/**
 * The page translation map of the catalog being built (docs/decisions/036-page-translations.md):
 * - as a virtual module for the code Astro bundles (middleware, layout, 404 handling);
 * - as dist/page-translations.json for the Node server, which redirects before its static files;
 * - on Vercel, as locale-cookie routes ahead of the static files in .vercel/output/config.json.
 */
export function pageTranslationsFromCatalogBuild(): AstroIntegration {
  let file: PageTranslationsFile = { version: 1, pairs: [], aliases: [] };
  let outDir: URL | undefined;
  let root: URL | undefined;
  return {
    name: 'nursery:page-translations',
    hooks: {
      'astro:config:setup': async ({ updateConfig, logger }) => {
        const { loadCatalogForBuild } = await import('../catalog/catalog.server.ts');
        file = pageTranslationsFromCatalog(await loadCatalogForBuild());
        logger.info(`${file.pairs.length} pages in both languages`);
        updateConfig({
          vite: {
            plugins: [
              {
                name: 'nursery:page-translations',
                resolveId: (id: string) => (id === VIRTUAL_MODULE ? RESOLVED : undefined),
                load: (id: string) => (id === RESOLVED ? `export default ${JSON.stringify(file)};` : undefined),
              },
            ],
          },
        });
      },
      'astro:config:done': ({ config }) => {
        outDir = config.outDir;
        root = config.root;
      },
      'astro:build:done': async ({ logger }) => {
        if (outDir) await writeFile(new URL(PAGE_TRANSLATIONS_FILE, outDir), `${JSON.stringify(file)}\n`);
        if (!root || process.env.VERCEL !== '1') return;
        const configFile = new URL(VERCEL_CONFIG, root);
        if (!existsSync(configFile)) return;
        const config = JSON.parse(await readFile(configFile, 'utf8')) as { routes?: unknown[] };
        const routes = config.routes ?? [];
        const filesystem = routes.findIndex((route) => (route as { handle?: string }).handle === 'filesystem');
        const locale = vercelLocaleRoutes(file);
        routes.splice(Math.max(filesystem, 0), 0, ...locale);
        config.routes = routes;
        await writeFile(configFile, `${JSON.stringify(config, null, 2)}\n`);
        logger.info(`${locale.length} locale-cookie routes ahead of the static files`);
      },
    },
  };
}
