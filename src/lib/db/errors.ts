/**
 * A unique constraint refused the write (SQLSTATE 23505), on `constraint` when it is given.
 * node-postgres and PGlite both carry the constraint's name; the message is the fallback.
 */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const candidate = error as { code?: unknown; constraint?: unknown; message?: unknown } | null;
  if (candidate?.code !== '23505') return false;
  if (!constraint) return true;
  return candidate.constraint === constraint || String(candidate.message ?? '').includes(constraint);
}
