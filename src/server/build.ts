import { spawn } from 'node:child_process';
import { readdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
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
/** Smaller files are sent as they are: compression would save next to nothing. */
export const MIN_COMPRESS_BYTES = 1024;
const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

export type Encoding = 'br' | 'gzip';
export const ENCODING_SUFFIX: Record<Encoding, string> = { br: '.br', gzip: '.gz' };

/**
 * Brotli's best (11) for the few hashed assets, cached for a year; 6 for pages, which are
 * thousands: 11 costs about 45 ms a page against 0.5 ms, for 10 % fewer bytes. gzip at 9.
 * (docs/decisions/012-build-speed-at-catalog-scale.md)
 */
export function compressFor(file: string, body: Buffer, encoding: Encoding): Promise<Buffer> {
  if (encoding === 'gzip') return gz(body, { level: 9 });
  const quality = /[/\\]_astro[/\\]/.test(file) ? 11 : 6;
  return brotli(body, {
    params: { [constants.BROTLI_PARAM_QUALITY]: quality, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
  });
}

/** Writes compressed bytes beside their file (`.br`, `.gz`), atomically: a reader never sees half a file. */
export async function saveCompressed(file: string, encoding: Encoding, compressed: Buffer): Promise<void> {
  const target = file + ENCODING_SUFFIX[encoding];
  const temporary = `${target}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  await writeFile(temporary, compressed);
  await rename(temporary, target);
}

/**
 * Writes .br and .gz beside every text asset of the client build (scripts, styles, images,
 * data), for the server to send as is. HTML pages, thousands of them, are compressed by the
 * server on their first request instead (src/server/serve.ts), which keeps the build fast.
 */
export async function precompress(dir: string): Promise<number> {
  let count = 0;
  const files = (await readdir(dir, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name) && !entry.name.endsWith('.html'))
    .map((entry) => join(entry.parentPath, entry.name));
  const queue = [...files];
  const workers = Array.from({ length: 4 }, async () => {
    for (let file = queue.pop(); file; file = queue.pop()) {
      if ((await stat(file)).size < MIN_COMPRESS_BYTES) continue;
      const body = await readFile(file);
      await Promise.all(
        (['br', 'gzip'] as const).map(async (encoding) =>
          saveCompressed(file, encoding, await compressFor(file, body, encoding)),
        ),
      );
      count++;
    }
  });
  await Promise.all(workers);
  return count;
}
