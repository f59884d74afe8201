import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, ENGINES, type TestDatabase } from '../../tests/support/databases.ts';
import { LABEL_SHAPES } from './size.fixtures.ts';
import { parseSizeLabel } from './size.ts';

// The migration's SQL reader of size labels must agree with parseSizeLabel on every shape.
describe.each(ENGINES)('size_from_label on %s', (engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
  }, 120_000);
  afterAll(async () => {
    await database?.drop();
  });

  it.each(LABEL_SHAPES.map(([label]) => label))('reads %j as parseSizeLabel does', async (label) => {
    const { rows } = await sql<{ kind: string | null; size_values: number[] | null; root_ball: string | null }>`
      select kind, size_values, root_ball from public.size_from_label(${label})
    `.execute(database.handle.db);
    const parsed = parseSizeLabel(label);
    expect(rows[0]).toEqual({
      kind: parsed?.kind ?? null,
      size_values: parsed?.values ?? null,
      root_ball: parsed?.rootBall ?? null,
    });
  });
});
