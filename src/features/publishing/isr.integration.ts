import type { AstroIntegration } from 'astro';
import { loadCatalogForBuild } from '../catalog/catalog.server.ts';
import { isIsrRoute, routePatternOf } from './isr.ts';

/** The snapshot a Vercel deployment was built from, for its publisher to compare edits with. */
export const PUBLISHED_CATALOG_MODULE = 'virtual:nursery/published-catalog';
const RESOLVED = `\0${PUBLISHED_CATALOG_MODULE}`;

/**
 * On Vercel (`VERCEL=1`), the catalogue routes (isr.ts) are rendered on demand, so the
 * adapter's ISR caches them and a publish revalidates the paths an edit touched
 * (docs/decisions/050-incremental-publish.md); their route files stay as they are. Anywhere
 * else every route keeps its prerendering. Also provides the deployment's catalog snapshot
 * (`virtual:nursery/published-catalog`; null outside Vercel), bundled only into the chunk of
 * the one module that imports it, lazily.
 */
export function catalogueOnDemandOnVercel(onVercel = process.env.VERCEL === '1'): AstroIntegration {
  return {
    name: 'nursery:catalogue-on-demand-on-vercel',
    hooks: {
      'astro:route:setup': ({ route }) => {
        if (onVercel && isIsrRoute(routePatternOf(route.component))) route.prerender = false;
      },
      'astro:config:setup': ({ updateConfig }) => {
        updateConfig({
          vite: {
            plugins: [
              {
                name: 'nursery:published-catalog',
                resolveId: (id: string) => (id === PUBLISHED_CATALOG_MODULE ? RESOLVED : undefined),
                load: async (id: string) => {
                  if (id !== RESOLVED) return undefined;
                  if (!onVercel) return 'export default null;';
                  const text = JSON.stringify(await loadCatalogForBuild());
                  return `export default JSON.parse(${JSON.stringify(text)});`;
                },
              },
            ],
          },
        });
      },
    },
  };
}
