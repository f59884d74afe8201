import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The islands hydrate only through our three directives (decision 048): `client:interaction`,
 * `client:eager` and `client:view` keep what a visitor did before React took over. Astro's own
 * `client:load`, `client:idle` and `client:visible` let a press made before hydration be lost
 * or undone, and `client:only` shows nothing before it; none may come back unnoticed.
 */
const root = join(import.meta.dirname, '../../..');
const OURS = new Set(['interaction', 'eager', 'view']);

function astroFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return astroFiles(path);
    return entry.name.endsWith('.astro') ? [path] : [];
  });
}

describe('island directives', () => {
  it('are only ours, on every island of every page', () => {
    const used: string[] = [];
    const others: string[] = [];
    for (const file of astroFiles(join(root, 'src'))) {
      for (const match of readFileSync(file, 'utf8').matchAll(/\bclient:([a-z]+)\b/g)) {
        const directive = match[1] as string;
        used.push(directive);
        if (!OURS.has(directive)) others.push(`${relative(root, file)}: client:${directive}`);
      }
    }
    expect(others).toEqual([]);
    // The scan reads the islands it guards (a pattern that matched nothing would pass).
    expect(new Set(used)).toEqual(OURS);
  });
});
