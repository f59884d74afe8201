// Replaced at build by the build-manifest integration (Vite `define`); absent in `astro dev`
// and in tests, where the page says "dev" and never polls.
declare const __NURSERY_BUILD_ID__: string | undefined;

/** The id of the build this code and these pages came from. */
export const BUILD_ID: string = typeof __NURSERY_BUILD_ID__ === 'string' ? __NURSERY_BUILD_ID__ : 'dev';

const SERVING_BUILD = Symbol.for('nursery.servingBuildId');

/**
 * The build the server is serving now. The Node server swaps in a newly published build
 * without a restart (docs/decisions/028-publishing.md); pages it renders on demand then
 * carry the new id, so open pages and the manifest agree.
 */
export function servingBuildId(): string {
  const override = (globalThis as Record<symbol, unknown>)[SERVING_BUILD];
  return typeof override === 'string' ? override : BUILD_ID;
}

export function setServingBuildId(id: string): void {
  (globalThis as Record<symbol, unknown>)[SERVING_BUILD] = id;
}
