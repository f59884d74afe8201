/**
 * Full build of the store at catalog sizes, beside a floor: an Astro project of the same
 * number of minimal pages, built with the same Astro from this project's node_modules.
 *
 *   node bench/build.bench.ts [--products 1000,5000] [--runs 2] [--keep]
 *
 * For each size: a scratch DATA_DIR is seeded (`scripts/seed-scale.ts --products N`, on top
 * of the demo data), then `scripts/build.ts` runs under /usr/bin/time -v (migrate, snapshot,
 * astro build, precompress). Prints seconds, pages per second and peak memory (the largest
 * process's resident set). Target: at most 4× the floor's time, under 4 GB. Each build starts
 * from an empty dist/ and runs --runs times; the fastest run counts, for the store and the
 * floor alike, since a shared machine's load only ever adds time.
 *
 * It builds into this checkout's dist/: run `npm run build` again before serving.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

const root = join(import.meta.dirname, '..');
const { values } = parseArgs({
  options: {
    products: { type: 'string', default: '1000,5000' },
    runs: { type: 'string', default: '2' },
    keep: { type: 'boolean', default: false },
  },
});
const runs = Number(values.runs);
if (!Number.isInteger(runs) || runs < 1) {
  console.error('--runs takes a positive integer');
  process.exit(2);
}
const sizes = (values.products ?? '').split(',').map(Number);
if (sizes.some((size) => !Number.isInteger(size) || size < 1)) {
  console.error('--products takes a comma-separated list of positive integers, e.g. 1000,5000');
  process.exit(2);
}
const TIME = '/usr/bin/time';
const hasTime = existsSync(TIME);
if (!hasTime) console.warn('No /usr/bin/time: peak memory is not measured (apt-get install time).');

interface Run {
  seconds: number;
  /** user + system CPU seconds of the process and its children: steadier than wall time on a busy machine */
  cpuSeconds: number | undefined;
  peakMb: number | undefined;
}

function timed(args: string[], options: { cwd: string; env: Record<string, string> }): Run {
  const started = performance.now();
  const command = hasTime ? TIME : process.execPath;
  const commandArgs = hasTime ? ['-v', process.execPath, ...args] : args;
  const result = spawnSync(command, commandArgs, {
    cwd: options.cwd,
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', ...options.env },
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  const seconds = (performance.now() - started) / 1000;
  if (result.status !== 0) {
    console.error(result.stdout.slice(-4000), result.stderr.slice(-4000));
    throw new Error(`${args.join(' ')} failed with status ${result.status}`);
  }
  const rss = result.stderr.match(/Maximum resident set size \(kbytes\): (\d+)/);
  const user = result.stderr.match(/User time \(seconds\): ([\d.]+)/);
  const system = result.stderr.match(/System time \(seconds\): ([\d.]+)/);
  return {
    seconds,
    cpuSeconds: user && system ? Number(user[1]) + Number(system[1]) : undefined,
    peakMb: rss ? Number(rss[1]) / 1024 : undefined,
  };
}

/** The fastest of `runs` runs, each after `before()`; peak memory is the largest seen. */
function best(before: () => void, run: () => Run): Run {
  const results = Array.from({ length: runs }, () => {
    before();
    return run();
  });
  const peaks = results.flatMap((result) => (result.peakMb === undefined ? [] : [result.peakMb]));
  const cpu = results.flatMap((result) => (result.cpuSeconds === undefined ? [] : [result.cpuSeconds]));
  return {
    seconds: Math.min(...results.map((result) => result.seconds)),
    cpuSeconds: cpu.length ? Math.min(...cpu) : undefined,
    peakMb: peaks.length ? Math.max(...peaks) : undefined,
  };
}

function countPages(dir: string): number {
  return readdirSync(dir, { recursive: true, withFileTypes: true }).filter(
    (entry) => entry.isFile() && entry.name.endsWith('.html'),
  ).length;
}

function seed(dataDir: string, products: number): void {
  const result = spawnSync(process.execPath, ['scripts/seed-scale.ts', '--products', String(products)], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, APP_ENV: 'development' },
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`seed-scale failed: ${result.stderr.slice(-2000)}`);
}

/** A throwaway Astro project of `pages` minimal static pages, using this project's Astro. */
function floorProject(pages: number): string {
  const dir = mkdtempSync(join(tmpdir(), `astro-floor-${pages}-`));
  mkdirSync(join(dir, 'src/pages'), { recursive: true });
  symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'), 'dir');
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'astro-floor', private: true, type: 'module' }));
  writeFileSync(
    join(dir, 'astro.config.mjs'),
    "import { defineConfig } from 'astro/config';\nexport default defineConfig({ output: 'static', build: { format: 'directory' } });\n",
  );
  writeFileSync(
    join(dir, 'src/pages/[n].astro'),
    `---
export function getStaticPaths() {
  return Array.from({ length: ${pages} }, (_, index) => ({ params: { n: String(index) } }));
}
const { n } = Astro.params;
---
<html lang="en"><head><meta charset="utf-8" /><title>Page {n}</title></head><body><h1>Page {n}</h1></body></html>
`,
  );
  return dir;
}

