import { existsSync } from 'node:fs';

/**
 * The Chromium the browser suites drive: CHROMIUM_PATH, Debian's /usr/bin/chromium, or
 * Playwright's own download when a developer has one. Undefined when there is none.
 */
export function findChromium(): string | undefined {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  for (const path of candidates) if (path && existsSync(path)) return path;
  return undefined;
}

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
