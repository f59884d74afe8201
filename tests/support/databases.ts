import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { Socket } from 'node:net';
import { join } from 'node:path';
import pg from 'pg';
import { type DatabaseHandle, openDatabase } from '../../src/lib/db/connect.server.ts';
import { listMigrations, migrate } from '../../src/lib/db/migrate.server.ts';

/**
 * The engines every database suite runs on: the embedded PGlite always, and the PostgreSQL
 * server when one answers (TEST_DATABASE_URL, else 127.0.0.1:5432). Each suite gets a new
 * migrated database of its own, a copy of one template (below), and drops it afterwards.
 */
export const POSTGRES_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export type EngineName = 'pglite' | 'postgres';

export async function postgresReachable(url = POSTGRES_URL): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = new Socket();
    socket.setTimeout(1500);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(false));
    socket.connect(Number(port || 5432), hostname);
  });
}

export const postgresAvailable = await postgresReachable();
if (!postgresAvailable) {
  const message = `PostgreSQL suites cannot run: no server answers at ${new URL(POSTGRES_URL).host} (set TEST_DATABASE_URL).`;
  if (process.env.CI === 'true') throw new Error(message);
  console.warn(message);
}

export const ENGINES: EngineName[] = postgresAvailable ? ['pglite', 'postgres'] : ['pglite'];

export interface TestDatabase {
  handle: DatabaseHandle;
  drop(): Promise<void>;
}

