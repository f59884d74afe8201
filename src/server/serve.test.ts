import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageTranslations, pageTranslationsFromCatalog } from '../features/translations/page-translations.ts';
import { startServer } from './serve.ts';

const clientDir = mkdtempSync(join(tmpdir(), 'nursery-serve-'));
mkdirSync(join(clientDir, '_astro'));
mkdirSync(join(clientDir, 'fr'));
writeFileSync(join(clientDir, 'index.html'), '<h1>Home</h1>');
writeFileSync(join(clientDir, 'fr/index.html'), '<h1>Accueil</h1>');
writeFileSync(join(clientDir, '_astro/app.1234.js'), 'console.log(1)');
writeFileSync(join(clientDir, '_astro/app.1234.js.gz'), gzipSync('console.log(1)'));
writeFileSync(join(clientDir, '_astro/app.1234.js.br'), brotliCompressSync('console.log(1)'));
writeFileSync(join(clientDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
writeFileSync(join(clientDir, 'favicon.ico'), 'ico');
writeFileSync(join(clientDir, 'robots.txt'), 'User-agent: *');
writeFileSync(join(clientDir, 'sitemap.xml'), '<urlset/>');
writeFileSync(join(clientDir, 'site.webmanifest'), '{}');
writeFileSync(join(clientDir, '_astro/page.5678.css'), 'p{}');
writeFileSync(join(tmpdir(), 'secret.txt'), 'secret');
afterAll(() => rmSync(clientDir, { recursive: true, force: true }));

/** A GET whose body comes back as sent (fetch would decompress it). */
function rawBody(url: string, headers: Record<string, string>) {
  return new Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    httpRequest(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
      );
      response.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

/** A GET sent with its path exactly as written (fetch would normalise dot segments first). */
function rawGet(base: string, path: string, headers: Record<string, string>) {
  return new Promise<{ status: number; location: string }>((resolve, reject) => {
    const request = httpRequest(`${base}/`, { path, headers }, (response) => {
      response.resume();
      resolve({ status: response.statusCode ?? 0, location: String(response.headers.location ?? '') });
    });
    request.on('error', reject);
    request.end();
  });
}

async function serve(maintenance: boolean) {
  const seen: string[] = [];
  const server = await startServer({
    host: '127.0.0.1',
    port: 0,
    clientDir,
    maintenance,
    translations: pageTranslations(
      pageTranslationsFromCatalog({
        categories: [{ path_en: 'trees', path_fr: 'arbres' }],
        products: [],
        contentPages: [{ key: 'about', slug_en: 'about', slug_fr: 'a-propos' }],
      }),
    ),
    handler: (req, res) => {
      seen.push(req.url ?? '');
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end(`astro:${req.url}`);
    },
  });
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { server, base, seen };
}

describe('the Node server', () => {
  let running: Awaited<ReturnType<typeof serve>>;
  beforeAll(async () => {
    running = await serve(false);
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => (running.server as Server).close(() => resolve()));
  });

  it('serves built pages with revalidation and hashed assets for a year, precompressed', async () => {
    const home = await fetch(`${running.base}/`);
    expect(await home.text()).toBe('<h1>Home</h1>');
    expect(home.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
    expect(home.headers.get('x-content-type-options')).toBe('nosniff');
    const asset = await fetch(`${running.base}/_astro/app.1234.js`, { headers: { 'accept-encoding': 'gzip' } });
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(asset.headers.get('content-encoding')).toBe('gzip');
    expect(await asset.text()).toBe('console.log(1)');
  });

  it('hands everything else to Astro', async () => {
    const response = await fetch(`${running.base}/search?q=maple`);
    expect(await response.text()).toBe('astro:/search?q=maple');
  });

  it('hands every API path to Astro, even where a built file of that name exists', async () => {
    mkdirSync(join(clientDir, 'api/products/1/availability'), { recursive: true });
    writeFileSync(join(clientDir, 'api/products/1/availability/index.html'), '<p>stale</p>');
    writeFileSync(join(clientDir, 'api/cart.json'), '{"stale":true}');
    for (const path of ['/api/products/1/availability', '/api/cart.json']) {
      const response = await fetch(`${running.base}${path}`);
      expect(await response.text()).toBe(`astro:${path}`);
    }
  });

  it('never serves a file outside the build', async () => {
    const response = await fetch(`${running.base}/..%2F..%2Fsecret.txt`);
    expect(await response.text()).not.toBe('secret');
  });

  it('sends a visitor to the language of their locale cookie', async () => {
    const response = await fetch(`${running.base}/`, { headers: { cookie: 'locale=fr' }, redirect: 'manual' });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/fr');
  });

  it("sends a visitor to the page's translation, and a slug of the other language to the page", async () => {
    const translated = await rawGet(running.base, '/browse/trees?sort=price-asc', { cookie: 'locale=fr' });
    expect(translated).toEqual({ status: 302, location: '/fr/browse/arbres?sort=price-asc' });
    const back = await rawGet(running.base, '/fr/browse/arbres/', { cookie: 'a=1; locale=en' });
    expect(back).toEqual({ status: 302, location: '/browse/trees' });
    const wrongLanguage = await rawGet(running.base, '/fr/browse/trees', {});
    expect(wrongLanguage).toEqual({ status: 301, location: '/fr/browse/arbres' });
    const duplicate = await rawGet(running.base, '/fr/content/a-propos', {});
    expect(duplicate).toEqual({ status: 301, location: '/fr/about' });
  });

  // Paths that are no page of the store go to the home page of the cookie's language.
  for (const [path, expected] of [
    ['/fr//evil.example/', '/'],
    ['/fr/%2Fevil.example%2F', '/'],
    ['/fr/%5Cevil.example/', '/'],
    ['/fr/.//evil.example/?a=1', '/'],
    ['/fr/x/%2e%2e//evil.example/', '/'],
    ['//evil.example/', '/fr'],
    ['/%5Cevil.example/', '/fr'],
    ['/%2F%2Fevil.example/', '/fr'],
    ['/cart//evil.example/', '/fr/cart//evil.example'],
  ] as const) {
    it(`open redirect: the locale redirect of ${path} with locale=${path.startsWith('/fr') ? 'en' : 'fr'} stays on this site`, async () => {
      const cookie = path.startsWith('/fr') ? 'locale=en' : 'locale=fr';
      const response = await rawGet(running.base, path, { cookie });
      expect(response.status).toBe(302);
      const location = response.location;
      expect(location).toBe(expected);
      expect(new URL(location, running.base).origin).toBe(running.base);
    });
  }
});

describe('assets (files with an extension, through sirv)', () => {
  let running: Awaited<ReturnType<typeof serve>>;
  beforeAll(async () => {
    running = await serve(false);
  });
  afterAll(() => {
    running.server.close();
  });

  it('sends a hashed script precompressed with Brotli when accepted, cached for a year', async () => {
    const response = await rawBody(`${running.base}/_astro/app.1234.js`, { 'accept-encoding': 'gzip, deflate, br' });
    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(response.body).toString()).toBe('console.log(1)');
    expect(response.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers.vary).toBe('Accept-Encoding');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    const plain = await rawBody(`${running.base}/_astro/app.1234.js`, {});
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe('console.log(1)');
  });

  it('has every public file revalidated, with its validators', async () => {
    const response = await rawBody(`${running.base}/favicon.svg`, {});
    expect(response.status).toBe(200);
    expect(response.body.toString()).toBe('<svg xmlns="http://www.w3.org/2000/svg"/>');
    expect(response.headers['content-type']).toBe('image/svg+xml');
    expect(response.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    expect(response.headers['last-modified']).toBeTruthy();
    expect(response.headers.etag).toBeTruthy();
  });

  for (const [path, type] of [
    ['/_astro/page.5678.css', 'text/css; charset=utf-8'],
    ['/robots.txt', 'text/plain; charset=utf-8'],
    ['/sitemap.xml', 'application/xml; charset=utf-8'],
    ['/site.webmanifest', 'application/manifest+json'],
    ['/favicon.ico', 'image/x-icon'],
  ] as const) {
    it(`sends ${path} as ${type}`, async () => {
      const response = await rawBody(`${running.base}${path}`, {});
      expect(response.status).toBe(200);
      expect(response.headers['content-type']).toBe(type);
    });
  }

  it('answers 304 to a request that has the current version (ETag)', async () => {
    const first = await rawBody(`${running.base}/favicon.svg`, {});
    const again = await rawBody(`${running.base}/favicon.svg`, { 'if-none-match': String(first.headers.etag) });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    // The compressed variant is another representation, with an ETag of its own.
    const br = await rawBody(`${running.base}/_astro/app.1234.js`, { 'accept-encoding': 'br' });
    const gzip = await rawBody(`${running.base}/_astro/app.1234.js`, { 'accept-encoding': 'gzip' });
    expect(br.headers.etag).not.toBe(gzip.headers.etag);
  });

  it('sends the whole file whatever Range asks', async () => {
    for (const range of ['bytes=-5', 'bytes=5-2', 'bytes=0-0']) {
      const response = await rawBody(`${running.base}/favicon.svg`, { range });
      expect(response.status).toBe(200);
      expect(response.body.toString()).toBe('<svg xmlns="http://www.w3.org/2000/svg"/>');
    }
  });

  it('hands a file the build does not have to Astro, for its 404', async () => {
    const response = await fetch(`${running.base}/_astro/missing.9999.js`);
    expect(await response.text()).toBe('astro:/_astro/missing.9999.js');
    const other = await fetch(`${running.base}/no-such-file.txt`);
    expect(await other.text()).toBe('astro:/no-such-file.txt');
  });
});

describe('a build swapped in while serving', () => {
  it('serves files and pages from the new directory only, and finds a directory made later', async () => {
    const root = mkdtempSync(join(tmpdir(), 'nursery-swap-'));
    const writeBuild = (name: string) => {
      const dir = join(root, name);
      mkdirSync(join(dir, '_astro'), { recursive: true });
      writeFileSync(join(dir, 'index.html'), `<p>${name}</p>`);
      writeFileSync(join(dir, `_astro/${name}.js`), `/* ${name} */`);
      return dir;
    };
    let current = join(root, 'not-built-yet');
    const server = await startServer({
      host: '127.0.0.1',
      port: 0,
      clientDir: () => current,
      maintenance: false,
      handler: (req, res) => {
        res.writeHead(404);
        res.end(`astro:${req.url}`);
      },
    });
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const text = async (path: string) => (await fetch(`${base}${path}`)).text();
    try {
      expect(await text('/_astro/first.js')).toBe('astro:/_astro/first.js');
      current = writeBuild('first');
      expect(await text('/_astro/first.js')).toBe('/* first */');
      expect(await text('/')).toBe('<p>first</p>');
      current = writeBuild('second');
      expect(await text('/_astro/second.js')).toBe('/* second */');
      expect(await text('/_astro/first.js')).toBe('astro:/_astro/first.js');
      expect(await text('/')).toBe('<p>second</p>');
    } finally {
      server.close();
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('a file removed from the build while serving', () => {
  it('cuts that one answer, keeps the server up and hands the file to Astro next time', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'nursery-removed-'));
    writeFileSync(join(dir, 'gone.js'), 'gone');
    const server = await startServer({
      host: '127.0.0.1',
      port: 0,
      clientDir: dir,
      maintenance: false,
      handler: (req, res) => {
        res.writeHead(404);
        res.end(`astro:${req.url}`);
      },
    });
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      rmSync(join(dir, 'gone.js'));
      await expect(fetch(`${base}/gone.js`).then((response) => response.text())).rejects.toThrow();
      expect(await (await fetch(`${base}/gone.js`)).text()).toBe('astro:/gone.js');
    } finally {
      server.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('maintenance mode', () => {
  it('shows the maintenance page in the right language for every page, not for assets or the API', async () => {
    const running = await serve(true);
    try {
      await fetch(`${running.base}/browse/trees`);
      await fetch(`${running.base}/fr/browse/arbres`);
      await fetch(`${running.base}/api/app_settings`);
      const asset = await fetch(`${running.base}/_astro/app.1234.js`);
      expect(asset.status).toBe(200);
      expect(running.seen).toEqual(['/maintenance', '/fr/maintenance', '/api/app_settings']);
    } finally {
      running.server.close();
    }
  });
});

describe('bad paths', () => {
  let running: Awaited<ReturnType<typeof serve>>;
  beforeAll(async () => {
    running = await serve(false);
  });
  afterAll(() => {
    running.server.close();
  });

  for (const [attack, path, status] of [
    ['a NUL byte', '/%00', 400],
    ['a NUL byte under /fr', '/fr/%00', 400],
    ['a NUL byte in an API path', '/api/products/%00/availability', 400],
    ['malformed percent-encoding', '/browse/%E0%A4%A', 400],
    ['a lone percent sign', '/%', 400],
    ['an over-long path', `/${'a'.repeat(9000)}`, 414],
  ] as const) {
    it(`answers ${status} to ${attack}, without reaching Astro or the disk`, async () => {
      const before = running.seen.length;
      const response = await rawGet(running.base, path, {});
      expect(response.status).toBe(status);
      expect(running.seen.length).toBe(before);
    });
  }
});
