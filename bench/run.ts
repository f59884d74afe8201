/**
 * npm run bench: every benchmark in bench/ (files named *.bench.ts), one after another, each
 * printing its own figures. `npm run bench -- page-weight` runs the ones whose name matches.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

const dir = import.meta.dirname;
const filters = process.argv.slice(2);
// Page weight reads the current build, so it runs before anything that rebuilds dist/.
const order = (name: string) => (name.startsWith('page-weight') ? 0 : name.startsWith('build') ? 2 : 1);
const benches = readdirSync(dir)
  .filter((name) => name.endsWith('.bench.ts'))
  .filter((name) => filters.length === 0 || filters.some((filter) => name.includes(filter)))
  .sort((a, b) => order(a) - order(b) || a.localeCompare(b));

let failed = 0;
for (const name of benches) {
  console.log(`\n━━ ${name} ━━`);
  const result = spawnSync(process.execPath, [join(dir, name)], { stdio: 'inherit' });
  if (result.status !== 0) failed++;
}
process.exit(failed > 0 ? 1 : 0);
