// Mutation check (issue 13.8): do the tests notice when a security guard goes away?
// For each guarded line below, the line is removed (or its guard emptied) in place, the
// test files that should catch it are run, and the script reports whether they failed, as
// they must. The file is put back whatever happens (finally, and on Ctrl-C). Not part of
// `npm test`: it runs the same suites many times over.
//
//   node scripts/mutation-check.ts            every mutation
//   node scripts/mutation-check.ts cart csrf  only those named
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');

interface Mutation {
  name: string;
  /** What the guard protects against. */
  guards: string;
  file: string;
  /** The exact text to change; it must occur exactly once in the file. */
  find: string;
  replace: string;
  /** The test files that must fail without the guard. */
  tests: string[];
}

const MUTATIONS: Mutation[] = [
  {
    name: 'cart',
    guards: "changing a cart line of someone else's cart (ownership check)",
    file: 'src/features/cart/cart.server.ts',
    find: ".set({ quantity })\n    .where('id', '=', lineId)\n    .where('cart_id', '=', ownerCartId(db, owner))\n",
    replace: ".set({ quantity })\n    .where('id', '=', lineId)\n",
    tests: ['src/features/cart/cart.server.test.ts'],
  },
  {
    name: 'csrf',
    guards: 'a cross-site browser request that mutates (Sec-Fetch-Site check)',
    file: 'src/lib/http/origin.ts',
    find: "  if (site) return site === 'same-origin';\n",
    replace: '',
    tests: ['src/lib/http/origin.test.ts'],
  },
  {
    name: 'rate-limit',
    guards: 'unlimited password guessing (refusal once a bucket passes its limit)',
    file: 'src/lib/rate-limit.server.ts',
    find: '    if (bucket.refuse !== false && count > bucket.limit.max) throw new RateLimitedError(retryAfter(bucket.limit, now));\n',
    replace: '',
    tests: ['src/lib/rate-limit.server.test.ts'],
  },
  {
    name: 'rate-limit-address',
    guards: 'one count for every client (the address left out of the bucket key)',
    file: 'src/lib/rate-limit.server.ts',
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the source text of a template literal
    find: 'key: `${action}:address:${address}`',
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the source text of a template literal
    replace: 'key: `${action}:address:`',
    tests: ['src/lib/rate-limit.server.test.ts'],
  },
  {
    name: 'admin-pages',
    guards: 'a signed-in customer opening /admin pages (role check in the middleware’s access decision)',
    file: 'src/features/accounts/access.ts',
    find: "    return isAdmin(user) ? { kind: 'allow' } : { kind: 'redirect', location: home };\n",
    replace: "    return { kind: 'allow' };\n",
    tests: ['src/features/accounts/access.test.ts'],
  },
  {
    name: 'admin-api',
    guards: 'a customer calling /api/admin endpoints (requireAdmin in every handler)',
    file: 'src/features/accounts/auth.server.ts',
    find: "  if (!isAdmin(user)) throw new ApiError(403, 'forbidden', getT(locals.locale, 'errors')('http.forbidden'));\n",
    replace: '',
    tests: ['src/features/accounts/admin-endpoints.test.ts'],
  },
  {
    name: 'open-redirect',
    guards: 'a redirect to another site (sameSitePath: the value must start as a path)',
    file: 'src/lib/http/redirect.ts',
    find: "  if (first !== '/' && first !== '\\\\') return fallback;\n",
    replace: '',
    tests: ['src/lib/http/redirect.test.ts'],
  },
  {
    name: 'open-redirect-origin',
    guards: 'a redirect to another site (sameSitePath: the resolved URL must be on this origin)',
    file: 'src/lib/http/redirect.ts',
    find: '  if (url.origin !== BASE || url.username || url.password) return fallback;\n',
    replace: '',
    tests: ['src/lib/http/redirect.test.ts'],
  },
];

