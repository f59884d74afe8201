import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from './tests/support/chromium.ts';
import { startBuiltServer, stopServer } from './bench/server-process.ts';

const port = 4611;
const base = `http://127.0.0.1:${port}`;
const dataDir = await mkdtemp(join(tmpdir(), 'shots-'));
const server = await startBuiltServer({ port, env: { DATA_DIR: dataDir } });
const browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS });
try {
  const context = await browser.newContext({ baseURL: base, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const r = await context.request.post('/api/auth/sign-in', { headers: { origin: base }, data: { email: 'admin@example.com', password: 'Admin-pass-2026' } });
  console.log('sign-in', r.status());
  for (const [name, path] of [['dash', '/fr/admin'], ['products', '/fr/admin/products'], ['product', '/fr/admin/products/erable-a-sucre'], ['desk', '/fr/admin/quote-requests'], ['deskone', '/fr/admin/quote-requests/36']]) {
    const res = await page.goto(path);
    await page.waitForTimeout(2000);
    console.log(name, res?.status(), page.url());
    await page.screenshot({ path: `/tmp/shots/a-${name}.png`, fullPage: true });
  }
} finally {
  await browser.close();
  await stopServer(server);
}
