import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Every decision record and test file the code and the docs name exists: a comment that
 * cites `docs/decisions/005-sessions.md` or "decision 013", or says a file is "checked by
 * db.test.ts", must point at something a reader can open.
 */

const root = join(import.meta.dirname, '../..');
const DECISIONS = join(root, 'docs/decisions');
const SCANNED = ['src', 'scripts', 'tests', 'bench', 'docs', 'supabase/migrations', '.ci'];
const SCANNED_FILES = ['README.md', 'astro.config.mjs', 'vitest.config.ts', 'vitest.security.config.ts'];
const SKIPPED_DIRS = new Set(['node_modules', 'dist', '.astro', '.vercel', 'results', 'reports', 'test-results']);
const TEXT = /\.(ts|tsx|mts|mjs|js|astro|md|css|sql)$|^run$/;
/** This file names missing references on purpose (in the fixtures below). */
const SELF = relative(root, import.meta.filename);

interface Reference {
  kind: 'decision-file' | 'decision-number' | 'test-file';
  text: string;
  line: number;
}

/** The references to decision records and test files in one file's text. */
function findReferences(text: string): Reference[] {
  const found: Reference[] = [];
  const lines = text.split('\n');
  lines.forEach((content, index) => {
    const line = index + 1;
    // `docs/decisions/005-sessions.md`, or a bare `005-sessions.md` (docs link each other so).
    for (const match of content.matchAll(/(?:docs\/decisions\/)?\b(\d{3}-[a-z0-9-]+\.md)\b/g)) {
      found.push({ kind: 'decision-file', text: match[1] as string, line });
    }
    // "decision 013", "Decision 019", "decisions 015 and 016", "decision record 035".
    for (const match of content.matchAll(/\b[Dd]ecisions?(?: records?)? ((?:\d{3}(?:,? (?:and |or )?)?)+)/g)) {
      for (const number of (match[1] as string).match(/\d{3}/g) ?? []) {
        found.push({ kind: 'decision-number', text: number, line });
      }
    }
    // `db.test.ts`, `tests/e2e/cart.spec.ts`, `redirects.integration.ts` named in prose.
    for (const match of content.matchAll(/(?<![\w/.-])((?:[\w.-]+\/)*[\w-]+(?:\.[\w-]+)*\.(?:test|spec)\.ts)\b/g)) {
      found.push({ kind: 'test-file', text: match[1] as string, line });
    }
  });
  return found;
}

function walk(dir: string, out: string[] = []): string[] {
  if (!existsSync(dir)) return out;
  for (const name of readdirSync(dir)) {
    if (SKIPPED_DIRS.has(name) || name.startsWith('.data')) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path, out);
    else if (TEXT.test(name)) out.push(path);
  }
  return out;
}

const files = [...SCANNED.flatMap((dir) => walk(join(root, dir))), ...SCANNED_FILES.map((file) => join(root, file))]
  .filter((file) => existsSync(file))
  .filter((file) => relative(root, file) !== SELF);
const decisionFiles = new Set(readdirSync(DECISIONS).filter((name) => /^\d{3}-.+\.md$/.test(name)));
const decisionNumbers = new Set([...decisionFiles].map((name) => name.slice(0, 3)));
const testFiles = ['src', 'tests', 'scripts', 'bench'].flatMap((dir) =>
  walk(join(root, dir)).map((file) => relative(root, file)),
);

/** A test file named in `from` exists: by its path from there, from the root, or by its name alone. */
function testFileExists(name: string, from: string): boolean {
  if (existsSync(join(dirname(from), name)) || existsSync(join(root, name))) return true;
  if (name.includes('/')) return testFiles.some((file) => file.endsWith(`/${name}`) || file === name);
  return testFiles.some((file) => basename(file) === name);
}

function exists(reference: Reference, from: string): boolean {
  switch (reference.kind) {
    case 'decision-file':
      return decisionFiles.has(reference.text);
    case 'decision-number':
      return decisionNumbers.has(reference.text);
    case 'test-file':
      return testFileExists(reference.text, from);
  }
}

describe('references in code and docs', () => {
  it('finds decision records by path, by file name and by number, and test files by name', () => {
    const sample = [
      ' * Sessions after Lucia (docs/decisions/005-sessions.md):',
      '/** Table types (checked by db.test.ts). */',
      '// The cart filled as a guest (decision 016); see decisions 018 and 019.',
      'Written up in 027-product-images.md; probes in tests/e2e/cart.spec.ts.',
    ].join('\n');
    expect(findReferences(sample)).toEqual([
      { kind: 'decision-file', text: '005-sessions.md', line: 1 },
      { kind: 'test-file', text: 'db.test.ts', line: 2 },
      { kind: 'decision-number', text: '016', line: 3 },
      { kind: 'decision-number', text: '018', line: 3 },
      { kind: 'decision-number', text: '019', line: 3 },
      { kind: 'decision-file', text: '027-product-images.md', line: 4 },
      { kind: 'test-file', text: 'tests/e2e/cart.spec.ts', line: 4 },
    ]);
  });

  it('knows a missing record and a missing test file from present ones', () => {
    const from = join(root, 'src/lib/db/schema.ts');
    const missing = (kind: Reference['kind'], text: string) => !exists({ kind, text, line: 1 }, from);
    expect(missing('decision-file', '005-sessions.md')).toBe(true);
    expect(missing('decision-file', '015-accounts-and-sessions.md')).toBe(false);
    expect(missing('decision-number', '999')).toBe(true);
    expect(missing('decision-number', '013')).toBe(false);
    expect(missing('test-file', 'db.test.ts')).toBe(true);
    expect(missing('test-file', 'schema.test.ts')).toBe(false);
    expect(missing('test-file', 'tests/e2e/cart.spec.ts')).toBe(false);
  });

  it('scans the code and the docs', () => {
    const scanned = files.map((file) => relative(root, file));
    expect(scanned).toContain('src/features/accounts/session.server.ts');
    expect(scanned).toContain('README.md');
    expect(scanned).toContain('docs/decisions/013-cart-and-wish-list-endpoints.md');
  });

  it('every decision record and test file named in the code and the docs exists', () => {
    const broken: string[] = [];
    for (const file of files) {
      for (const reference of findReferences(readFileSync(file, 'utf8'))) {
        if (!exists(reference, file)) broken.push(`${relative(root, file)}:${reference.line} names ${reference.text}`);
      }
    }
    expect(broken).toEqual([]);
  });
});
