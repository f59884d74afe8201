import type { Compilable, CompiledQuery, Kysely, QueryResult, RawBuilder } from 'kysely';
import type { Database } from './schema.ts';

/** Stands for a value while a statement is compiled; each execution puts the real value in. */
class Placeholder {
  readonly name: string;
  constructor(name: string) {
    this.name = name;
  }
}

/** A value `name` of a prepared statement, given when it is executed. */
export function placeholder<T>(name: string): T {
  return new Placeholder(name) as T;
}

/** The server-side name of each prepared statement's SQL, given when it is first compiled. */
const names = new Map<string, string>();

/**
 * The name PostgreSQL keeps `sql` under on each connection, when `sql` is a prepared
 * statement's (connect.server.ts sends it named); undefined for every other statement.
 */
export function serverStatementName(sql: string): string | undefined {
  return names.get(sql);
}

/**
 * A statement of the hot paths built and compiled by Kysely once, then only executed: its
 * values are placeholders (`placeholder`) at compile time, and each execution sends the
 * compiled SQL with its own values. Building and compiling a statement costs more CPU than
 * sending it (about a twentieth of an add to cart; docs/decisions/048-native-first-islands.md,
 * "shopping paths under load"). The SQL is the same, so is what it does.
 *
 * On PostgreSQL the statement is also prepared on the server: sent under a name of its own,
 * it is parsed and planned once per connection rather than on every execution, which was
 * most of the database's work for an add to cart (decision 048, "Prepared on the server").
 *
 * `build` may branch only on `variant` (one compiled statement per variant), never on a value.
 * Compiled once per database adapter: a transaction shares its database's.
 */
export function preparedStatement<Row, Variant extends string = 'default'>(
  build: (db: Kysely<Database>, variant: Variant) => Compilable<Row> | RawBuilder<Row>,
) {
  const compiled = new WeakMap<object, Map<Variant, CompiledQuery<Row>>>();
  return async (
    db: Kysely<Database>,
    values: Readonly<Record<string, unknown>>,
    variant = 'default' as Variant,
  ): Promise<QueryResult<Row>> => {
    const adapter = db.getExecutor().adapter;
    let variants = compiled.get(adapter);
    if (!variants) {
      variants = new Map();
      compiled.set(adapter, variants);
    }
    let query = variants.get(variant);
    if (!query) {
      const built = build(db, variant);
      query = 'isRawBuilder' in built ? built.compile(db) : built.compile();
      variants.set(variant, query);
      if (!names.has(query.sql)) names.set(query.sql, `nursery_${names.size + 1}`);
    }
    return db.executeQuery<Row>({
      ...query,
      parameters: query.parameters.map((parameter) => {
        if (!(parameter instanceof Placeholder)) return parameter;
        if (!(parameter.name in values)) throw new Error(`No value for ${parameter.name}`);
        return values[parameter.name];
      }),
    });
  };
}
