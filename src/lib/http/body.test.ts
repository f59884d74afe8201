import { describe, expect, it } from 'vitest';
import { ApiError } from './api.ts';
import { isJsonType, readJson } from './body.ts';
import { BodyTooLargeError, bodyLimitFor, JSON_BODY_LIMIT } from './limits.ts';

const post = (body: BodyInit | null, headers: Record<string, string> = {}) =>
  new Request('http://store.test/api/cart/items', { method: 'POST', body, headers });

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

/** A body that would go on for `total` bytes, counting how much of it was pulled. */
function endless(total: number, chunk = 64 * 1024) {
  const state = { pulled: 0 };
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (state.pulled >= total) return controller.close();
      state.pulled += chunk;
      controller.enqueue(new Uint8Array(chunk).fill(0x20));
    },
  });
  return { stream, state };
}

describe('readJson', () => {
  it('reads a JSON body, with or without its charset, and +json types', async () => {
    expect(await readJson(post('{"a":1}', { 'content-type': 'application/json' }), 'en')).toEqual({ a: 1 });
    expect(await readJson(post('{"a":1}', { 'content-type': 'application/json; charset=UTF-8' }), 'en')).toEqual({
      a: 1,
    });
    expect(await readJson(post('{"a":1}', { 'content-type': 'application/merge-patch+json' }), 'en')).toEqual({
      a: 1,
    });
  });

  it('reads an empty body as {} (a bare POST, with or without a type)', async () => {
    expect(await readJson(post(null), 'en')).toEqual({});
    expect(await readJson(post('', { 'content-type': 'application/json' }), 'en')).toEqual({});
  });

  for (const [attack, type, body] of [
    ['text/plain (a cross-site fetch without preflight)', 'text/plain', '{"quantity":3}'],
    ['text/plain with charset', 'text/plain;charset=UTF-8', '{"quantity":3}'],
    ['a form-encoded post', 'application/x-www-form-urlencoded', '{"quantity":3}'],
    ['a multipart post', 'multipart/form-data; boundary=x', '--x\r\n\r\n{"quantity":3}\r\n--x--'],
    ['JSON in another charset', 'application/json; charset=iso-8859-1', '{"quantity":3}'],
    ['a look-alike type', 'application/jsonx', '{"quantity":3}'],
  ] as const) {
    it(`answers 415 to JSON sent as ${attack}, in the caller's language`, async () => {
      const error = await failure(readJson(post(body, { 'content-type': type }), 'fr'));
      expect(error.status).toBe(415);
      expect(error.code).toBe('unsupported_media_type');
      expect(error.message).toBe('Cette requête doit être envoyée en JSON.');
    });
  }

  it('answers 415 to a non-empty body without a Content-Type', async () => {
    const request = new Request('http://store.test/api/cart/items', {
      method: 'POST',
      body: new Blob(['{"quantity":3}']),
    });
    expect(request.headers.get('content-type')).toBeNull();
    expect((await failure(readJson(request, 'en'))).status).toBe(415);
  });

  it('answers 413 to a declared Content-Length over 1 MB without reading the body', async () => {
    const { stream, state } = endless(150 * 1024 * 1024);
    const request = new Request('http://store.test/api/cart/items', {
      method: 'POST',
      body: stream,
      headers: { 'content-type': 'application/json', 'content-length': String(150 * 1024 * 1024) },
      duplex: 'half',
    } as RequestInit);
    const error = await failure(readJson(request, 'en'));
    expect(error.status).toBe(413);
    expect(error.message).toBe('This request is too large.');
    expect(state.pulled).toBeLessThanOrEqual(2 * 64 * 1024);
  });

  it('answers 413 to a chunked body once it passes 1 MB, and stops reading it there', async () => {
    const { stream, state } = endless(150 * 1024 * 1024);
    const request = new Request('http://store.test/api/cart/items', {
      method: 'POST',
      body: stream,
      headers: { 'content-type': 'application/json' },
      duplex: 'half',
    } as RequestInit);
    expect((await failure(readJson(request, 'en'))).status).toBe(413);
    expect(state.pulled).toBeGreaterThan(JSON_BODY_LIMIT);
    expect(state.pulled).toBeLessThan(JSON_BODY_LIMIT + 4 * 64 * 1024);
  });

  it('accepts a body of exactly the limit', async () => {
    const body = `"${'a'.repeat(JSON_BODY_LIMIT - 2)}"`;
    const value = await readJson(post(body, { 'content-type': 'application/json' }), 'en');
    expect(typeof value).toBe('string');
  });

  it('answers 413 when the Node server has cut the stream at its own limit', async () => {
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.error(new BodyTooLargeError(10));
      },
    });
    const request = new Request('http://store.test/api/x', {
      method: 'POST',
      body: stream,
      headers: { 'content-type': 'application/json' },
      duplex: 'half',
    } as RequestInit);
    expect((await failure(readJson(request, 'en'))).status).toBe(413);
  });

  it('answers 400 to malformed JSON and to bytes that are not UTF-8', async () => {
    expect((await failure(readJson(post('{', { 'content-type': 'application/json' }), 'en'))).status).toBe(400);
    const latin1 = new Uint8Array([0x22, 0xe9, 0x22]);
    expect((await failure(readJson(post(latin1, { 'content-type': 'application/json' }), 'en'))).status).toBe(400);
  });
});

describe('isJsonType', () => {
  it('knows JSON from its look-alikes', () => {
    expect(isJsonType('application/json')).toBe(true);
    expect(isJsonType('Application/JSON; charset="utf-8"')).toBe(true);
    expect(isJsonType('application/vnd.api+json')).toBe(true);
    expect(isJsonType('text/json')).toBe(false);
    expect(isJsonType('application/json-seq')).toBe(false);
  });
});

describe('bodyLimitFor', () => {
  it('gives JSON routes 1 MB and a route listed for uploads its own size', () => {
    const uploads = [{ path: /^\/api\/admin\/products\/\d+\/images$/, maxBytes: 5 * 1024 * 1024 }];
    expect(bodyLimitFor('/api/cart/items', uploads)).toBe(JSON_BODY_LIMIT);
    expect(bodyLimitFor('/api/admin/products/12/images', uploads)).toBe(5 * 1024 * 1024);
    expect(bodyLimitFor('/api/cart/items')).toBe(JSON_BODY_LIMIT);
  });

  it('lets a 5 MB picture (and the byte past it) reach the upload route, and nothing else', () => {
    expect(bodyLimitFor('/api/admin/uploads')).toBeGreaterThan(5 * 1024 * 1024);
    expect(bodyLimitFor('/api/admin/uploads/x')).toBe(JSON_BODY_LIMIT);
    expect(bodyLimitFor('/api/admin/products/12')).toBe(JSON_BODY_LIMIT);
  });
});
