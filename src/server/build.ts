import { spawn } from 'node:child_process';
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const ROOT = join(import.meta.dirname, '../..');
const ASTRO = join(ROOT, 'node_modules/astro/bin/astro.mjs');

/** Runs `astro build` on this same Node, with the given extra environment. */
export function runAstroBuild(extraEnv: Record<string, string> = {}): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [ASTRO, 'build'], {
      cwd: ROOT,
      stdio: 'inherit',
      env: { ...process.env, ...extraEnv, ASTRO_TELEMETRY_DISABLED: '1' },
    });
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`astro build exited with ${code}`))));
  });
}

const COMPRESSIBLE = /\.(html|js|mjs|css|svg|json|xml|txt|webmanifest)$/;
const MIN_BYTES = 1024;
const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/**
 * Brotli's best (11) for the few hashed assets, cached for a year; 6 for pages, which are
 * thousands: 11 costs about 45 ms a page against 0.5 ms, for 10 % fewer bytes
 * (docs/decisions/007-build-speed-at-catalog-scale.md).
 */
function brotliQuality(file: string): number {
  return /[/\\]_astro[/\\]/.test(file) ? 11 : 6;
}

/** Writes .br and .gz beside every text file of the client build, for the server to send as is. */
export async function precompress(dir: string): Promise<number> {
  let count = 0;
  const files = (await readdir(dir, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
  const queue = [...files];
  const workers = Array.from({ length: 4 }, async () => {
    for (let file = queue.pop(); file; file = queue.pop()) {
      if ((await stat(file)).size < MIN_BYTES) continue;
      const body = await readFile(file);
      const [br, gzipped] = await Promise.all([
        brotli(body, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: brotliQuality(file),
            [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
          },
        }),
        gz(body, { level: 9 }),
      ]);
      await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gzipped)]);
      count++;
    }
  });
  await Promise.all(workers);
  return count;
}
