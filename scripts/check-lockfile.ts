// npm run check:lockfile: is package-lock.json installable by `npm ci` on every platform?
//
// `npm ci` refuses a lock that lacks an entry for any optional dependency of a locked
// package ("Missing: @biomejs/cli-win32-x64 … from lock file"), even one for another
// platform: a lock made on Linux by an `npm install` over an existing node_modules can
// leave out macOS and Windows binaries. This checks, without the network, that
//  1. every dependency in package.json has a matching entry in the lock's root, and
//  2. every optional dependency of every locked package is locked too, on all platforms.
//
// When it fails (or after merging branches that add dependencies), regenerate the lock:
//   rm -rf node_modules package-lock.json
//   npm install --no-audit --no-fund
//   node scripts/check-lockfile.ts && npm ci --dry-run --no-audit --no-fund
// then commit package-lock.json. A fresh `npm install` without a lock resolves the whole
// tree and records every platform's optional packages (it installs only this platform's).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

interface LockEntry {
  version?: string;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
}

const root = join(import.meta.dirname, '..');
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as LockEntry;
const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')) as {
  lockfileVersion: number;
  packages: Record<string, LockEntry>;
};

export function lockProblems(pkg: LockEntry, packages: Record<string, LockEntry>): string[] {
  const problems: string[] = [];
  const lockedRoot = packages[''] ?? {};
  for (const field of ['dependencies', 'devDependencies', 'optionalDependencies'] as const) {
    for (const [name, range] of Object.entries(pkg[field] ?? {})) {
      if (lockedRoot[field]?.[name] !== range)
        problems.push(`package.json ${field} ${name}@${range} is not in the lock`);
      if (!packages[`node_modules/${name}`]) problems.push(`${name} has no entry in the lock`);
    }
  }
  for (const [path, entry] of Object.entries(packages)) {
    if (path === '') continue;
    for (const name of Object.keys(entry.optionalDependencies ?? {})) {
      // Node's resolution: the package's own node_modules, then each parent's, then the top.
      const parts = path.split('/node_modules/');
      let found = false;
      for (let depth = parts.length; depth >= 0 && !found; depth--) {
        const base = parts.slice(0, depth).join('/node_modules/');
        found = Boolean(packages[base ? `${base}/node_modules/${name}` : `node_modules/${name}`]);
      }
      if (!found) problems.push(`${path} lists optional ${name}, which the lock lacks`);
    }
  }
  return problems;
}

const problems = lockProblems(manifest, lock.packages);
if (lock.lockfileVersion < 3) problems.push(`lockfileVersion ${lock.lockfileVersion}: regenerate with npm ≥ 9`);
if (problems.length > 0) {
  console.error(`package-lock.json is not installable everywhere (${problems.length}):`);
  for (const problem of problems.slice(0, 40)) console.error(`  ${problem}`);
  console.error('Regenerate it: rm -rf node_modules package-lock.json && npm install (see scripts/check-lockfile.ts)');
  process.exit(1);
}
const platforms = Object.keys(lock.packages).filter((path) => /(darwin|win32|linux)/.test(path)).length;
console.log(`package-lock.json: in sync, every optional dependency locked (${platforms} platform packages)`);
