import { mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { get, type IncomingHttpHeaders, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from './serve.ts';

/** A raw GET: the body as sent, not decompressed. */
function request(url: string, acceptEncoding: string): Promise<{ headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    get(url, { headers: { 'accept-encoding': acceptEncoding } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
      response.on('error', reject);
    }).on('error', reject);
  });
}

describe('static pages', () => {
  const dir = mkdtempSync(join(tmpdir(), 'serve-test-'));
  const page = `<!doctype html><title>Plants</title>${'<p>Sugar maple, red maple, silver maple.</p>'.repeat(100)}`;
  let server: Server;
  let base: string;

  beforeAll(async () => {
    writeFileSync(join(dir, 'index.html'), page);
    writeFileSync(join(dir, 'small.html'), '<!doctype html><title>Small</title>');
    server = await startServer({
      host: '127.0.0.1',
      port: 0,
      clientDir: dir,
      handler: (_req, res) => {
        res.writeHead(404);
        res.end();
      },
      maintenance: false,
    });
    const address = server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    base = `http://127.0.0.1:${address.port}`;
  });
  afterAll(() => {
    server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('serves the manifest and the sitemap as they are now, after an incremental publish rewrote them in place', async () => {
    mkdirSync(join(dir, 'builds'), { recursive: true });
    writeFileSync(join(dir, 'builds/latest.json'), '{"id":"a","timestamp":1}');
    writeFileSync(join(dir, 'sitemap.xml'), '<urlset></urlset>');
    const before = await request(`${base}/builds/latest.json`, 'identity');
    expect(before.body.toString()).toBe('{"id":"a","timestamp":1}');
    expect(before.headers['content-type']).toContain('application/json');
    // Rewritten with another length since the first request, as the publisher does (a new
    // file renamed over the old one): never the old size or bytes.
    const replace = (path: string, text: string) => {
      writeFileSync(`${path}.next`, text);
      renameSync(`${path}.next`, path);
    };
    replace(join(dir, 'builds/latest.json'), '{"id":"a","timestamp":2,"revision":1,"changed":{"/":1}}');
    replace(join(dir, 'sitemap.xml'), '<urlset><url><loc>/</loc></url></urlset>');
    const after = await request(`${base}/builds/latest.json`, 'identity');
    expect(after.body.toString()).toBe('{"id":"a","timestamp":2,"revision":1,"changed":{"/":1}}');
    expect(after.headers['content-length']).toBe(String(after.body.length));
    const sitemap = await request(`${base}/sitemap.xml`, 'identity');
    expect(sitemap.headers['content-type']).toContain('application/xml');
    expect(sitemap.body.toString()).toBe('<urlset><url><loc>/</loc></url></urlset>');
  });

  it('compresses a page on its first request and keeps the result for the next', async () => {
    const first = await request(`${base}/`, 'br, gzip');
    expect(first.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(first.body).toString()).toBe(page);
    await expect.poll(() => readFileSync(join(dir, 'index.html.br'), { flag: 'r' }).length).toBe(first.body.length);
    const again = await request(`${base}/`, 'br');
    expect(again.body.equals(first.body)).toBe(true);

    const gzip = await request(`${base}/`, 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).toString()).toBe(page);
  });

  it('answers 304 to a page not modified since the copy the client has', async () => {
    const first = await request(`${base}/`, 'br');
    const again = await new Promise<number>((resolve, reject) => {
      get(
        `${base}/`,
        { headers: { 'accept-encoding': 'br', 'if-modified-since': String(first.headers['last-modified']) } },
        (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        },
      ).on('error', reject);
    });
    expect(again).toBe(304);
  });

  it('sends small pages and clients without compression the page as it is', async () => {
    const small = await request(`${base}/small.html`, 'br');
    expect(small.headers['content-encoding']).toBeUndefined();
    const plain = await request(`${base}/`, 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(page);
  });
});
