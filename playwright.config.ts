import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, findTestChromium } from './tests/support/chromium.ts';

// The end-to-end suites run against the built server (`npm test` builds it first) on a
// data directory of their own, so they never touch a developer's .data.
const PORT = Number(process.env.E2E_PORT ?? 4329);
const DATA_DIR = process.env.E2E_DATA_DIR ?? '.data-e2e';
const executablePath = findTestChromium();

export default defineConfig({
  testDir: 'tests/e2e',
  // Three workers, a spec file each (decision 047): suites make their own accounts and data
  // (tests/support/accounts.ts, shopper.ts) and only read the demo accounts, so any of them run
  // side by side. Three on two cores, because the slow-3G suite (native-first.spec.ts) spends
  // most of its time waiting on the throttled network. E2E_WORKERS=1 runs them one by one.
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 3),
  retries: process.env.CI === 'true' ? 1 : 0,
  forbidOnly: true,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [['list'], ['json', { outputFile: 'reports/e2e.json' }]],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    // Recording a trace costs about a fifth of a test's CPU (screencast frames and DOM
    // snapshots at every action, thrown away when it passes; decision 047): in CI, where a
    // failed test runs again, only the second run records one.
    trace: process.env.CI === 'true' ? 'on-first-retry' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: { args: CHROMIUM_ARGS, ...(executablePath ? { executablePath } : {}) },
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], channel: undefined } },
    { name: 'phone', use: { ...devices['Pixel 7'], channel: undefined }, grep: /@phone/ },
  ],
  webServer: {
    command: 'node scripts/start.ts --no-build',
    url: `http://127.0.0.1:${PORT}/api/app_settings`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR,
      APP_ENV: 'test',
      PUBLIC_SITE_URL: `http://127.0.0.1:${PORT}`,
      // The suite signs up every account it needs from one address, more than a shop's hour allows.
      TEST_SIGN_UPS_PER_HOUR: '1000',
    },
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
