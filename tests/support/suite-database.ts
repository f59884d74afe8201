import type { Kysely } from 'kysely';
import { afterAll, beforeAll } from 'vitest';
import type { Database } from '../../src/lib/db/schema.ts';
import { createTestDatabase, type EngineName, type TestDatabase } from './databases.ts';

/**
 * A suite's own database on the engine: made before the suite's first test (before the
 * suite's own `beforeAll`s, registered after this call) and dropped after its last. Returns
 * the accessor the tests and hooks read it through.
 */
export function useTestDatabase(engine: EngineName): () => Kysely<Database> {
  let test: TestDatabase | undefined;
  beforeAll(async () => {
    test = await createTestDatabase(engine);
  });
  afterAll(async () => {
    await test?.drop();
  });
  return () => {
    if (!test) throw new Error('The suite database is made in beforeAll: read it inside a hook or a test');
    return test.handle.db;
  };
}