/** A new migrated database on the engine (a copy of the template); `drop` closes and removes it. */
export async function createTestDatabase(engine: EngineName): Promise<TestDatabase> {
  if (engine === 'pglite') {
    const handle = await openDatabase({ engine: 'pglite', memory: true, image: await pgliteTemplate() });
    return { handle, drop: () => handle.close() };
  }
  const template = await postgresTemplate();
  const name = `nursery_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  await withAdmin((admin) => admin.query(`create database ${name} template ${template}`));
  const handle = await openDatabase({ engine: 'postgres', url: databaseUrl(name), maxConnections: 4 });
  return {
    handle,
    async drop() {
      await handle.close();
      await withAdmin(async (admin) => {
        await waitForNoConnections(admin, name);
        await admin.query(`drop database if exists ${name} with (force)`);
      });
    },
  };
}

/*
 * Migrate once, then copy. Making a database from nothing was most of a database suite's
 * setup: PGlite's initdb alone costs seconds of CPU (it is WebAssembly), then come the
 * migrations. So the migrated database is made once per migration set, and each suite gets
 * a copy of it:
 * - PGlite: the migrated data directory, kept as a tarball in node_modules/.cache and opened
 *   with `loadDataDir` (no initdb, no migrations);
 * - PostgreSQL: `create database … template nursery_template_<key>`.
 * The key is a digest of the migration files and of the PGlite version, so a changed or new
 * migration makes a new template. Several vitest workers, and several runs, may start at
 * once: the tarball is written under a temporary name and renamed into place; the PostgreSQL
 * template is made under an advisory lock, under a temporary name renamed only when it is
 * complete, so a run killed half-way leaves no half template behind.
 */
const root = join(import.meta.dirname, '../..');
const CACHE_DIR = join(root, 'node_modules/.cache/nursery-test-databases');
/** Any constant shared by every run: the advisory lock that serialises making templates. */
const TEMPLATE_LOCK = 4_721_047;
/** Templates of other migration sets unused for this long are dropped when a new one is made. */
const TEMPLATE_KEEP_DAYS = 7;

let templateKeyPromise: Promise<string> | undefined;
function templateKey(): Promise<string> {
  templateKeyPromise ??= (async () => {
    const digest = createHash('sha256');
    const pglite = JSON.parse(await readFile(join(root, 'node_modules/@electric-sql/pglite/package.json'), 'utf8'));
    digest.update(`pglite ${pglite.version}\n`);
    for (const migration of await listMigrations()) {
      digest.update(`${migration.version}_${migration.name}\n`);
      digest.update(await readFile(migration.path));
    }
    return digest.digest('hex').slice(0, 16);
  })();
  return templateKeyPromise;
}

let pgliteTemplatePromise: Promise<Blob> | undefined;
function pgliteTemplate(): Promise<Blob> {
  pgliteTemplatePromise ??= (async () => {
    const path = join(CACHE_DIR, `pglite-${await templateKey()}.tar`);
    try {
      return new Blob([await readFile(path)]);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
    const handle = await openDatabase({ engine: 'pglite', memory: true });
    let image: Blob;
    try {
      await migrate(handle);
      if (!handle.dumpDataDir) throw new Error('The PGlite handle cannot dump its data directory');
      image = await handle.dumpDataDir();
    } finally {
      await handle.close();
    }
    mkdirSync(CACHE_DIR, { recursive: true });
    for (const old of readdirSync(CACHE_DIR)) {
      if (old.startsWith('pglite-') && old.endsWith('.tar')) rmSync(join(CACHE_DIR, old), { force: true });
    }
    const temporary = `${path}.${process.pid}.${Math.random().toString(36).slice(2)}`;
    await writeFile(temporary, Buffer.from(await image.arrayBuffer()));
    renameSync(temporary, path);
    return image;
  })();
  return pgliteTemplatePromise;
}

let postgresTemplatePromise: Promise<string> | undefined;
function postgresTemplate(): Promise<string> {
  postgresTemplatePromise ??= (async () => {
    const name = `nursery_template_${await templateKey()}`;
    await withAdmin(async (admin) => {
      if (await databaseExists(admin, name)) return;
      await admin.query('select pg_advisory_lock($1)', [TEMPLATE_LOCK]);
      try {
        if (await databaseExists(admin, name)) return;
        const building = `${name}_building`;
        await admin.query(`drop database if exists ${building} with (force)`);
        await admin.query(`create database ${building}`);
        const handle = await openDatabase({ engine: 'postgres', url: databaseUrl(building), maxConnections: 1 });
        try {
          await migrate(handle);
        } finally {
          await handle.close();
        }
        await waitForNoConnections(admin, building);
        await admin.query(`alter database ${building} rename to ${name}`);
        // A template nobody connects to: a connection to it would make every copy fail.
        await admin.query(`alter database ${name} with is_template true allow_connections false`);
        await admin.query(`comment on database ${name} is '${new Date().toISOString()}'`);
        await dropOldTemplates(admin, name);
      } finally {
        await admin.query('select pg_advisory_unlock($1)', [TEMPLATE_LOCK]);
      }
    });
    return name;
  })();
  return postgresTemplatePromise;
}

/** Templates of other migration sets, made more than TEMPLATE_KEEP_DAYS ago (their comment is the time made). */
async function dropOldTemplates(admin: pg.Client, keep: string): Promise<void> {
  const { rows } = await admin.query<{ datname: string }>(
    `select datname from pg_database
      where datname like 'nursery\\_template\\_%' and datname <> $1
        and coalesce(shobj_description(oid, 'pg_database'), '') ~ '^\\d{4}-\\d\\d-\\d\\dT'
        and shobj_description(oid, 'pg_database')::timestamptz < now() - make_interval(days => $2)`,
    [keep, TEMPLATE_KEEP_DAYS],
  );
  for (const { datname } of rows) {
    await admin.query(`alter database ${datname} with is_template false`);
    await admin.query(`drop database if exists ${datname}`);
  }
}

async function withAdmin<T>(work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

async function databaseExists(admin: pg.Client, name: string): Promise<boolean> {
  const { rows } = await admin.query('select 1 from pg_database where datname = $1', [name]);
  return rows.length > 0;
}

function databaseUrl(name: string): string {
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  return url.href;
}

// pg's pool reports itself ended before its sockets have closed; forcing a drop (or a rename)
// while one is still closing makes that client emit an error nobody listens to.
async function waitForNoConnections(admin: pg.Client, name: string): Promise<void> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const open = await admin.query('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
    if (open.rows[0]?.n === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
