import { randomBytes } from 'node:crypto';
import type { DatabaseHandle } from '../../lib/db/connect.server.ts';
import { hashPassword } from '../accounts/password.server.ts';
import { loadPlantFiles, PLANTS_DIR } from './plants.ts';
import { SUPER_ADMIN, seedQuoteDesk } from './quote-desk-seed.server.ts';
import { seedInHouseAccounts, seedUsers } from './seed/accounts.server.ts';
import { seedQuoteRequests, seedWishlists } from './seed/activity.server.ts';
import { seedCatalog } from './seed/catalog.server.ts';
import { loadDemoData } from './seed/data.ts';
import { Random } from './seed/random.ts';
import { seedCategories, seedRedirects, seedReferenceData } from './seed/reference.server.ts';
import { type Db, DemoSeedError, type SeedCounts, STORE_PRNG_SEED, seconds } from './seed/util.server.ts';

/**
 * Demo data for Northfield Nurseries / Pépinières Northfield: a family nursery founded in
 * 1921 with sales yards in Ontario and Québec. The data is in supabase/seed/*.json (validated
 * when loaded, seed/data.ts); the seeders in seed/ turn it into rows, table group by table
 * group. Everything but the password salts comes from one seeded PRNG, so two seeds with the
 * same `now` give the same ids, slugs, catalog, stock and history.
 */

export { Random } from './seed/random.ts';
export { MAX_SCALE_PRODUCTS, seedScaleProducts } from './seed/scale.server.ts';
export { DemoSeedError, type SeedCounts } from './seed/util.server.ts';

export interface SeedOptions {
  log?: (line: string) => void;
  /** Histories (purchases, quotes) are placed relative to this moment; defaults to now. */
  now?: Date;
  /** Where the `<category>.json` plant files are; defaults to supabase/seed/plants. */
  plantsDir?: string;
  /** Where the other data files are (reference.json, accounts.json…); defaults to supabase/seed. */
  dataDir?: string;
}

export const DEMO_ACCOUNTS = {
  admin: { email: 'admin@example.com', password: 'Admin-pass-2026' },
  customer: { email: 'customer@example.com', password: 'Customer-pass-2026' },
  trade: { email: 'trade@example.com', password: 'Trade-pass-2026' },
} as const;

/**
 * Fills an empty, migrated database with the demo store. Refuses a database that already has
 * categories. Everything after the password hashes runs in one transaction.
 */
export async function seedDemoData(handle: DatabaseHandle, options: SeedOptions = {}): Promise<SeedCounts> {
  const log = options.log ?? (() => {});
  const now = options.now ?? new Date();
  const started = performance.now();

  await requireEmptyCatalog(handle.db);
  const data = await loadDemoData(options.dataDir);
  const plantFiles = await loadPlantFiles(options.plantsDir);
  if (plantFiles.length === 0) {
    throw new DemoSeedError(
      `No plant files in ${options.plantsDir ?? PLANTS_DIR}: the demo catalog needs at least one.`,
    );
  }
  const plantCount = plantFiles.reduce((sum, file) => sum + file.plants.length, 0);
  log(`Loaded ${plantCount} plants from ${plantFiles.length} of ${data.categories.categories.length} category files`);

  // scrypt is deliberately slow, so the hashes are made once, before the transaction.
  const passwordHashes = {
    admin: await hashPassword(DEMO_ACCOUNTS.admin.password),
    customer: await hashPassword(DEMO_ACCOUNTS.customer.password),
    trade: await hashPassword(DEMO_ACCOUNTS.trade.password),
    superAdmin: await hashPassword(SUPER_ADMIN.password),
    // The history customers share one hash of a password nobody knows.
    nobody: await hashPassword(randomBytes(32).toString('base64url')),
  };
  log(`Hashed passwords in ${seconds(started)} s`);

  const counts: SeedCounts = {};
  const random = new Random(STORE_PRNG_SEED);
  await handle.db.transaction().execute(async (trx) => {
    await requireEmptyCatalog(trx);
    const step = performance.now();
    const yards = await seedReferenceData(trx, data.reference, counts);
    const categoryIds = await seedCategories(trx, data.categories, data.reference.app_settings, plantFiles, counts);
    const variants = await seedCatalog(trx, random, data.categories, plantFiles, categoryIds, yards, counts);
    log(`Catalog: ${counts.products} products, ${counts.variants} variants in ${seconds(step)} s`);
    const accounts = await seedInHouseAccounts(
      trx,
      random,
      now,
      data.accounts.in_house_accounts,
      variants,
      yards,
      counts,
    );
    const users = await seedUsers(
      trx,
      random,
      now,
      data.accounts,
      DEMO_ACCOUNTS,
      passwordHashes,
      accounts,
      yards,
      counts,
    );
    await seedWishlists(trx, random, data.activity.wishlists, DEMO_ACCOUNTS, users, variants, counts);
    await seedQuoteRequests(
      trx,
      random,
      now,
      { activity: data.activity, accounts: data.accounts, demo: DEMO_ACCOUNTS },
      users,
      variants,
      yards,
      counts,
    );
    // The admin quote desk's year of history, from a generator of its own: all of the above stays as it was.
    await seedQuoteDesk(trx, {
      now,
      data: data.quoteDesk,
      hashes: { superAdmin: passwordHashes.superAdmin, nobody: passwordHashes.nobody },
      counts,
    });
    await seedRedirects(trx, data.reference, counts);
  });
  log(`Seeded demo data in ${seconds(started)} s`);
  return counts;
}

async function requireEmptyCatalog(db: Db): Promise<void> {
  const existing = await db.selectFrom('categories').select('id').limit(1).executeTakeFirst();
  if (existing) {
    throw new DemoSeedError('The database already has categories: demo data is only seeded into an empty database.');
  }
}
