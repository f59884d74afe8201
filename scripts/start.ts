// npm start: migrate and seed the database if new, build the site, serve it.
import { join } from 'node:path';
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
  // Our own server (below) serves the site; the adapter's standalone server must not also
  // listen on PORT.
  process.env.ASTRO_NODE_AUTOSTART = 'disabled';
  const { handler } = (await import(entry)) as { handler: AstroHandler };
  await startServer({
    host: config.HOST,
    port: config.PORT,
    clientDir: join(root, 'dist/client'),
    handler,
    maintenance: config.MAINTENANCE_MODE === 'on',
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
