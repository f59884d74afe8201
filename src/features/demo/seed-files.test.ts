import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadPlantFiles, PLANT_CATEGORIES, PlantFileError } from './plants.ts';
import { loadDemoData } from './seed/data.ts';
import { SEED_DIR, SeedFileError } from './seed/files.ts';

describe('loadPlantFiles', () => {
  const validFile = {
    category: 'trees',
    subcategories: [{ slug: 'shade-trees', name_en: 'Shade Trees', name_fr: "Arbres d'ombrage" }],
    plants: [
      {
        botanical: "Acer saccharum 'Green Mountain'",
        name_en: 'Green Mountain Sugar Maple',
        name_fr: "Érable à sucre 'Green Mountain'",
        subcategory: 'shade-trees',
        zone: 4,
        exposure: ['full_sun'],
        height_cm: 1800,
        spread_cm: 1200,
        bloom: null,
        flower_colour: null,
        foliage_colour: { en: 'Green', fr: 'Vert' },
        description_en: 'A sturdy shade tree.',
        description_fr: "Un arbre d'ombrage robuste.",
        sizes: [{ size: '50mm WB', list_cents: 42900 }],
      },
    ],
  };

  function withTreesFile(content: unknown, test: (dir: string) => Promise<void>) {
    return async () => {
      const dir = mkdtempSync(join(tmpdir(), 'plants-'));
      try {
        writeFileSync(join(dir, 'trees.json'), JSON.stringify(content));
        await test(dir);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    };
  }

  it(
    'reads a valid file',
    withTreesFile(validFile, async (dir) => {
      const files = await loadPlantFiles(dir);
      expect(files.map((file) => file.plants.length)).toEqual([1]);
    }),
  );

  it(
    'rejects a bad field, naming the file and the field',
    withTreesFile({ ...validFile, plants: [{ ...validFile.plants[0], zone: 'four' }] }, async (dir) => {
      const load = loadPlantFiles(dir);
      await expect(load).rejects.toThrow(PlantFileError);
      await expect(load).rejects.toThrow(/trees\.json: plants\[0\]\.zone: /);
    }),
  );

  it(
    'rejects a size label the SKU scheme does not know',
    withTreesFile(
      { ...validFile, plants: [{ ...validFile.plants[0], sizes: [{ size: '5 gal', list_cents: 100 }] }] },
      async (dir) => {
        await expect(loadPlantFiles(dir)).rejects.toThrow(
          /trees\.json: plants\[0\]\.sizes\[0\]\.size: must be a size label/,
        );
      },
    ),
  );

  it(
    'rejects a plant in a subcategory the file does not list',
    withTreesFile({ ...validFile, plants: [{ ...validFile.plants[0], subcategory: 'street-trees' }] }, async (dir) => {
      await expect(loadPlantFiles(dir)).rejects.toThrow(/plants\[0\]\.subcategory: "street-trees" is not one/);
    }),
  );
});

describe('loadDemoData', () => {
  function withDataDir(edit: (dir: string) => void, test: (dir: string) => Promise<void>) {
    return async () => {
      const dir = mkdtempSync(join(tmpdir(), 'seed-data-'));
      try {
        cpSync(SEED_DIR, dir, { recursive: true });
        edit(dir);
        await test(dir);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    };
  }
  /** Replaces text in a copied data file, failing when the text is not there. */
  function editFile(dir: string, name: string, from: string, to: string) {
    const path = join(dir, name);
    const source = readFileSync(path, 'utf8');
    if (!source.includes(from)) throw new Error(`${name} has no ${from}`);
    writeFileSync(path, source.replace(from, to));
  }

  it('reads and validates every data file of the repository', async () => {
    const data = await loadDemoData();
    expect(data.categories.categories.map((category) => category.key).sort()).toEqual([...PLANT_CATEGORIES].sort());
    expect(data.accounts.in_house_accounts.find((account) => account.number === 'TA-100300')?.phone).toBe(
      '905-555-0199',
    );
  });

  it(
    'names the file and the field of a malformed value',
    withDataDir(
      // TA-100300 is the second in-house account.
      (dir) => editFile(dir, 'accounts.json', '"phone": "905-555-0199"', '"phone": "905 555 0199"'),
      async (dir) => {
        const load = loadDemoData(dir);
        await expect(load).rejects.toThrow(SeedFileError);
        await expect(load).rejects.toThrow(
          /accounts\.json: in_house_accounts\[1\]\.phone: must look like 905-555-0100/,
        );
      },
    ),
  );

  it(
    'names the file that is not JSON',
    withDataDir(
      (dir) => writeFileSync(join(dir, 'reference.json'), '{ "customer_types": [ }'),
      async (dir) => {
        await expect(loadDemoData(dir)).rejects.toThrow(/reference\.json: not valid JSON/);
      },
    ),
  );

  it(
    'names a missing field',
    withDataDir(
      // Shrubs are the third category.
      (dir) => editFile(dir, 'categories.json', '"code_prefix": "SHR",', ''),
      async (dir) => {
        await expect(loadDemoData(dir)).rejects.toThrow(/categories\.json: categories\[2\]\.code_prefix: /);
      },
    ),
  );
});
