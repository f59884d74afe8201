import type { IncomingMessage, ServerResponse } from 'node:http';
import { PassThrough } from 'node:stream';
import { BodyTooLargeError } from '../lib/http/limits.ts';
import { getT, type Locale } from '../lib/i18n/index.ts';
import { log } from '../lib/log.ts';

/** Bodies up to this size, with a Content-Length, are read whole before Astro sees the request. */
const SMALL_BODY_BYTES = 64 * 1024;

/**
 * Bounds the body Astro will read (docs/decisions/021-requests-from-outside.md): a declared
 * Content-Length over the limit is answered 413 at once, unread; a body without one
 * (chunked) is counted as it arrives and its stream fails past the limit, which the JSON
 * reader and the error middleware answer 413. Nothing past the limit is held in memory.
 * Returns false when the request has been answered.
 *
 * A small body of declared length (every JSON call and form post of the store) is read whole
 * here and handed to Astro as bytes: HTTP framing already stops it at its Content-Length, and
 * the stream, generator and counting the general case needs cost an add to cart a few per cent
 * of its CPU (docs/decisions/048-native-first-islands.md, "shopping paths under load").
 */
export async function limitBody(
  req: IncomingMessage,
  res: ServerResponse,
  limit: number,
  requestLocale: (req: IncomingMessage) => Locale,
): Promise<boolean> {
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > limit) {
    const locale = requestLocale(req);
    const message = getT(locale, 'security')('body.tooLarge');
    res.writeHead(413, { 'content-type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify({ error: { code: 'payload_too_large', message } }));
    // What the client still sends is discarded as it arrives (never kept), so it reads the
    // answer rather than a reset connection; Node's request timeout bounds how long.
    req.resume();
    log('warn', 'body_too_large', { method: req.method, path: req.url?.slice(0, 200), declared, limit });
    return false;
  }
  if (
    req.headers['content-length'] !== undefined &&
    req.headers['transfer-encoding'] === undefined &&
    declared <= SMALL_BODY_BYTES
  ) {
    const body = await readWhole(req);
    // The client went away before its body was complete: there is no one to answer.
    if (!body) {
      res.destroy();
      return false;
    }
    (req as IncomingMessage & { body?: unknown }).body = body;
    return true;
  }
  const limited = new PassThrough();
  let received = 0;
  const onData = (chunk: Buffer) => {
    received += chunk.length;
    if (received > limit) {
      // The rest is discarded as it arrives (nothing kept).
      req.off('data', onData);
      req.resume();
      limited.destroy(new BodyTooLargeError(limit));
      return;
    }
    if (!limited.write(chunk)) req.pause();
  };
  limited.on('drain', () => req.resume());
  req.on('data', onData);
  req.on('end', () => limited.end());
  req.on('error', (error) => limited.destroy(error));
  // Astro's Node adapter reads `req.body` when it is set, and `req` itself otherwise; it
  // takes an object with own keys (a stream has some) for parsed JSON, so it gets a bare
  // async iterable.
  (req as IncomingMessage & { body?: unknown }).body = (async function* () {
    yield* limited;
  })();
  return true;
}

/** The whole body of a request with a Content-Length, or undefined when the client left first. */
function readWhole(req: IncomingMessage): Promise<Buffer | undefined> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.once('end', () => resolve(chunks.length === 1 && chunks[0] ? chunks[0] : Buffer.concat(chunks)));
    req.once('error', () => resolve(undefined));
    req.once('close', () => resolve(req.complete ? Buffer.concat(chunks) : undefined));
  });
}
