import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import type { AstroIntegration } from 'astro';
import { securityHeaders } from '../../lib/http/security-headers.ts';

/**
 * The Vercel build answers with the same security headers as the Node server: a first
 * route in .vercel/output/config.json sets them on every path and lets routing continue.
 * Vercel serves only over HTTPS, so HSTS is always on there.
 */
export const VERCEL_CONFIG = '.vercel/output/config.json';

export function securityHeadersOnVercel(): AstroIntegration {
  let root: URL | undefined;
  return {
    name: 'nursery:security-headers',
    hooks: {
      'astro:config:done': ({ config }) => {
        root = config.root;
      },
      'astro:build:done': async ({ logger }) => {
        if (!root || process.env.VERCEL !== '1') return;
        const file = new URL(VERCEL_CONFIG, root);
        if (!existsSync(file)) return;
        const config = JSON.parse(await readFile(file, 'utf8')) as { routes?: unknown[] };
        const route = { src: '^/.*$', headers: securityHeaders({ https: true }), continue: true };
        config.routes = [route, ...(config.routes ?? [])];
        await writeFile(file, `${JSON.stringify(config, null, 2)}\n`);
        logger.info('security headers on every Vercel route');
      },
    },
  };
}
