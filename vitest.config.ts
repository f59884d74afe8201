import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'tests/integration/**/*.test.ts', 'scripts/**/*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // The database suites are heavy (PGlite is WebAssembly); two workers on two cores.
    maxWorkers: 2,
    reporters: ['default'],
  },
});
