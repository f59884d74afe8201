import { AsyncLocalStorage } from 'node:async_hooks';
import { readCatalogSnapshot } from './catalog.server.ts';
import { type CatalogIndex, indexSnapshot } from './catalog-index.ts';

interface RequestCatalog {
  read: () => Promise<CatalogIndex>;
  catalog?: Promise<CatalogIndex>;
}

/** The catalog as the database holds it now, indexed as the build's is. */
async function readFromDatabase(): Promise<CatalogIndex> {
  const { getDb } = await import('../../lib/db/index.server.ts');
  return indexSnapshot(await readCatalogSnapshot(await getDb()));
}

const STORE = Symbol.for('nursery.onDemandCatalog');
// One store for the middleware's and the pages' module graphs, as the other catalog overrides.
const shared = globalThis as Record<symbol, AsyncLocalStorage<RequestCatalog> | undefined>;
shared[STORE] ??= new AsyncLocalStorage<RequestCatalog>();
const store = shared[STORE] as AsyncLocalStorage<RequestCatalog>;

/**
 * Renders a catalogue page on demand (on Vercel, cached by ISR; docs/decisions/050) with the
 * catalog as the database holds it now: `getCatalog()` inside `render` answers the index of a
 * snapshot read once for this request, the same shape the build's collections give.
 */
export function withCatalogFromDatabase<T>(render: () => T, read = readFromDatabase): T {
  return store.run({ read }, render);
}

/** The request's catalog while a page is rendered by `withCatalogFromDatabase`; else undefined. */
export function onDemandCatalog(): Promise<CatalogIndex> | undefined {
  const request = store.getStore();
  if (!request) return undefined;
  request.catalog ??= request.read();
  return request.catalog;
}
