/**
 * Grows the catalog to N products, and the quote desk to N quote requests and N users, for
 * benchmarks (any of the three):
 *
 *   node scripts/seed-scale.ts --products 20000
 *   node scripts/seed-scale.ts --quote-requests 10000 --users 5000
 *
 * Opens the database the app uses (DATABASE_URL, else the embedded one in DATA_DIR), applies
 * the migrations, seeds the demo data if the database is empty, then adds synthetic products.
 */
import { parseArgs } from 'node:util';
import { z } from 'zod';
import {
  MAX_SCALE_QUOTE_REQUESTS,
  MAX_SCALE_USERS,
  seedScaleQuoteDesk,
} from '../src/features/demo/quote-desk-seed.server.ts';
import { MAX_SCALE_PRODUCTS, seedDemoData, seedScaleProducts } from '../src/features/demo/seed.server.ts';
import { type DatabaseHandle, openDatabase } from '../src/lib/db/connect.server.ts';
import { migrate } from '../src/lib/db/migrate.server.ts';
import { env } from '../src/lib/env.ts';

const USAGE = `Usage: node scripts/seed-scale.ts [--products N] [--quote-requests N] [--users N]
  (at least one; products up to ${MAX_SCALE_PRODUCTS}, quote requests up to ${MAX_SCALE_QUOTE_REQUESTS}, users up to ${MAX_SCALE_USERS})`;

const count = (max: number) =>
  z.coerce
    .number({ error: 'must be a number' })
    .int('must be an integer')
    .min(1, 'must be at least 1')
    .max(max, `must be at most ${max}`)
    .optional();

const ArgsSchema = z.object({
  products: count(MAX_SCALE_PRODUCTS),
  'quote-requests': count(MAX_SCALE_QUOTE_REQUESTS),
  users: count(MAX_SCALE_USERS),
});

function readArgs(argv: string[]): z.infer<typeof ArgsSchema> {
  let values: Record<string, unknown>;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: { products: { type: 'string' }, 'quote-requests': { type: 'string' }, users: { type: 'string' } },
      strict: true,
    }));
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  if (values.products === undefined && values['quote-requests'] === undefined && values.users === undefined) {
    throw new UsageError('--products, --quote-requests or --users is required');
  }
  const result = ArgsSchema.safeParse(values);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new UsageError(`--${String(issue?.path[0] ?? 'products')} ${issue?.message ?? 'is invalid'}`);
  }
  return result.data;
}

class UsageError extends Error {
  override name = 'UsageError';
}

async function main(): Promise<void> {
  const args = readArgs(process.argv.slice(2));
  const config = env();
  if (config.APP_ENV === 'production') {
    throw new Error('Refusing to seed demo and benchmark data with APP_ENV=production.');
  }
  const started = performance.now();
  const handle: DatabaseHandle = config.DATABASE_URL
    ? await openDatabase({ engine: 'postgres', url: config.DATABASE_URL })
    : await openDatabase({ engine: 'pglite', dataDir: config.dataDir });
  try {
    const applied = await migrate(handle);
    if (applied.length > 0) console.log(`Applied migrations: ${applied.join(', ')}`);

    const hasCatalog = await handle.db.selectFrom('categories').select('id').limit(1).executeTakeFirst();
    if (!hasCatalog) {
      const counts = await seedDemoData(handle, { log: (line) => console.log(line) });
      console.log('Demo data:', formatCounts(counts));
    }

    if (args.products !== undefined) {
      const added = await seedScaleProducts(handle, args.products, { log: (line) => console.log(line) });
      const totals = await countCatalog(handle);
      console.log(`Added ${added} products. Catalog: ${formatCounts(totals)}`);
    }
    if (args['quote-requests'] !== undefined || args.users !== undefined) {
      const added = await seedScaleQuoteDesk(
        handle.db,
        { quoteRequests: args['quote-requests'], users: args.users },
        { log: (line) => console.log(line) },
      );
      console.log(`Added ${added.users} users and ${added.quoteRequests} quote requests.`);
    }
    console.log(`Elapsed: ${((performance.now() - started) / 1000).toFixed(2)} s`);
  } finally {
    await handle.close();
  }
}

async function countCatalog(handle: DatabaseHandle): Promise<Record<string, number>> {
  const totals: Record<string, number> = {};
  for (const table of ['products', 'variants', 'stock_levels'] as const) {
    const row = await handle.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow();
    totals[table] = Number(row.total);
  }
  return totals;
}

function formatCounts(counts: Record<string, number>): string {
  return Object.entries(counts)
    .map(([table, count]) => `${table} ${count}`)
    .join(', ');
}

try {
  await main();
} catch (error) {
  if (error instanceof UsageError) {
    console.error(`${error.message}\n${USAGE}`);
    process.exitCode = 2;
  } else {
    console.error(error);
    process.exitCode = 1;
  }
}
