import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../lib/http/api.ts';
import { readJson } from '../lib/http/body.ts';
import { startServer } from './serve.ts';

const clientDir = mkdtempSync(join(tmpdir(), 'nursery-request-body-'));
afterAll(() => rmSync(clientDir, { recursive: true, force: true }));

describe('request bodies', () => {
  /** Astro's Node adapter in short: the request's body is `req.body` when set, else `req`. */
  async function jsonServer() {
    const server = await startServer({
      host: '127.0.0.1',
      port: 0,
      clientDir,
      maintenance: false,
      bodyLimits: [{ path: /^\/api\/admin\/products\/\d+\/images$/, maxBytes: 5 * 1024 * 1024 }],
      handler: async (req, res) => {
        const body = (req as typeof req & { body?: AsyncIterable<Uint8Array> | Uint8Array }).body ?? req;
        bodiesSeen.push(body === req ? 'stream' : ArrayBuffer.isView(body) ? 'bytes' : 'iterable');
        const request = new Request(`http://localhost${req.url}`, {
          method: req.method,
          headers: req.headers as Record<string, string>,
          body: body as unknown as BodyInit,
          duplex: 'half',
        } as RequestInit);
        try {
          // The upload route's reader allows more than the server: the server's cut is what holds.
          const maxBytes = req.url?.includes('/images') ? 100 * 1024 * 1024 : undefined;
          const value = await readJson(request, 'en', maxBytes ? { maxBytes } : {});
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ length: JSON.stringify(value).length }));
        } catch (error) {
          res.writeHead(error instanceof ApiError ? error.status : 500);
          res.end();
        }
      },
    });
    return { server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
  }

  /** Sends `total` bytes of a JSON string in chunks, without a Content-Length (chunked). */
  function sendChunked(base: string, path: string, total: number, contentLength?: number) {
    return new Promise<{ status: number; sent: number }>((resolve) => {
      let sent = 0;
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (contentLength !== undefined) headers['content-length'] = String(contentLength);
      const request = httpRequest(`${base}${path}`, { method: 'POST', headers }, (response) => {
        response.resume();
        resolve({ status: response.statusCode ?? 0, sent });
        request.destroy();
      });
      request.on('error', () => resolve({ status: 0, sent }));
      const chunk = Buffer.alloc(64 * 1024, 0x61);
      const write = () => {
        while (sent < total) {
          const piece = sent === 0 ? Buffer.concat([Buffer.from('"'), chunk.subarray(1)]) : chunk;
          sent += piece.length;
          if (!request.write(piece)) return void request.once('drain', write);
        }
        request.end('"');
      };
      write();
    });
  }

  const bodiesSeen: string[] = [];
  let running: Awaited<ReturnType<typeof jsonServer>>;
  beforeAll(async () => {
    running = await jsonServer();
  });
  afterAll(() => {
    running.server.close();
  });

  it('answers 413 at once to a declared Content-Length over 1 MB (oversized body)', async () => {
    const result = await sendChunked(running.base, '/api/cart/items', 3 * 1024 * 1024, 3 * 1024 * 1024 + 1);
    expect(result.status).toBe(413);
  });

  it('answers 413 to a chunked body past 1 MB (oversized body without Content-Length)', async () => {
    const result = await sendChunked(running.base, '/api/cart/items', 3 * 1024 * 1024);
    expect(result.status).toBe(413);
  });

  it('reads a body under the limit', async () => {
    bodiesSeen.length = 0;
    const result = await sendChunked(running.base, '/api/cart/items', 512 * 1024);
    expect(result.status).toBe(200);
    expect(bodiesSeen).toEqual(['iterable']);
  });

  it('hands a small body with its Content-Length to Astro whole, as bytes', async () => {
    bodiesSeen.length = 0;
    const sent = { variantId: 12, quantity: 3, note: 'é'.repeat(100) };
    const response = await fetch(`${running.base}/api/cart/items`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(sent),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ length: JSON.stringify(sent).length });
    expect(bodiesSeen).toEqual(['bytes']);
  });

  it('keeps counting a body of declared length over 64 KB (still under the limit)', async () => {
    bodiesSeen.length = 0;
    const result = await sendChunked(running.base, '/api/cart/items', 128 * 1024, 128 * 1024 + 1);
    expect(result.status).toBe(200);
    expect(bodiesSeen).toEqual(['iterable']);
  });

  it('lets a route listed for uploads take more than 1 MB, up to its own limit', async () => {
    expect((await sendChunked(running.base, '/api/admin/products/7/images', 3 * 1024 * 1024)).status).toBe(200);
    expect((await sendChunked(running.base, '/api/admin/products/7/images', 6 * 1024 * 1024)).status).toBe(413);
    expect((await sendChunked(running.base, '/api/admin/products/7/images', 1024, 6 * 1024 * 1024)).status).toBe(413);
  });
});
