import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkBoundaries } from './check-boundaries.ts';

// The boundary check (decision 044) on small made-up trees: each rule fails on the import
// that breaks it, and a layered tree passes.

const trees: string[] = [];

function tree(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'boundaries-'));
  trees.push(root);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

/** A layered tree: lists uses catalog, both use lib, a page uses lists. */
const layered = {
  'src/lib/format.ts': 'export const money = (cents: number) => `$${cents / 100}`;\n',
  'src/features/catalog/catalog.ts': "import { money } from '../../lib/format.ts';\nexport const price = money(100);\n",
  'src/features/lists/lists.ts': "import { price } from '../catalog/catalog.ts';\nexport const total = price;\n",
  'src/features/lists/ListsPage.astro': "---\nimport { total } from './lists.ts';\n---\n<p>{total}</p>\n",
  'src/pages/lists.astro': "---\nimport ListsPage from '../features/lists/ListsPage.astro';\n---\n<ListsPage />\n",
};

afterEach(() => {
  for (const root of trees.splice(0)) rmSync(root, { recursive: true, force: true });
});

describe('the import boundary check', () => {
  it('passes a layered tree', async () => {
    expect(await checkBoundaries(tree(layered))).toEqual([]);
  });

  it('fails when src/lib imports a feature', async () => {
    const root = tree({
      ...layered,
      'src/lib/format.ts':
        "import { price } from '../features/catalog/catalog.ts';\nexport const money = () => price;\n",
      'src/features/catalog/catalog.ts': 'export const price = 100;\n',
    });
    expect(await checkBoundaries(root)).toEqual([
      { rule: 'lib-imports-no-feature', path: ['src/lib/format.ts', 'src/features/catalog/catalog.ts'] },
    ]);
  });

  it('fails on a module cycle inside one feature', async () => {
    const root = tree({
      ...layered,
      'src/features/lists/a.ts': "import { b } from './b.ts';\nexport const a = () => b();\n",
      'src/features/lists/b.ts': "import { a } from './a.ts';\nexport const b = () => a;\n",
    });
    expect(await checkBoundaries(root)).toEqual([
      {
        rule: 'no-module-cycle',
        path: ['src/features/lists/a.ts', 'src/features/lists/b.ts', 'src/features/lists/a.ts'],
      },
    ]);
  });

  it('leaves a cycle with a type-only step to the feature rule: it is erased at run time', async () => {
    const root = tree({
      ...layered,
      'src/features/lists/rows.ts': "import type { Row } from './export.ts';\nexport const rows: Row[] = [];\n",
      'src/features/lists/export.ts':
        "import { rows } from './rows.ts';\nexport type Row = { id: number };\nexport const count = rows.length;\n",
    });
    expect(await checkBoundaries(root)).toEqual([]);
  });

  it('fails on two features that import each other, through no module cycle', async () => {
    const root = tree({
      ...layered,
      'src/features/catalog/card.ts': "import { total } from '../lists/lists.ts';\nexport const card = total;\n",
    });
    const violations = await checkBoundaries(root);
    expect(violations.map((violation) => violation.rule)).toEqual(['no-feature-cycle', 'no-feature-cycle']);
    expect(violations[0].path).toEqual(['src/features/catalog', 'src/features/lists', 'src/features/catalog']);
  });

  it('counts the imports of .astro frontmatter, which dependency-cruiser does not read', async () => {
    const root = tree({
      ...layered,
      'src/features/catalog/ProductPage.astro':
        "---\nimport ListsPage from '../lists/ListsPage.astro';\n---\n<ListsPage />\n",
    });
    expect(await checkBoundaries(root)).toEqual([
      {
        rule: 'no-feature-cycle (counting .astro imports, these features reach each other)',
        path: ['src/features/catalog', 'src/features/lists'],
      },
    ]);
  });
});
