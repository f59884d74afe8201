import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { compressFor, ENCODING_SUFFIX, type Encoding, MIN_COMPRESS_BYTES } from '../../server/build.ts';
import { LATEST_BUILD_PATH, type LatestBuild } from '../shell/build-manifest.ts';
import type { RenderedFile } from './render-worker.ts';

const ENCODINGS: Encoding[] = ['br', 'gzip'];

/**
 * Files up to this size are compressed before they are swapped in (a product page, the home
 * page: the edited page's first request is served compressed at once). Larger ones — the
 * sitemap, which lists every product (about 18 MB at 20,000 products), and the browse pages
 * of big categories — grow with the catalogue: their old compressed forms are removed and the
 * server compresses them on their first request, as it does every page of a full build
 * (src/server/serve.ts, decision 012), so a publish's work stays the same at any size.
 */
export const PRECOMPRESS_MAX_BYTES = 256 * 1024;
const temporaryName = (target: string) => `${target}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;

interface Staged {
  target: string;
  /** Written in this order: the file, then its compressed forms (never older than the file). */
  renames: { from: string; to: string }[];
  /** Compressed forms of the old file that have no newer counterpart. */
  stale: string[];
}

/** Writes a file and its .br/.gz beside their targets under temporary names; nothing served changes yet. */
async function stage(target: string, body: Uint8Array): Promise<Staged> {
  const buffer = Buffer.from(body);
  const staged: Staged = { target, renames: [], stale: [] };
  const main = temporaryName(target);
  await mkdir(dirname(target), { recursive: true });
  await writeFile(main, buffer);
  staged.renames.push({ from: main, to: target });
  // Both encodings at once, on libuv's thread pool (zlib's asynchronous calls).
  const compressed = await Promise.all(
    ENCODINGS.map(async (encoding) => {
      const compressedTarget = target + ENCODING_SUFFIX[encoding];
      if (buffer.length < MIN_COMPRESS_BYTES || buffer.length > PRECOMPRESS_MAX_BYTES)
        return { stale: compressedTarget };
      const temporary = temporaryName(compressedTarget);
      await writeFile(temporary, await compressFor(target, buffer, encoding));
      return { rename: { from: temporary, to: compressedTarget } };
    }),
  );
  for (const one of compressed) {
    if (one.stale) staged.stale.push(one.stale);
    if (one.rename) staged.renames.push(one.rename);
  }
  return staged;
}

async function commit(staged: Staged): Promise<void> {
  // Each rename replaces one file whole: a reader gets the old bytes or the new, never half.
  for (const { from, to } of staged.renames) await rename(from, to);
  await Promise.all(staged.stale.map((file) => rm(file, { force: true })));
}

async function discard(staged: Staged[]): Promise<void> {
  await Promise.all(staged.flatMap((one) => one.renames.map(({ from }) => rm(from, { force: true }))));
}

/**
 * Puts newly rendered pages into the served build directory: every file (and its compressed
 * forms, made again) is written first under a temporary name, then each is renamed over its
 * old self, and the build manifest last, so an open page polling it finds the pages already
 * there. A failure before the renames leaves the site as it was.
 */
export async function applyRenderedFiles(clientDir: string, files: RenderedFile[], latest: LatestBuild): Promise<void> {
  const staged: Staged[] = [];
  try {
    // Every page at once (each one's temporaries are known only once staged: allSettled).
    const settled = await Promise.allSettled(files.map((file) => stage(join(clientDir, file.file), file.body)));
    for (const one of settled) if (one.status === 'fulfilled') staged.push(one.value);
    const failed = settled.find((one) => one.status === 'rejected');
    if (failed) throw failed.reason;
    staged.push(
      await stage(join(clientDir, LATEST_BUILD_PATH), new TextEncoder().encode(`${JSON.stringify(latest)}\n`)),
    );
  } catch (error) {
    await discard(staged);
    throw error;
  }
  for (const one of staged) await commit(one);
}

/** The manifest the served build carries now. */
export async function readLatest(clientDir: string): Promise<unknown> {
  return JSON.parse(await readFile(join(clientDir, LATEST_BUILD_PATH), 'utf8'));
}
