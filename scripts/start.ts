// npm start: migrate and seed the database if new, build the site, serve it.
import { join } from 'node:path';
import { readRedirectMapFile } from '../src/features/redirects/redirects.server.ts';
import { REDIRECT_MAP_FILE } from '../src/features/redirects/redirects.ts';
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
  }
  const entry = join(root, 'dist/server/entry.mjs');
  const { handler } = (await import(entry)) as { handler: AstroHandler };
  await startServer({
    host: config.HOST,
    port: config.PORT,
    clientDir: join(root, 'dist/client'),
    handler,
    maintenance: config.MAINTENANCE_MODE === 'on',
    https: new URL(config.PUBLIC_SITE_URL).protocol === 'https:',
    redirects: await readRedirectMapFile(join(root, 'dist', REDIRECT_MAP_FILE)),
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
