import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { ENGINES } from '../../../tests/support/databases.ts';
import { useTestDatabase } from '../../../tests/support/suite-database.ts';
import { placeholder, preparedStatement } from './prepared.ts';

describe.each(ENGINES)('prepared statements on %s', (engine) => {
  const db = useTestDatabase(engine);
  let builds = 0;
  const sum = preparedStatement((_db, kind: 'plus' | 'minus') => {
    builds++;
    const a = placeholder<number>('a');
    const b = placeholder<number>('b');
    return kind === 'plus'
      ? sql<{ n: number; label: string }>`select (${a}::int + ${b}::int) as n, ${'fixed'}::text as label`
      : sql<{ n: number; label: string }>`select (${a}::int - ${b}::int) as n, ${'fixed'}::text as label`;
  });

  it('puts each execution’s values in the statement compiled once per variant, its constants kept', async () => {
    builds = 0;
    expect((await sum(db(), { a: 2, b: 3 }, 'plus')).rows).toEqual([{ n: 5, label: 'fixed' }]);
    expect((await sum(db(), { a: 10, b: 4 }, 'plus')).rows).toEqual([{ n: 14, label: 'fixed' }]);
    expect((await sum(db(), { a: 10, b: 4 }, 'minus')).rows).toEqual([{ n: 6, label: 'fixed' }]);
    // Inside a transaction too, without compiling again.
    await db()
      .transaction()
      .execute(async (trx) => {
        expect((await sum(trx, { a: 1, b: 1 }, 'minus')).rows).toEqual([{ n: 0, label: 'fixed' }]);
      });
    expect(builds).toBe(2);
  });

  it('refuses to run without every value', async () => {
    await expect(sum(db(), { a: 1 }, 'plus')).rejects.toThrow('No value for b');
  });
});
