// npm run build: prepare the database and catalog snapshot, then build the site.
// With VERCEL=1 (npm run build:vercel) the Vercel adapter writes .vercel/output.
import { join } from 'node:path';
import { EnvError, env } from '../src/lib/env.ts';
import { precompress, runAstroBuild } from '../src/server/build.ts';
import { prepareDatabase } from '../src/server/prepare.ts';

const say = (line: string) => console.log(`[build] ${line}`);
try {
  const config = env();
  await prepareDatabase(config, say);
  await runAstroBuild();
  if (process.env.VERCEL !== '1')
    say(`Precompressed ${await precompress(join(import.meta.dirname, '../dist/client'))} files`);
} catch (error) {
  console.error(error instanceof EnvError ? error.message : error);
  process.exit(1);
}
