import { cp, readdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';

/** Set in the environment of a build run by the render worker (render-worker.server.ts). */
export const RENDER_WORKER_ENV = 'NURSERY_RENDER_WORKER';
const PRERENDER_ENTRY = Symbol.for('nursery.prerenderEntry');
/** Where the kept copy of the prerender bundle goes, beside the server build. */
export const KEPT_PRERENDER_DIR = '.prerender-kept';

/**
 * When the build runs in the render worker, notes which module Astro prerendered the pages
 * with (its prerender entry, whose `app` holds the build's routes and settings) and keeps a
 * copy of that bundle, which Astro deletes after generating: once the full build is written,
 * the same app renders the few pages an edit touches
 * (docs/decisions/050-incremental-publish.md). Any other build is left as it is.
 */
export function keepPrerenderer(): AstroIntegration {
  let serverDir: URL | undefined;
  return {
    name: 'nursery:keep-prerenderer',
    hooks: {
      'astro:config:done': ({ config }) => {
        serverDir = config.build.server;
      },
      'astro:build:generated': async () => {
        if (process.env[RENDER_WORKER_ENV] !== '1' || !serverDir) return;
        const bundle = new URL('./.prerender/', serverDir);
        const entry = (await readdir(bundle)).find((name) => /^prerender-entry\..*\.mjs$/.test(name));
        if (!entry) throw new Error('No prerender entry in the build');
        (globalThis as Record<symbol, unknown>)[PRERENDER_ENTRY] = new URL(entry, bundle).href;
        await cp(fileURLToPath(bundle), fileURLToPath(new URL(`./${KEPT_PRERENDER_DIR}/`, serverDir)), {
          recursive: true,
        });
      },
    },
  };
}

/** The URL of the module that prerendered the build, in the render worker after its build. */
export function keptPrerenderEntry(): string | undefined {
  return (globalThis as Record<symbol, unknown>)[PRERENDER_ENTRY] as string | undefined;
}
