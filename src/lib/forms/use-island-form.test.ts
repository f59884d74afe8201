import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Every form in an island takes react-hook-form through `useIslandForm`, which hands a radio
 * chosen before React back within React's commit (use-island-form.ts). A form that called
 * `useForm` itself would show its default choice for a task, and nothing else would notice.
 */
const src = join(import.meta.dirname, '../..');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe('forms in islands', () => {
  it('take react-hook-form through useIslandForm', () => {
    const direct = sources(src)
      .filter((file) => !file.endsWith('use-island-form.ts'))
      .filter((file) =>
        /import\s*\{[^}]*\buseForm\b[^}]*\}\s*from\s*'react-hook-form'/.test(readFileSync(file, 'utf8')),
      )
      .map((file) => relative(src, file));
    expect(direct).toEqual([]);
  });

  it("are found by the check above: the store's forms use it", () => {
    const users = sources(src).filter((file) => /\buseIslandForm[<(]/.test(readFileSync(file, 'utf8')));
    expect(users.length).toBeGreaterThanOrEqual(12);
  });
});
