/**
 * Grows the catalog to N products for benchmarks:
 *
 *   node scripts/seed-scale.ts --products 20000
 *
 * Opens the database the app uses (DATABASE_URL, else the embedded one in DATA_DIR), applies
 * the migrations, seeds the demo data if the database is empty, then adds synthetic products.
 */
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { MAX_SCALE_PRODUCTS, seedDemoData, seedScaleProducts } from '../src/features/demo/seed.server.ts';
import { type DatabaseHandle, openDatabase } from '../src/lib/db/connect.server.ts';
import { migrate } from '../src/lib/db/migrate.server.ts';
import { env } from '../src/lib/env.ts';

const USAGE = `Usage: node scripts/seed-scale.ts --products N   (N an integer from 1 to ${MAX_SCALE_PRODUCTS})`;

const ArgsSchema = z.object({
  products: z.coerce
    .number({ error: 'must be a number' })
    .int('must be an integer')
    .min(1, 'must be at least 1')
    .max(MAX_SCALE_PRODUCTS, `must be at most ${MAX_SCALE_PRODUCTS}`),
});

function readArgs(argv: string[]): z.infer<typeof ArgsSchema> {
  let values: Record<string, unknown>;
  try {
    ({ values } = parseArgs({ args: argv, options: { products: { type: 'string' } }, strict: true }));
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  if (values.products === undefined) throw new UsageError('--products is required');
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

    const added = await seedScaleProducts(handle, args.products, { log: (line) => console.log(line) });
    const totals = await countCatalog(handle);
    console.log(`Added ${added} products. Catalog: ${formatCounts(totals)}`);
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
