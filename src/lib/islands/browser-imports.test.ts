import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * What browser code may import (docs/decisions/030-browser-imports.md), checked on the source
 * module graph: from a page's client scripts and islands, every module the browser can load
 * (static and lazy imports; type-only imports load nothing) and the packages they name.
 * The page shell loads no schema library at all; the pages with a JavaScript budget load no
 * full zod (`zod/mini` where the browser must validate).
 */
const root = join(import.meta.dirname, '../../..');

const IMPORT_PATTERNS = [
  // import x from 'a'; import { a, type b } from 'a'; import 'a'; export { a } from 'a'
  /(?:^|[\n;])\s*(import|export)(\s+type\b)?\s*(?:[\w*{}\s,$]+?\s*from\s*)?['"]([^'"]+)['"]/g,
  // import('a')
  /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g,
];

function specifiers(code: string): string[] {
  const found: string[] = [];
  for (const match of code.matchAll(IMPORT_PATTERNS[0] as RegExp)) if (!match[2]) found.push(match[3] as string);
  for (const match of code.matchAll(IMPORT_PATTERNS[1] as RegExp)) found.push(match[1] as string);
  return found;
}

function resolveLocal(from: string, specifier: string): string | undefined {
  const base = resolve(dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')]) {
    if (existsSync(candidate) && !candidate.endsWith('/')) return candidate;
  }
  return undefined;
}

/** The modules an .astro file sends to the browser: its <script>s, its islands, and those of the .astro files it renders. */
function astroEntries(file: string, seen = new Set<string>()): string[] {
  if (seen.has(file)) return [];
  seen.add(file);
  const source = readFileSync(file, 'utf8');
  const frontmatter = /^---\n([\s\S]*?)\n---/.exec(source)?.[1] ?? '';
  const template = source.slice(frontmatter.length);
  const entries: string[] = [];
  const imported = new Map<string, string>();
  for (const match of frontmatter.matchAll(/import\s+(\w+)(?:\s*,\s*\{[^}]*\})?\s+from\s+['"](\.[^'"]+)['"]/g)) {
    imported.set(match[1] as string, match[2] as string);
  }
  for (const [name, specifier] of imported) {
    const path = resolveLocal(file, specifier);
    if (!path) continue;
    if (path.endsWith('.astro')) entries.push(...astroEntries(path, seen));
    else if (new RegExp(`<${name}\\b[^>]*\\bclient:`).test(template)) entries.push(path);
  }
  for (const script of template.matchAll(
    /<script(?![^>]*is:inline)(?![^>]*type="application)[^>]*>([\s\S]*?)<\/script>/g,
  )) {
    for (const specifier of specifiers(script[1] as string)) {
      const path = specifier.startsWith('.') ? resolveLocal(file, specifier) : undefined;
      if (path) entries.push(path);
    }
  }
  return entries;
}

/** Every package the browser may load from these entries, with the module that names it. */
function browserPackages(entries: string[]): Map<string, string[]> {
  const packages = new Map<string, string[]>();
  const seen = new Set<string>();
  const queue = [...entries];
  for (let file = queue.pop(); file; file = queue.pop()) {
    if (seen.has(file) || !/\.(ts|tsx|js|mjs)$/.test(file)) continue;
    seen.add(file);
    for (const specifier of specifiers(readFileSync(file, 'utf8'))) {
      if (specifier.startsWith('.')) {
        const path = resolveLocal(file, specifier);
        if (path) queue.push(path);
      } else {
        packages.set(specifier, [...(packages.get(specifier) ?? []), relative(root, file)]);
      }
    }
  }
  return packages;
}

const page = (path: string) => astroEntries(join(root, path));
const fullZod = (name: string) => name === 'zod' || (name.startsWith('zod/') && name !== 'zod/mini');

describe('browser imports', () => {
  it('finds the shell and the islands of a page', () => {
    const shell = page('src/layouts/BaseLayout.astro').map((file) => relative(root, file));
    expect(shell).toContain('src/features/shell/shell.client.ts');
    const product = page('src/features/product-page/ProductPage.astro').map((file) => relative(root, file));
    expect(product).toContain('src/features/product-page/PurchasePanel.tsx');
  });

  it('sees a zod import, and not a type-only one', () => {
    expect(
      specifiers("import { z } from 'zod';\nimport type * as m from 'zod/mini';\nconst x = import('./y.ts');"),
    ).toEqual(['zod', './y.ts']);
  });

  it('the page shell loads no schema library', () => {
    const schemaPackages = [...browserPackages(page('src/layouts/BaseLayout.astro'))].filter(([name]) =>
      /^zod(\/|$)/.test(name),
    );
    expect(schemaPackages).toEqual([]);
  });

  it.each([
    'src/features/home/HomePage.astro',
    'src/features/catalog/BrowsePage.astro',
    'src/features/product-page/ProductPage.astro',
    'src/features/search/SearchPage.astro',
    'src/features/cart/CartPage.astro',
    'src/features/quotes/submit/CheckoutPage.astro',
  ])('%s loads no full zod (zod/mini at most)', (path) => {
    expect(existsSync(join(root, path))).toBe(true);
    const loaded = [...browserPackages(page(path))].filter(([name]) => fullZod(name));
    expect(loaded).toEqual([]);
  });
});
