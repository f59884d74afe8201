// npm run bench: every bench/*.bench.ts in turn, on this same Node; arguments are passed on.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

const dir = import.meta.dirname;
const benches = readdirSync(dir)
  .filter((file) => file.endsWith('.bench.ts'))
  .sort();
let failed = 0;
for (const file of benches) {
  console.log(`\n━━ ${file} ━━`);
  const result = spawnSync(process.execPath, [join(dir, file), ...process.argv.slice(2)], { stdio: 'inherit' });
  if (result.status !== 0) failed++;
}
process.exit(failed > 0 ? 1 : 0);
