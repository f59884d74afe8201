import { z } from 'zod';

/**
 * Row ids are PostgreSQL `integer`s (serial): 1 to 2^31 − 1. A larger number, or anything
 * not a plain decimal, names no row: it is a 404 or a 422, never a query that fails (500).
 */
export const MAX_ID = 2_147_483_647;

/** An id in a JSON body. */
export const IdSchema = z.number().int().min(1).max(MAX_ID);

/** An id from a path or query segment (`"42"`) as a schema: plain decimal digits naming an int4. */
export const PathIdSchema = z
  .string()
  .regex(/^[1-9][0-9]{0,9}$/)
  .transform(Number)
  .pipe(IdSchema);

/** An id from a path or query segment (`"42"`), or undefined when it cannot name a row. */
export function parseId(value: string | null | undefined): number | undefined {
  if (!value || !/^[1-9][0-9]{0,9}$/.test(value)) return undefined;
  const id = Number(value);
  return id <= MAX_ID ? id : undefined;
}
