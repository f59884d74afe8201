// Replaced at build by the build-manifest integration (Vite `define`); absent in `astro dev`
// and in tests, where the page says "dev" and never polls.
declare const __NURSERY_BUILD_ID__: string | undefined;

/** The id of the build this code and these pages came from. */
export const BUILD_ID: string = typeof __NURSERY_BUILD_ID__ === 'string' ? __NURSERY_BUILD_ID__ : 'dev';
