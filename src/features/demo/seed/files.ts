import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { z } from 'zod';

/** Where the demo data lives: supabase/seed/*.json (and plants/<category>.json). */
export const SEED_DIR = join(import.meta.dirname, '../../../../supabase/seed');

export class SeedFileError extends Error {
  override name = 'SeedFileError';
}

/**
 * Parses one seed file against its schema. A file that is not JSON, or does not match, throws
 * a SeedFileError that names the file and each field, the way the field reads in the file:
 * `supabase/seed/accounts.json: in_house_accounts[1].phone: must look like 905-555-0100`.
 */
export function parseSeedFile<Schema extends z.ZodType>(
  source: string,
  path: string,
  schema: Schema,
  ErrorClass: new (message: string, options?: ErrorOptions) => Error = SeedFileError,
): z.infer<Schema> {
  let json: unknown;
  try {
    json = JSON.parse(source);
  } catch (error) {
    throw new ErrorClass(`${path}: not valid JSON (${(error as Error).message})`, { cause: error });
  }
  const result = schema.safeParse(json);
  if (!result.success) {
    const issues = result.error.issues.slice(0, 5).map((issue) => `${formatPath(issue.path)}: ${issue.message}`);
    const more =
      result.error.issues.length > issues.length ? ` (and ${result.error.issues.length - issues.length} more)` : '';
    throw new ErrorClass(`${path}: ${issues.join('; ')}${more}`, { cause: result.error });
  }
  return result.data;
}

/** Reads `<dir>/<name>` and parses it with `schema` (see parseSeedFile). */
export async function loadSeedFile<Schema extends z.ZodType>(
  name: string,
  schema: Schema,
  dir: string = SEED_DIR,
): Promise<z.infer<Schema>> {
  const path = join(dir, name);
  let source: string;
  try {
    source = await readFile(path, 'utf8');
  } catch (error) {
    throw new SeedFileError(`${path}: cannot be read (${(error as Error).message})`, { cause: error });
  }
  return parseSeedFile(source, path, schema);
}

/** `plants[3].sizes[0].size`, the way the field reads in the file. */
export function formatPath(path: readonly PropertyKey[]): string {
  if (path.length === 0) return '(file)';
  return path.reduce<string>(
    (out, key) => (typeof key === 'number' ? `${out}[${key}]` : out === '' ? String(key) : `${out}.${String(key)}`),
    '',
  );
}