const wanted = process.argv.slice(2);
const chosen = wanted.length ? MUTATIONS.filter((m) => wanted.includes(m.name)) : MUTATIONS;
const unknown = wanted.filter((name) => !MUTATIONS.some((m) => m.name === name));
if (unknown.length) {
  console.error(`Unknown mutation(s): ${unknown.join(', ')}. Known: ${MUTATIONS.map((m) => m.name).join(', ')}`);
  process.exit(2);
}

/** Files changed right now and their original text, so an interrupt can put them back. */
const originals = new Map<string, string>();
function restoreAll() {
  for (const [path, text] of originals) writeFileSync(path, text);
  originals.clear();
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    restoreAll();
    process.exit(130);
  });
}

function vitest(testFiles: string[]): { ok: boolean; testsFailed: boolean; summary: string } {
  const result = spawnSync(join(root, 'node_modules/.bin/vitest'), ['run', '--reporter=dot', ...testFiles], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, FORCE_COLOR: '0', NO_COLOR: '1' },
    maxBuffer: 64 * 1024 * 1024,
  });
  const output = `${result.stdout}\n${result.stderr}`;
  const lines = output.split('\n').map((line) => line.trim());
  const files = lines.filter((line) => /^Test Files\s/.test(line)).pop();
  const tests = lines.filter((line) => /^Tests\s/.test(line)).pop() ?? '';
  const summary = [files, tests].filter(Boolean).join('; ') || `exit ${result.status}`;
  // Only a test that ran and failed counts as catching a mutation: a hook's timeout on a
  // busy machine fails the run too, but proves nothing.
  const testsFailed = /\d+ failed/.test(tests);
  for (const line of lines.filter((l) => /^Error: Hook timed out/.test(l)).slice(0, 2)) console.log(`   ! ${line}`);
  return { ok: result.status === 0, testsFailed, summary };
}

const rows: { name: string; caught: boolean; summary: string }[] = [];
for (const mutation of chosen) {
  const path = join(root, mutation.file);
  const original = readFileSync(path, 'utf8');
  const occurrences = original.split(mutation.find).length - 1;
  if (occurrences !== 1) {
    console.error(`✗ ${mutation.name}: the guarded text occurs ${occurrences} times in ${mutation.file}, not once`);
    rows.push({ name: mutation.name, caught: false, summary: 'guarded text not found: update the mutation' });
    continue;
  }
  console.log(`\n━━ ${mutation.name}: ${mutation.guards}`);
  console.log(`   ${mutation.file}: − ${mutation.find.trim().split('\n').pop()}`);
  originals.set(path, original);
  try {
    writeFileSync(path, original.replace(mutation.find, mutation.replace));
    const { ok, summary } = vitest(mutation.tests);
    rows.push({ name: mutation.name, caught: !ok, summary });
    console.log(
      `   ${mutation.tests.join(' ')} → ${ok ? 'PASSED: the guard is not tested' : 'failed, as it must'} (${summary})`,
    );
  } finally {
    writeFileSync(path, original);
    originals.delete(path);
  }
}

// The untouched code must pass the same tests, or a "failure" above proves nothing.
const baselineTests = [...new Set(chosen.flatMap((m) => m.tests))];
console.log(`\n━━ baseline: the same tests on the untouched code`);
const baseline = vitest(baselineTests);
console.log(`   ${baseline.ok ? 'pass' : 'FAIL'} (${baseline.summary})`);

console.log('\nmutation              caught by a failing test');
for (const row of rows) console.log(`${row.name.padEnd(22)}${row.caught ? 'yes' : 'NO '}  ${row.summary}`);
const allCaught = rows.every((row) => row.caught);
console.log(
  `\n${rows.filter((r) => r.caught).length}/${rows.length} mutations caught; baseline ${baseline.ok ? 'passes' : 'FAILS'}`,
);
process.exit(allCaught && baseline.ok ? 0 : 1);