const rows: string[] = [];
for (const products of sizes) {
  const dataDir = mkdtempSync(join(tmpdir(), `nursery-bench-${products}-`));
  try {
    console.log(`\n── ${products} products: seeding ${dataDir}`);
    seed(dataDir, products);
    console.log(`── ${products} products: building`);
    const build = best(
      () => rmSync(join(root, 'dist'), { recursive: true, force: true }),
      () => timed(['scripts/build.ts'], { cwd: root, env: { DATA_DIR: dataDir, APP_ENV: 'development' } }),
    );
    const pages = countPages(join(root, 'dist/client'));
    console.log(`── floor: ${pages} minimal pages`);
    const floorDir = floorProject(pages);
    let floor: Run;
    try {
      floor = best(
        () => rmSync(join(floorDir, 'dist'), { recursive: true, force: true }),
        () => timed([join(root, 'node_modules/astro/bin/astro.mjs'), 'build'], { cwd: floorDir, env: {} }),
      );
    } finally {
      if (!values.keep) rmSync(floorDir, { recursive: true, force: true });
    }
    const mb = (value: number | undefined) => (value === undefined ? 'n/a' : `${value.toFixed(0)} MB`);
    const cpu = (value: number | undefined) => (value === undefined ? 'n/a' : `${value.toFixed(1)} s`);
    const ratio = build.seconds / floor.seconds;
    const cpuRatio =
      build.cpuSeconds !== undefined && floor.cpuSeconds !== undefined
        ? build.cpuSeconds / floor.cpuSeconds
        : undefined;
    rows.push(
      [
        String(products).padStart(8),
        String(pages).padStart(7),
        `${build.seconds.toFixed(1)} s`.padStart(9),
        cpu(build.cpuSeconds).padStart(9),
        (pages / build.seconds).toFixed(0).padStart(7),
        mb(build.peakMb).padStart(9),
        `${floor.seconds.toFixed(1)} s`.padStart(9),
        cpu(floor.cpuSeconds).padStart(9),
        (pages / floor.seconds).toFixed(0).padStart(7),
        mb(floor.peakMb).padStart(9),
        `${ratio.toFixed(2)}×`.padStart(7),
        (cpuRatio === undefined ? 'n/a' : `${cpuRatio.toFixed(2)}×`).padStart(9),
        ratio <= 4 && (build.peakMb ?? 0) < 4096 ? '  ok' : '  OVER TARGET',
      ].join(' '),
    );
  } finally {
    if (!values.keep) rmSync(dataDir, { recursive: true, force: true });
  }
}

console.log(
  '\nproducts   pages     build  build CPU pages/s  peak mem     floor floor CPU pages/s  peak mem  ratio CPU ratio',
);
for (const row of rows) console.log(row);
console.log(
  `(build: scripts/build.ts from an empty dist/, i.e. snapshot, astro build, precompressed assets; floor: astro build of the same number of minimal pages; fastest of ${runs} run(s) each; CPU: user + system seconds)`,
);
