import { existsSync } from 'node:fs';

/**
 * The Chromium a script drives: CHROMIUM_PATH, else Debian's /usr/bin/chromium, or Playwright's
 * own download when a developer has one (undefined then). The benches that weigh pages and
 * run Lighthouse use this one: the browser a shopper has.
 */
export function findChromium(): string | undefined {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  for (const path of candidates) if (path && existsSync(path)) return path;
  return undefined;
}

/**
 * The browser the end-to-end suites drive: CHROMIUM_PATH, else Debian's
 * `chromium-headless-shell` (the same engine, release and Blink as `chromium`, built without
 * the desktop browser around it: what Playwright itself runs for headless tests), else
 * `findChromium()`. The shell costs about half the CPU of the full browser in new headless
 * mode on the same suite (decision 047, item 9), and the suite is CPU-bound.
 */
export function findTestChromium(): string | undefined {
  if (process.env.CHROMIUM_PATH) return findChromium();
  const shell = '/usr/bin/chromium-headless-shell';
  return existsSync(shell) ? shell : findChromium();
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
