/**
 * npm run bench: every benchmark in bench/ (files named *.bench.ts), one after another, each
 * printing its own figures. `npm run bench -- page-weight` runs the ones whose name matches.
 * The benches that measure the built server need `dist/`: when there is none, the site is
 * built first (`node scripts/build.ts`, as `npm run build`).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

const dir = import.meta.dirname;
const root = join(dir, '..');
const filters = process.argv.slice(2);
// Page weight reads the current build, so it runs before anything that rebuilds dist/.
const order = (name: string) => (name.startsWith('page-weight') ? 0 : name.startsWith('build') ? 2 : 1);
const NEED_BUILD = ['page-weight', 'cart', 'static', 'quote-submit', 'shopping-ratios'];
const benches = readdirSync(dir)
  .filter((name) => name.endsWith('.bench.ts'))
  .filter((name) => filters.length === 0 || filters.some((filter) => name.includes(filter)))
  .sort((a, b) => order(a) - order(b) || a.localeCompare(b));
if (benches.length === 0) {
  console.error(`No benchmark in bench/ matches ${filters.join(', ')}`);
  process.exit(1);
}

const needsBuild = benches.some((name) => NEED_BUILD.some((prefix) => name.startsWith(`${prefix}.`)));
if (needsBuild && !existsSync(join(root, 'dist/server/entry.mjs'))) {
  console.log('\n━━ no build in dist/: node scripts/build.ts ━━');
  const built = spawnSync(process.execPath, [join(root, 'scripts/build.ts')], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) process.exit(1);
}

let failed = 0;
for (const name of benches) {
  console.log(`\n━━ ${name} ━━`);
  // --expose-gc: the memory figures (quote-desk's export) collect garbage before measuring.
  const result = spawnSync(process.execPath, ['--expose-gc', join(dir, name)], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) failed++;
}
process.exit(failed > 0 ? 1 : 0);
