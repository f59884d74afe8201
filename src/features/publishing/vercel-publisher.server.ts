import type { Kysely } from 'kysely';
import type { Database, SiteBuildKind, SiteBuildState } from '../../lib/db/schema.ts';
import { log } from '../../lib/log.ts';
import { readCatalogSnapshot } from '../catalog/catalog.server.ts';
import type { CatalogSnapshot } from '../catalog/catalog.ts';
import { planPublish } from './incremental.ts';
import type { Publisher } from './publishing.server.ts';

/** The header Vercel's on-demand ISR revalidates a path with (its value: the bypass token). */
export const REVALIDATE_HEADER = 'x-prerender-revalidate';
/** Paths revalidated at once: each is one render of a function. */
const REVALIDATE_CONCURRENCY = 4;

export interface VercelPublisherOptions {
  /** The deploy hook: a new deployment for structural changes (decision 028). */
  hook?: string;
  /** VERCEL_ISR_BYPASS_TOKEN: without it every change calls the deploy hook. */
  bypassToken?: string;
  /** The site's address (PUBLIC_SITE_URL): the production deployment whose cache is revalidated. */
  siteUrl?: string;
  /** The catalog snapshot the deployment was built from (the build's virtual module). */
  baseline?: () => Promise<CatalogSnapshot | null>;
  fetcher?: typeof fetch;
}

/**
 * Vercel: an edit that `planPublish` can publish page by page revalidates those paths (a GET
 * with `x-prerender-revalidate: <bypassToken>`, Vercel's documented on-demand ISR): the ISR
 * function renders each again from the database and caches it. Anything structural, "Publish
 * now", and a revalidation that fails call the deploy hook. The edit is compared with the
 * deployment's own snapshot, so every product edited since the deployment is revalidated
 * again (a missed revalidation heals at the next edit) until a change is too large and a
 * new deployment starts afresh. docs/decisions/050-incremental-publish.md.
 */
export function vercelPublisher(options: VercelPublisherOptions): Publisher {
  const fetcher = options.fetcher ?? fetch;
  return {
    mode: options.bypassToken ? 'vercel-isr' : 'vercel',
    async request({ db, userId, full }) {
      const startedAt = new Date();
      let revalidationError: string | null = null;
      const { bypassToken, siteUrl, baseline } = options;
      if (!full && bypassToken && siteUrl && baseline) {
        try {
          const before = await baseline();
          const plan = before ? planPublish(before, await readCatalogSnapshot(db)) : null;
          if (plan?.kind === 'incremental') {
            await revalidatePaths({ siteUrl, bypassToken, paths: plan.paths, fetcher });
            return await record(db, userId, startedAt, {
              state: 'succeeded',
              kind: 'incremental',
              pages: plan.paths.length,
            });
          }
        } catch (error) {
          // Nothing is lost: the deployment below renders every page from the database.
          revalidationError = `Revalidation failed (${messageOf(error)}).`;
          log('error', 'revalidation_failed', { error });
        }
      }
      if (!options.hook) {
        return record(db, userId, startedAt, {
          state: 'failed',
          kind: 'full',
          error: `${revalidationError ?? 'This change needs a new deployment.'} VERCEL_DEPLOY_HOOK_URL is not set.`,
        });
      }
      const error = await callDeployHook(options.hook, fetcher);
      const reason = [revalidationError, error].filter(Boolean).join(' ') || null;
      return record(db, userId, startedAt, { state: error ? 'failed' : 'requested', kind: 'full', error: reason });
    },
  };
}

/** Revalidates each path on the site; rejects with the first path that did not answer 2xx. */
export async function revalidatePaths(input: {
  siteUrl: string;
  bypassToken: string;
  paths: readonly string[];
  fetcher?: typeof fetch;
}): Promise<void> {
  const fetcher = input.fetcher ?? fetch;
  const queue = [...input.paths];
  const worker = async () => {
    for (let path = queue.shift(); path !== undefined; path = queue.shift()) {
      const response = await fetcher(new URL(path, input.siteUrl), {
        method: 'GET',
        headers: { [REVALIDATE_HEADER]: input.bypassToken },
        redirect: 'manual',
        signal: AbortSignal.timeout(30_000),
      });
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`${path} answered ${response.status} ${response.statusText}`.trim());
    }
  };
  await Promise.all(Array.from({ length: Math.min(REVALIDATE_CONCURRENCY, queue.length) }, worker));
}

/** Calls the deploy hook (a POST, no body); the error to record, or null. */
async function callDeployHook(url: string, fetcher: typeof fetch): Promise<string | null> {
  let error: string | null = null;
  try {
    const response = await fetcher(url, { method: 'POST', signal: AbortSignal.timeout(10_000) });
    if (!response.ok) error = `The deploy hook answered ${response.status} ${response.statusText}`;
  } catch (cause) {
    error = `The deploy hook could not be reached: ${messageOf(cause)}`;
  }
  if (error) log('error', 'deploy_hook_failed', { error });
  return error;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

async function record(
  db: Kysely<Database>,
  userId: string | null,
  startedAt: Date,
  outcome: { state: SiteBuildState; kind: SiteBuildKind; pages?: number; error?: string | null },
): Promise<number> {
  const row = await db
    .insertInto('site_builds')
    .values({
      target: 'vercel',
      state: outcome.state,
      requested_by: userId,
      requested_at: startedAt,
      started_at: startedAt,
      finished_at: new Date(),
      kind: outcome.kind,
      pages: outcome.pages ?? null,
      error: outcome.error ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
