import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../src/features/accounts/password.server.ts';
import { listMigrations, migrate } from '../../src/lib/db/migrate.server.ts';
import { TABLES } from '../../src/lib/db/schema.ts';
import { createTestDatabase, ENGINES, type TestDatabase } from '../support/databases.ts';

const passwordHash = await hashPassword('not-used-in-these-tests');

describe.each(ENGINES)('schema on %s', (engine) => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase(engine);
  });
  afterAll(async () => {
    await test?.drop();
  });

  const db = () => test.handle.db;

  async function makeUser(email: string) {
    await db()
      .insertInto('customer_types')
      .values({ id: 1, code: 'list', name_en: 'Retail', name_fr: 'Particulier' })
      .onConflict((c) => c.column('id').doNothing())
      .execute();
    return db()
      .insertInto('users')
      .values({ email, first_name: 'Ada', last_name: 'Lovelace', customer_type_id: 1, password_hash: passwordHash })
      .returning('id')
      .executeTakeFirstOrThrow();
  }

  it('records every migration, and a second run applies nothing', async () => {
    const versions = await sql<{
      version: string;
    }>`select version from supabase_migrations.schema_migrations order by version`.execute(db());
    expect(versions.rows.map((row) => row.version)).toEqual((await listMigrations()).map((m) => m.version));
    expect(await migrate(test.handle)).toEqual([]);
  });

  it('has exactly the tables the Kysely types describe, each with row level security', async () => {
    const tables = await sql<{ tablename: string; rowsecurity: boolean }>`
      select tablename, rowsecurity from pg_tables where schemaname = 'public' order by tablename`.execute(db());
    expect(tables.rows.map((row) => row.tablename).sort()).toEqual([...TABLES].sort());
    expect(tables.rows.filter((row) => !row.rowsecurity)).toEqual([]);
  });

  it('keeps e-mail addresses unique and lower-case', async () => {
    await makeUser('unique@example.com');
    await expect(makeUser('unique@example.com')).rejects.toThrow(/users_email_key|duplicate/);
    await expect(makeUser('Upper@Example.com')).rejects.toThrow(/check/i);
  });

  it('enforces exactly one default wish list per user, checked at commit', async () => {
    const user = await makeUser('lists@example.com');
    // A first list that is not the default is refused at commit.
    await expect(
      db()
        .transaction()
        .execute((tx) => tx.insertInto('wishlists').values({ user_id: user.id, name: 'Front yard' }).execute()),
    ).rejects.toThrow(/exactly one default/);
    const first = await db()
      .insertInto('wishlists')
      .values({ user_id: user.id, name: 'Front yard', is_default: true })
      .returning('id')
      .executeTakeFirstOrThrow();
    // Two defaults at once are refused by the partial unique index.
    await expect(
      db().insertInto('wishlists').values({ user_id: user.id, name: 'Back yard', is_default: true }).execute(),
    ).rejects.toThrow(/wishlists_one_default_per_user|duplicate/);
    const second = await db()
      .insertInto('wishlists')
      .values({ user_id: user.id, name: 'Back yard' })
      .returning('id')
      .executeTakeFirstOrThrow();
    // Moving the default is one transaction of two updates.
    await db()
      .transaction()
      .execute(async (tx) => {
        await tx.updateTable('wishlists').set({ is_default: false }).where('id', '=', first.id).execute();
        await tx.updateTable('wishlists').set({ is_default: true }).where('id', '=', second.id).execute();
      });
    // Deleting the default while another list exists is refused...
    await expect(db().deleteFrom('wishlists').where('id', '=', second.id).execute()).rejects.toThrow(
      /exactly one default/,
    );
    // ...deleting the last lists is fine.
    await db().deleteFrom('wishlists').where('user_id', '=', user.id).execute();
  });

  it('numbers quote requests from the reference sequence', async () => {
    const user = await makeUser('quotes@example.com');
    const insert = () =>
      db()
        .insertInto('quote_requests')
        .values({
          idempotency_key: crypto.randomUUID(),
          user_id: user.id,
          locale: 'fr',
          fulfilment: 'pickup',
          payment_preference: 'cash',
          customer_first_name: 'Ada',
          customer_last_name: 'Lovelace',
          customer_email: 'quotes@example.com',
          customer_type_id: 1,
          price_kind: 'list',
          subtotal_cents: 0,
        })
        .returning('reference')
        .executeTakeFirstOrThrow();
    const a = await insert();
    const b = await insert();
    expect(a.reference).toMatch(/^Q-\d{6}$/);
    expect(Number(b.reference.slice(2))).toBe(Number(a.reference.slice(2)) + 1);
  });

  it('refuses a second quote request with the same idempotency key', async () => {
    const user = await makeUser('twice@example.com');
    const key = crypto.randomUUID();
    const values = {
      idempotency_key: key,
      user_id: user.id,
      locale: 'en' as const,
      fulfilment: 'delivery' as const,
      payment_preference: 'credit_card' as const,
      customer_first_name: 'Ada',
      customer_last_name: 'Lovelace',
      customer_email: 'twice@example.com',
      customer_type_id: 1,
      price_kind: 'list' as const,
      subtotal_cents: 0,
    };
    await db().insertInto('quote_requests').values(values).execute();
    await expect(db().insertInto('quote_requests').values(values).execute()).rejects.toThrow(
      /idempotency_key|duplicate/,
    );
  });

  it('searches without accents and with typos', async () => {
    await db()
      .insertInto('categories')
      .values({
        slug_en: 'trees',
        slug_fr: 'arbres',
        path_en: 'trees',
        path_fr: 'arbres',
        name_en: 'Trees',
        name_fr: 'Arbres',
      })
      .execute();
    const category = await db().selectFrom('categories').select('id').executeTakeFirstOrThrow();
    await db()
      .insertInto('products')
      .values({
        code: 'TRE-9001',
        category_id: category.id,
        slug_en: 'sugar-maple',
        slug_fr: 'erable-a-sucre',
        name_en: 'Sugar Maple',
        name_fr: 'Érable à sucre',
        botanical_name: 'Acer saccharum',
      })
      .execute();
    const fr = await sql<{ code: string }>`
      select code from products where search_fr @@ websearch_to_tsquery('french', public.immutable_unaccent('erable'))`.execute(
      db(),
    );
    expect(fr.rows.map((row) => row.code)).toEqual(['TRE-9001']);
    const typo = await sql<{ code: string }>`
      select code from products where extensions.word_similarity('sacharum', search_names) > 0.4`.execute(db());
    expect(typo.rows.map((row) => row.code)).toEqual(['TRE-9001']);
  });
});
