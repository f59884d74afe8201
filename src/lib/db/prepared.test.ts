import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { ENGINES } from '../../../tests/support/databases.ts';
import { useTestDatabase } from '../../../tests/support/suite-database.ts';
import { keepsPreparedStatements } from './connect.server.ts';
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

  // PGlite is one process's database: there is no server to keep a statement on.
  if (engine !== 'postgres') return;
  it('is parsed and planned once per connection on PostgreSQL, under its own name', async () => {
    const prepared = await db()
      .transaction()
      .execute(async (trx) => {
        // One transaction: one connection, whose prepared statements the catalogue lists.
        await sum(trx, { a: 1, b: 2 }, 'plus');
        await sum(trx, { a: 3, b: 4 }, 'plus');
        await sql`select 1 + ${5}::int as n`.execute(trx);
        return (
          await sql<{ name: string; statement: string }>`select name, statement from pg_prepared_statements`.execute(
            trx,
          )
        ).rows;
      });
    const ours = prepared.filter((row) => row.statement.includes('::int + $'));
    expect(ours).toHaveLength(1);
    expect(ours[0]?.name).toMatch(/^nursery_\d+$/);
    // A statement not made by preparedStatement is not kept on the server.
    expect(prepared.some((row) => row.statement.includes('select 1 +'))).toBe(false);
  });
});

describe('keepsPreparedStatements', () => {
  it('prepares on a direct connection or a session pooler, not behind a transaction pooler', () => {
    expect(keepsPreparedStatements('postgres://u:p@127.0.0.1:5432/test')).toBe(true);
    expect(keepsPreparedStatements('postgres://u:p@db.example.supabase.co/postgres')).toBe(true);
    expect(keepsPreparedStatements('postgres://u.ref:p@aws-0-ca-central-1.pooler.supabase.com:5432/postgres')).toBe(
      true,
    );
    expect(keepsPreparedStatements('postgres://u.ref:p@aws-0-ca-central-1.pooler.supabase.com:6543/postgres')).toBe(
      false,
    );
    expect(keepsPreparedStatements('postgres://u:p@pgbouncer.internal:6432/db?pgbouncer=true')).toBe(false);
  });
});
