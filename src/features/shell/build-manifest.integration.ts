import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import type { AstroIntegration } from 'astro';
import pkg from '../../../package.json' with { type: 'json' };
import { type BuildMeta, buildMetaPath, LATEST_BUILD_PATH, type LatestBuild, newBuildId } from './build-manifest.ts';

/**
 * Gives each build an id, compiles it into the pages (BUILD_ID), and writes the manifest
 * the pages poll: /builds/latest.json and /builds/meta/{id}.json among the static files.
 */
export function buildManifest(): AstroIntegration {
  const timestamp = Date.now();
  const id = newBuildId(timestamp, randomBytes(4).toString('hex'));
  return {
    name: 'nursery:build-manifest',
    hooks: {
      'astro:config:setup': ({ command, updateConfig }) => {
        if (command !== 'build') return;
        updateConfig({ vite: { define: { __NURSERY_BUILD_ID__: JSON.stringify(id) } } });
      },
      'astro:build:done': async ({ dir, pages, logger }) => {
        const latest: LatestBuild = { id, timestamp };
        const meta: BuildMeta = {
          ...latest,
          version: pkg.version,
          prerendered: pages.map((page) => `/${page.pathname}`.replace(/\/+$/, '') || '/').sort(),
        };
        await mkdir(new URL(`.${buildMetaPath('x').replace(/[^/]+$/, '')}`, dir), { recursive: true });
        await writeFile(new URL(`.${LATEST_BUILD_PATH}`, dir), `${JSON.stringify(latest)}\n`);
        await writeFile(new URL(`.${buildMetaPath(id)}`, dir), `${JSON.stringify(meta)}\n`);
        logger.info(`Build ${id}: ${LATEST_BUILD_PATH}`);
      },
    },
  };
}
