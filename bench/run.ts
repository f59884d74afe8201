// npm run bench: every bench/*.bench.ts in turn, each in its own process (clean memory figures).
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

const dir = import.meta.dirname;
const only = process.argv.slice(2);
const files = readdirSync(dir)
  .filter((file) => file.endsWith('.bench.ts'))
  .filter((file) => only.length === 0 || only.some((name) => file.includes(name)))
  .sort();
let failed = 0;
for (const file of files) {
  const result = spawnSync(process.execPath, [join(dir, file)], { stdio: 'inherit' });
  if (result.status !== 0) failed++;
}
process.exit(failed > 0 ? 1 : 0);
