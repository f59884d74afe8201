import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { keepingSelection, serverDefault } from './use-island-form.ts';

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

describe('keepingSelection', () => {
  /** A focused text field holding `value`, its selection `[start, end]`. */
  function field(value: string, start: number, end: number, focused = true) {
    const node = {
      value,
      selectionStart: start as number | null,
      selectionEnd: end as number | null,
      ownerDocument: { activeElement: null as unknown },
      select() {
        node.selectionStart = 0;
        node.selectionEnd = node.value.length;
      },
    };
    if (focused) node.ownerDocument.activeElement = node;
    return node;
  }
  /** react-hook-form's registration as it attaches: it writes the form's default into the field. */
  const writing = (value: string) => ({
    name: 'description' as const,
    onChange: async () => {},
    onBlur: async () => {},
    ref: (node: unknown) => {
      (node as { value: string; selectionStart: number; selectionEnd: number }).value = value;
      Object.assign(node as object, { selectionStart: value.length, selectionEnd: value.length });
    },
  });

  it('selects what the form wrote beneath a selection of the whole field, so typing replaces it', () => {
    const description = field('', 0, 0);
    keepingSelection(writing('Old text')).ref(description);
    expect([description.value, description.selectionStart, description.selectionEnd]).toEqual(['Old text', 0, 8]);
  });

  it('leaves a caret placed inside the text, a field not focused, and a value the form kept', () => {
    const inside = field('abc', 1, 1);
    keepingSelection(writing('Old text')).ref(inside);
    expect(inside.selectionStart).toBe(8);
    const elsewhere = field('', 0, 0, false);
    keepingSelection(writing('Old text')).ref(elsewhere);
    expect(elsewhere.selectionStart).toBe(8);
    const kept = field('Typed', 0, 2);
    keepingSelection(writing('Typed')).ref(kept);
    expect(kept.selectionStart).toBe(5);
  });

  it('selects again a field wholly selected when the form rendered, whose selection React lost since', () => {
    // A textarea showing the server's text, selected; React's defaultValue write put the caret at its start.
    const description = field('Old text', 0, 0);
    keepingSelection(writing('Old text'), description).ref(description);
    expect([description.selectionStart, description.selectionEnd]).toEqual([0, 8]);
    const other = field('Old text', 0, 0);
    keepingSelection(writing('Old text'), description).ref(other);
    expect(other.selectionEnd).toBe(8);
    expect(other.selectionStart).toBe(8);
  });
});

describe('serverDefault', () => {
  it("shows text and numbers as the field's value, a boolean as a tick, and a group's box by its value", () => {
    expect(serverDefault('Hosta')).toEqual({ defaultValue: 'Hosta' });
    expect(serverDefault(12.5)).toEqual({ defaultValue: '12.5' });
    expect(serverDefault(true)).toEqual({ defaultChecked: true });
    expect(serverDefault(['sun', 'shade'], 'shade')).toEqual({ defaultChecked: true });
    expect(serverDefault(['sun'], 'shade')).toEqual({ defaultChecked: false });
    expect(serverDefault(undefined, 'shade')).toEqual({ defaultChecked: false });
  });

  it('leaves out what has no HTML form: nothing, null, objects', () => {
    for (const start of [undefined, null, { a: 1 }]) expect(serverDefault(start)).toEqual({});
  });
});
