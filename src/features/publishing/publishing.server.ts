import type { Kysely } from 'kysely';
import type { Database } from '../../lib/db/schema.ts';
import { env } from '../../lib/env.ts';
import { log } from '../../lib/log.ts';
import type { CatalogSnapshot } from '../catalog/catalog.ts';
import { ABANDONED_BUILD, type PublishStatus, type SiteBuild } from './publishing.ts';

export { ABANDONED_BUILD };

import { vercelPublisher } from './vercel-publisher.server.ts';

export interface PublishRequest {
  db: Kysely<Database>;
  userId: string | null;
  /** A full build whatever changed ("Publish now"); otherwise an edit publishes only what it touched where it can. */
  full?: boolean;
  /** The nightly consistency pass (nightly.server.ts): a full build, recorded as `nightly`. */
  nightly?: boolean;
}

/** Publishes the catalog as it is in the database now; resolves with the site_builds row. */
export interface Publisher {
  readonly mode: 'local' | 'vercel' | 'vercel-isr';
  request(request: PublishRequest): Promise<number>;
  /** The site_builds rows this publisher is building or has queued (local builds only). */
  activeRows?(): readonly number[];
}

const REGISTRY = Symbol.for('nursery.publisher');

/**
 * The Node server (scripts/start.ts) registers its publisher here: the server and the
 * bundled endpoints are different module graphs, and share it through globalThis.
 */
export function registerPublisher(publisher: Publisher | null): void {
  (globalThis as Record<symbol, unknown>)[REGISTRY] = publisher ?? undefined;
}

/** The local publisher when the Node server runs; revalidation or a deploy hook on Vercel; else none. */
export function getPublisher(): Publisher | null {
  const registered = (globalThis as Record<symbol, unknown>)[REGISTRY] as Publisher | undefined;
  if (registered) return registered;
  const { VERCEL_DEPLOY_HOOK_URL: hook, VERCEL_ISR_BYPASS_TOKEN: bypassToken, PUBLIC_SITE_URL: siteUrl } = env();
  // With the bypass token (a Vercel build with ISR), an edit revalidates the pages it touched.
  if (bypassToken) return vercelPublisher({ hook, bypassToken, siteUrl, baseline: publishedCatalog });
  return hook ? deployHookPublisher(hook) : null;
}

/** Vercel without a bypass token: each publish calls the deploy hook (vercel-publisher.server.ts). */
export function deployHookPublisher(url: string, fetcher: typeof fetch = fetch): Publisher {
  return vercelPublisher({ hook: url, fetcher });
}

/** The snapshot this Vercel deployment was built from, bundled by isr.integration.ts. */
async function publishedCatalog(): Promise<CatalogSnapshot | null> {
  return (await import('./published-catalog.server.ts')).publishedCatalog;
}

/** Asks for a publish after an admin change; a failure to ask never fails the change itself. */
export async function publishAfterChange(db: Kysely<Database>, userId: string): Promise<void> {
  const publisher = getPublisher();
  if (!publisher) return;
  try {
    await publisher.request({ db, userId });
  } catch (error) {
    log('error', 'publish_request_failed', { error });
  }
}

export async function publishStatus(db: Kysely<Database>): Promise<PublishStatus> {
  const publisher = getPublisher();
  if (publisher?.activeRows) {
    // Rows left running or queued by an earlier server process will never finish.
    const active = publisher.activeRows();
    let abandoned = db
      .updateTable('site_builds')
      .set({ state: 'failed', finished_at: new Date(), error: ABANDONED_BUILD })
      .where('target', '=', 'local')
      .where('state', 'in', ['running', 'queued']);
    if (active.length > 0) abandoned = abandoned.where('id', 'not in', [...active]);
    await abandoned.execute();
  }
  const rows = await db.selectFrom('site_builds').selectAll().orderBy('id', 'desc').limit(3).execute();
  return {
    mode: publisher?.mode ?? 'none',
    builds: rows.map(
      (row): SiteBuild => ({
        id: row.id,
        target: row.target,
        state: row.state,
        requestedAt: row.requested_at.toISOString(),
        startedAt: row.started_at?.toISOString() ?? null,
        finishedAt: row.finished_at?.toISOString() ?? null,
        durationMs: row.started_at && row.finished_at ? row.finished_at.getTime() - row.started_at.getTime() : null,
        buildId: row.build_id,
        products: row.products,
        error: row.error,
        kind: row.kind,
        pages: row.pages,
      }),
    ),
  };
}
