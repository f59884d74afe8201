import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'tests/integration/**/*.test.ts', 'scripts/**/*.test.ts'],
    environment: 'node',
    // What the end-to-end servers run with too; among other things, passwords are hashed at
    // the test cost (src/features/accounts/password.server.ts), production's is tested there.
    env: { APP_ENV: 'test' },
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // The database suites are heavy (PGlite is WebAssembly); two workers on two cores.
    maxWorkers: 2,
    reporters: ['default'],
  },
});
