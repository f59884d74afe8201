// npm test: the whole suite, in the order a failure is cheapest to find.
// lint → unit and integration (PGlite, and PostgreSQL when reachable) → both builds →
// types → end-to-end in Chromium against the built server. What cannot run is named in
// one line; with CI=true a missing database server or browser is a failure.
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, cpSync, existsSync, mkdirSync, openSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { vercelIsrProblems } from '../src/features/publishing/isr.ts';
import { findTestChromium } from '../tests/support/chromium.ts';
import { POSTGRES_URL, postgresReachable } from '../tests/support/databases.ts';

const root = join(import.meta.dirname, '..');
const ci = process.env.CI === 'true';
const bin = (name: string) => join(root, 'node_modules/.bin', name);
const results: { step: string; ok: boolean; seconds: number }[] = [];
const notRun: string[] = [];

function run(step: string, command: string, args: string[], env: Record<string, string> = {}): boolean {
  console.log(`\n━━ ${step} ━━`);
  const started = performance.now();
  const result = spawnSync(command, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, PATH: `${join(root, 'node_modules/.bin')}:${process.env.PATH}`, ...env },
  });
  const ok = result.status === 0;
  results.push({ step, ok, seconds: (performance.now() - started) / 1000 });
  return ok;
}

/** `run`, without blocking the event loop (so steps started beside it are timed when they end). */
function runAsync(step: string, command: string, args: string[], env: Record<string, string> = {}): Promise<boolean> {
  console.log(`\n━━ ${step} ━━`);
  const started = performance.now();
  const child = spawn(command, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, PATH: `${join(root, 'node_modules/.bin')}:${process.env.PATH}`, ...env },
  });
  return new Promise((resolve) => {
    const done = (ok: boolean) => {
      results.push({ step, ok, seconds: (performance.now() - started) / 1000 });
      resolve(ok);
    };
    child.once('error', () => done(false));
    child.once('close', (code) => done(code === 0));
  });
}

/**
 * Starts a step beside the one in the foreground (the end-to-end suite, which leaves the second
 * core idle part of the time): its output goes to reports/{name}.log and is printed, whole,
 * once the foreground step has ended. Resolves to whether it passed.
 */
function startBeside(
  step: string,
  name: string,
  command: string,
  args: string[],
  env: Record<string, string> = {},
): Promise<{ step: string; log: string; ok: boolean }> {
  const log = join(root, 'reports', `${name}.log`);
  mkdirSync(join(root, 'reports'), { recursive: true });
  const out = openSync(log, 'w');
  const started = performance.now();
  const child = spawn(command, args, {
    cwd: root,
    stdio: ['ignore', out, out],
    env: { ...process.env, PATH: `${join(root, 'node_modules/.bin')}:${process.env.PATH}`, ...env },
  });
  return new Promise((resolve) => {
    const done = (ok: boolean) => {
      closeSync(out);
      results.push({ step: `${step} (beside)`, ok, seconds: (performance.now() - started) / 1000 });
      resolve({ step, log, ok });
    };
    child.once('error', () => done(false));
    child.once('close', (code) => done(code === 0));
  });
}

rmSync(join(root, 'reports'), { recursive: true, force: true });
const only = process.argv.slice(2);
const wanted = (step: string) => only.length === 0 || only.includes(step);

if (wanted('lint')) {
  run('lint', bin('biome'), ['check', '.']);
  run('import boundaries', process.execPath, ['scripts/check-boundaries.ts']);
  run('lockfile', process.execPath, ['scripts/check-lockfile.ts']);
}

if (wanted('unit')) {
  if (!(await postgresReachable())) {
    notRun.push(`PostgreSQL suites: no server at ${new URL(POSTGRES_URL).host}`);
  }
  run('unit and integration', bin('vitest'), [
    'run',
    '--reporter=default',
    '--reporter=json',
    '--outputFile.json=reports/vitest.json',
  ]);
}

