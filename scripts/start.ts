// npm start: migrate and seed the database if new, build the site, serve it.
import { existsSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import {
  astroSiteBuilder,
  currentSiteFile,
  LocalPublisher,
  sitesDirectory,
} from '../src/features/publishing/local-publisher.server.ts';
import { registerPublisher } from '../src/features/publishing/publishing.server.ts';
import { siteHolder } from '../src/features/publishing/site.server.ts';
import { readRedirectMapFile } from '../src/features/redirects/redirects.server.ts';
import { REDIRECT_MAP_FILE } from '../src/features/redirects/redirects.ts';
import { setServingBuildId } from '../src/features/shell/build-id.ts';
import { LATEST_BUILD_PATH } from '../src/features/shell/build-manifest.ts';
import { readPageTranslationsFile } from '../src/features/translations/page-translations.server.ts';
import { PAGE_TRANSLATIONS_FILE } from '../src/features/translations/page-translations.ts';
import { EnvError, env } from '../src/lib/env.ts';
import { precompress, runAstroBuild } from '../src/server/build.ts';
import { prepareDatabase } from '../src/server/prepare.ts';
import { type AstroHandler, startServer } from '../src/server/serve.ts';

const root = join(import.meta.dirname, '..');
const say = (line: string) => console.log(`[start] ${line}`);

try {
  const config = env();
  const skipBuild = process.argv.includes('--no-build');
  const started = performance.now();
  await prepareDatabase(config, say);
  if (!skipBuild) {
    say('Building the site…');
    await runAstroBuild();
    const count = await precompress(join(root, 'dist/client'));
    say(`Precompressed ${count} files`);
    // dist/ now holds the whole catalog: builds published by an earlier run are superseded.
    await rm(sitesDirectory(config.dataDir), { recursive: true, force: true });
  }
  // Without a build, the site last published by the admin (if any) is newer than dist/.
  const published = skipBuild ? await readPublishedSite(config.dataDir, join(root, 'dist')) : null;
  const siteDir = published?.dir ?? join(root, 'dist');
  const entry = join(root, 'dist/server/entry.mjs');
  const { handler } = (await import(entry)) as { handler: AstroHandler };
  const site = siteHolder({
    clientDir: join(siteDir, 'client'),
    redirects: await readRedirectMapFile(join(siteDir, REDIRECT_MAP_FILE)),
    translations: await readPageTranslationsFile(join(siteDir, PAGE_TRANSLATIONS_FILE)),
    buildId: published?.buildId ?? null,
  });
  if (published) setServingBuildId(published.buildId);
  // Admin changes are published by a background build swapped in when it succeeds
  // (docs/decisions/028-publishing.md).
  registerPublisher(
    new LocalPublisher({
      dataDir: config.dataDir,
      site,
      build: astroSiteBuilder(root),
      onSwap: (next) => {
        if (next.buildId) setServingBuildId(next.buildId);
        say(`Published build ${next.buildId}`);
      },
    }),
  );
  await startServer({
    host: config.HOST,
    port: config.PORT,
    clientDir: () => site.current().clientDir,
    handler,
    maintenance: config.MAINTENANCE_MODE === 'on',
    https: new URL(config.PUBLIC_SITE_URL).protocol === 'https:',
    redirects: () => site.current().redirects,
    translations: () => site.current().translations,
  });
  say(`Ready in ${((performance.now() - started) / 1000).toFixed(1)} s: http://${config.HOST}:${config.PORT}`);
} catch (error) {
  if (error instanceof EnvError) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
}

/** The last published build, when it is newer than dist/ (a later `npm run build` supersedes it). */
async function readPublishedSite(dataDir: string, dist: string): Promise<{ dir: string; buildId: string } | null> {
  const builtAt = async (dir: string) => {
    const latest = JSON.parse(await readFile(join(dir, 'client', LATEST_BUILD_PATH), 'utf8')) as {
      timestamp?: unknown;
    };
    return typeof latest.timestamp === 'number' ? latest.timestamp : 0;
  };
  try {
    const data = JSON.parse(await readFile(currentSiteFile(dataDir), 'utf8')) as { dir?: unknown; buildId?: unknown };
    if (typeof data.dir !== 'string' || typeof data.buildId !== 'string' || !existsSync(join(data.dir, 'client'))) {
      return null;
    }
    const distAt = await builtAt(dist).catch(() => 0);
    return (await builtAt(data.dir)) > distAt ? { dir: data.dir, buildId: data.buildId } : null;
  } catch {
    return null;
  }
}
