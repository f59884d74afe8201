import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { catalogSnapshotPath } from '../features/catalog/catalog.server.ts';
import { DatabaseLockedError, openDatabase } from '../lib/db/connect.server.ts';
import { parseEnv } from '../lib/env.ts';
import { prepareDatabase } from './prepare.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'nursery-prepare-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('prepareDatabase on the embedded database', () => {
  // The whole demo seed on PGlite, with four scrypt hashes: slow on a loaded machine.
  it('seeds a new data directory once, and a second start keeps what was there', { timeout: 120_000 }, async () => {
    const config = parseEnv({ DATA_DIR: dataDir, APP_ENV: 'test' });
    const lines: string[] = [];
    await prepareDatabase(config, (line) => lines.push(line));
    expect(lines.join('\n')).toMatch(/seeding the demo data/);
    const snapshot = JSON.parse(readFileSync(catalogSnapshotPath(dataDir), 'utf8'));
    expect(snapshot.products.length).toBeGreaterThanOrEqual(300);

    // Something a customer did between the two starts.
    const first = await openDatabase({ engine: 'pglite', dataDir });
    await first.db
      .updateTable('users')
      .set({ first_name: 'Émilie' })
      .where('email', '=', 'customer@example.com')
      .execute();
    await first.close();

    const again: string[] = [];
    await prepareDatabase(config, (line) => again.push(line));
    expect(again.join('\n')).not.toMatch(/seeding/);
    const second = await openDatabase({ engine: 'pglite', dataDir });
    const user = await second.db
      .selectFrom('users')
      .select('first_name')
      .where('email', '=', 'customer@example.com')
      .executeTakeFirstOrThrow();
    expect(user.first_name).toBe('Émilie');
    await second.close();
  });

  it('opens the embedded database in one process only', async () => {
    const holder = await openDatabase({ engine: 'pglite', dataDir });
    try {
      // Another process trying the same directory is refused, naming the holder.
      const script = `
        const { openDatabase } = await import(${JSON.stringify(join(import.meta.dirname, '../lib/db/connect.server.ts'))});
        try { await openDatabase({ engine: 'pglite', dataDir: ${JSON.stringify(dataDir)} }); console.log('opened'); }
        catch (error) { console.log(error.name + ': ' + error.message); }`;
      const child = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
      expect(child.stdout).toContain('DatabaseLockedError');
      expect(child.stdout).toContain(String(process.pid));
    } finally {
      await holder.close();
    }
    expect(existsSync(join(dataDir, 'db.lock'))).toBe(false);
    expect(DatabaseLockedError.name).toBe('DatabaseLockedError');
  });

  it('never seeds demo data in production', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'nursery-prod-'));
    try {
      const lines: string[] = [];
      await prepareDatabase(parseEnv({ DATA_DIR: empty, APP_ENV: 'production' }), (line) => lines.push(line));
      const handle = await openDatabase({ engine: 'pglite', dataDir: empty });
      const users = await handle.db.selectFrom('users').select('id').execute();
      const pages = await handle.db.selectFrom('content_pages').select('key').execute();
      const types = await handle.db.selectFrom('customer_types').select('code').orderBy('id').execute();
      await handle.close();
      expect(users).toEqual([]);
      expect(pages.length).toBe(7);
      // Reference data comes from a migration, so a production sign-up has its customer type.
      expect(types.map((type) => type.code)).toEqual(['list', 'landscape_professional']);
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });
});

describe('npm start with a bad setting', () => {
  it('stops with one line naming the variable', () => {
    const child = spawnSync(process.execPath, [join(import.meta.dirname, '../../scripts/start.ts')], {
      encoding: 'utf8',
      env: { ...process.env, DATABASE_URL: 'postgres//oops', DATA_DIR: dataDir },
    });
    expect(child.status).toBe(1);
    expect(child.stderr.trim()).toBe(
      'Invalid environment variable DATABASE_URL: must be a postgres:// or postgresql:// URL with a host',
    );
  });
});
