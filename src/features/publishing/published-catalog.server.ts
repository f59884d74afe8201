import snapshot from 'virtual:nursery/published-catalog';

/**
 * The catalog snapshot this Vercel deployment was built from (isr.integration.ts); null
 * outside Vercel. Imported lazily by the publisher: its chunk holds the whole catalog.
 */
export const publishedCatalog = snapshot;
