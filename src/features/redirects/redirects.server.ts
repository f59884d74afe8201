import { readFile } from 'node:fs/promises';
import type { Kysely } from 'kysely';
import type { Database } from '../../lib/db/schema.ts';
import { type RedirectMap, RedirectMapFileSchema, type RedirectRule, redirectMap } from './redirects.ts';

const REFRESH_MS = 30_000;
let cache: { at: number; map: Promise<RedirectMap> } | undefined;

/**
 * The redirect rules as the database has them, read at most every 30 seconds: a request
 * costs a map lookup, and an admin's change is live within half a minute.
 */
export function currentRedirects(now = Date.now()): Promise<RedirectMap> {
  if (!cache || now - cache.at > REFRESH_MS) {
    const map = import('../../lib/db/index.server.ts').then(async ({ getDb }) =>
      redirectMap(await loadRedirects(await getDb())),
    );
    cache = { at: now, map };
    map.catch(() => {
      // Not cached: the next request tries again (this one gets the error).
      if (cache?.map === map) cache = undefined;
    });
  }
  return cache.map;
}

export async function loadRedirects(db: Kysely<Database>): Promise<RedirectRule[]> {
  const rows = await db
    .selectFrom('redirects')
    .select(['from_path', 'to_location', 'status'])
    .orderBy('from_path')
    .execute();
  return rows.map((row) => ({
    fromPath: row.from_path,
    toLocation: row.to_location,
    status: row.status as RedirectRule['status'],
  }));
}

/** The map the build wrote (dist/redirects.json); none yet means no static redirects. */
export async function readRedirectMapFile(path: string): Promise<RedirectMap> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return new Map();
    throw error;
  }
  return redirectMap(RedirectMapFileSchema.parse(JSON.parse(text)).redirects);
}
