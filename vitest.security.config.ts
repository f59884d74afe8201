import { defineConfig } from 'vitest/config';

/**
 * The security probes (tests/security): each attack tried against the built server, on
 * PGlite and on PostgreSQL. `npm test` runs them after the build; alone:
 * `node scripts/build.ts && vitest run --config vitest.security.config.ts`.
 */
export default defineConfig({
  test: {
    include: ['tests/security/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['tests/security/servers.ts'],
    // Some probes hash a password a dozen times in a row, on a machine that may be busy.
    testTimeout: 120_000,
    hookTimeout: 180_000,
    // One worker: the probes share two servers and measure one of them.
    fileParallelism: false,
    maxWorkers: 1,
  },
});
