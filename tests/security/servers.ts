import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { POSTGRES_URL, postgresReachable } from '../support/databases.ts';

/**
 * Starts the built server (dist/, from `node scripts/build.ts`) once per engine, each on a
 * database of its own: PGlite in a temporary data directory, and PostgreSQL on a new
 * database when a server answers. The probes reach them through `inject('servers')`.
 *
 * `npm test` passes E2E_DATA_DIR, the data directory its build has just migrated and seeded:
 * the PGlite server starts from a copy of that database instead of making and seeding one
 * from nothing (decision 047). Without it, or while a process holds that database, the
 * server seeds its own as before.
 */
export interface ProbeServer {
  engine: 'pglite' | 'postgres';
  base: string;
  pid: number;
  dataDir: string;
  /** Where the server's memory watch (memory-watch.ts) writes its readings. */
  memoryWatchFile: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    servers: ProbeServer[];
  }
}

const root = join(import.meta.dirname, '../..');
const firstPort = Number(process.env.E2E_PORT ?? 4329) + 1000;

/** The seeded embedded database to start from, when there is one nobody holds. */
function seededDatabase(): string | undefined {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) return undefined;
  const db = join(dataDir, 'db');
  return existsSync(join(db, 'PG_VERSION')) && !existsSync(join(dataDir, 'db.lock')) ? db : undefined;
}

async function start(engine: ProbeServer['engine'], port: number, databaseUrl?: string) {
  const dataDir = mkdtempSync(join(tmpdir(), `nursery-security-${engine}-`));
  const seeded = engine === 'pglite' ? seededDatabase() : undefined;
  if (seeded) cpSync(seeded, join(dataDir, 'db'), { recursive: true });
  const base = `http://127.0.0.1:${port}`;
  const memoryWatchFile = join(dataDir, 'memory-watch.json');
  // --expose-gc and memory-watch.ts: what bodies.test.ts reads of the server's memory.
  const watch = pathToFileURL(join(root, 'tests/security/memory-watch.ts')).href;
  const child = spawn(process.execPath, ['--expose-gc', '--import', watch, 'scripts/start.ts', '--no-build'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      APP_ENV: 'test',
      PUBLIC_SITE_URL: base,
      MEMORY_WATCH_FILE: memoryWatchFile,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${engine} server did not start:\n${output.join('')}`)), 150_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('Ready in')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${engine} server exited (${code}):\n${output.join('')}`));
    });
  });
  return { server: { engine, base, pid: child.pid ?? 0, dataDir, memoryWatchFile }, child };
}

export default async function setup(project: TestProject) {
  const children: ChildProcess[] = [];
  const servers: ProbeServer[] = [];
  const cleanups: (() => Promise<void>)[] = [];
  const pglite = await start('pglite', firstPort);
  children.push(pglite.child);
  servers.push(pglite.server);
  cleanups.push(async () => rmSync(pglite.server.dataDir, { recursive: true, force: true }));
  if (await postgresReachable()) {
    const name = `nursery_security_${process.pid}`;
    const admin = new pg.Client({ connectionString: POSTGRES_URL });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(POSTGRES_URL);
    url.pathname = `/${name}`;
    const postgres = await start('postgres', firstPort + 1, url.href);
    children.push(postgres.child);
    servers.push(postgres.server);
    cleanups.push(async () => {
      rmSync(postgres.server.dataDir, { recursive: true, force: true });
      const client = new pg.Client({ connectionString: POSTGRES_URL });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    });
  } else if (process.env.CI === 'true') {
    throw new Error(`The security probes need PostgreSQL at ${new URL(POSTGRES_URL).host}`);
  }
  project.provide('servers', servers);
  return async () => {
    await Promise.all(
      children.map(
        (child) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null) return resolve();
            child.once('exit', () => resolve());
            child.kill('SIGTERM');
          }),
      ),
    );
    for (const cleanup of cleanups) await cleanup();
  };
}