if (wanted('build') || wanted('e2e') || wanted('security')) {
  const dataDir = join(root, '.data-e2e');
  rmSync(dataDir, { recursive: true, force: true });
  const port = process.env.E2E_PORT ?? '4329';
  const env = { DATA_DIR: dataDir, APP_ENV: 'test', PUBLIC_SITE_URL: `http://127.0.0.1:${port}` };
  rmSync(join(root, '.vercel/output'), { recursive: true, force: true });
  // A token for the check below: the catalogue pages are cached by ISR with it (decision 050).
  const bypassToken = 'test-isr-bypass-token-0123456789abcdef';
  if (
    run('build (Vercel)', process.execPath, ['scripts/build.ts'], {
      ...env,
      VERCEL: '1',
      VERCEL_ISR_BYPASS_TOKEN: bypassToken,
    })
  ) {
    const wrote = existsSync(join(root, '.vercel/output/config.json'));
    if (!wrote) console.error('The Vercel build wrote no .vercel/output/config.json');
    results.push({ step: 'Vercel output present', ok: wrote, seconds: 0 });
    if (wrote) {
      const problems = vercelIsrProblems(
        JSON.parse(readFileSync(join(root, '.vercel/output/config.json'), 'utf8')),
        readJsonIfAny(join(root, '.vercel/output/functions/_isr.prerender-config.json')),
        bypassToken,
      );
      for (const problem of problems) console.error(`Vercel ISR: ${problem}`);
      results.push({ step: 'Vercel ISR configuration', ok: problems.length === 0, seconds: 0 });
    }
  }
  const built = run('build (Node)', process.execPath, ['scripts/build.ts'], env);
  // What runs beside the end-to-end suite reads a copy of what the build wrote, since the suite's
  // server holds that database and rewrites the catalog snapshot when it publishes.
  const beside = join(root, '.data-beside');
  rmSync(beside, { recursive: true, force: true });
  if (built) {
    mkdirSync(beside, { recursive: true });
    cpSync(join(dataDir, 'db'), join(beside, 'db'), { recursive: true });
    cpSync(join(dataDir, 'catalog.json'), join(beside, 'catalog.json'));
  }
  const besideEnv = { ...env, DATA_DIR: beside };
  // Types, then the security probes (tests/security: the built server on PGlite, from a copy
  // of the seeded database, and on PostgreSQL), one after the other beside the end-to-end suite.
  // `astro check` syncs the content collections, which read the catalog snapshot.
  const sideChain =
    built && (wanted('security') || only.length === 0)
      ? (async () => {
          const types = await startBeside('types', 'types', bin('astro'), ['check'], besideEnv);
          const security = await startBeside(
            'security probes',
            'security',
            bin('vitest'),
            [
              'run',
              '--config',
              'vitest.security.config.ts',
              '--reporter=default',
              '--reporter=json',
              '--outputFile.json=reports/security.json',
            ],
            { E2E_DATA_DIR: beside },
          );
          return [types, security];
        })()
      : built
        ? startBeside('types', 'types', bin('astro'), ['check'], besideEnv).then((types) => [types])
        : Promise.resolve([]);
  if (wanted('e2e') || only.length === 0) {
    const chromium = findTestChromium();
    if (!built) {
      notRun.push('end-to-end: the build failed');
    } else if (!chromium && ci) {
      console.error("No Chromium: install Debian's chromium-headless-shell or set CHROMIUM_PATH.");
      results.push({ step: 'end-to-end', ok: false, seconds: 0 });
    } else if (!chromium) {
      notRun.push("end-to-end: no Chromium (install Debian's chromium-headless-shell or set CHROMIUM_PATH)");
    } else {
      // Spawned, not spawnSync: the steps beside it are timed as they end, not when it does.
      await runAsync('end-to-end', bin('playwright'), ['test'], { E2E_DATA_DIR: dataDir });
    }
  }
  for (const { step, log, ok } of await sideChain) {
    console.log(`\n━━ ${step} (ran beside the end-to-end suite)${ok ? '' : ': FAILED'} ━━`);
    console.log(readFileSync(log, 'utf8'));
  }
  rmSync(beside, { recursive: true, force: true });
}

function count(file: string, read: (data: never) => { passed: number; failed: number; skipped: number }) {
  const path = join(root, 'reports', file);
  if (!existsSync(path)) return { passed: 0, failed: 0, skipped: 0 };
  return read(JSON.parse(readFileSync(path, 'utf8')) as never);
}
const unit = count(
  'vitest.json',
  (data: { numPassedTests: number; numFailedTests: number; numPendingTests: number }) => ({
    passed: data.numPassedTests,
    failed: data.numFailedTests,
    skipped: data.numPendingTests,
  }),
);
const security = count(
  'security.json',
  (data: { numPassedTests: number; numFailedTests: number; numPendingTests: number }) => ({
    passed: data.numPassedTests,
    failed: data.numFailedTests,
    skipped: data.numPendingTests,
  }),
);
const e2e = count(
  'e2e.json',
  (data: { stats: { expected: number; unexpected: number; skipped: number; flaky: number } }) => ({
    passed: data.stats.expected + data.stats.flaky,
    failed: data.stats.unexpected,
    skipped: data.stats.skipped,
  }),
);

console.log('\n━━ summary ━━');
for (const { step, ok, seconds } of results) console.log(`${ok ? 'ok  ' : 'FAIL'} ${step} (${seconds.toFixed(1)} s)`);
for (const line of notRun) console.log(`not run: ${line}`);
const failedSteps = results.filter((result) => !result.ok).length;
const passed = unit.passed + security.passed + e2e.passed;
const counted = unit.failed + security.failed + e2e.failed;
const failed = counted + (failedSteps > 0 && counted === 0 ? failedSteps : 0);
console.log(`security probes: ${security.passed} passed, ${security.failed} failed`);
console.log(`tests: ${passed} passed, ${failed} failed, ${unit.skipped + security.skipped + e2e.skipped} skipped`);
process.exit(failedSteps > 0 || (ci && notRun.length > 0) ? 1 : 0);

/** A JSON file's value, or null when there is no such file. */
function readJsonIfAny(path: string): Record<string, unknown> | null {
  return existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>) : null;
}
