import { safeParse } from 'zod';
import type { $ZodType, output } from 'zod/v4/core';
import { getT, type Locale } from '../i18n/index.ts';
import { ApiError, fieldErrors } from './api.ts';
import { isBodyTooLarge, JSON_BODY_LIMIT } from './limits.ts';

/**
 * The JSON body of a request; an empty body is `{}`, anything unreadable a 400.
 *
 * Only a JSON body is read: any other Content-Type answers 415, so the bodies a page on
 * another site can send without a preflight (`text/plain`, form-encoded, multipart) are
 * never acted on, whatever the same-origin check decides. A body over `maxBytes` answers
 * 413 before it is held in memory: the declared Content-Length is checked first, and the
 * stream is counted as it arrives (a chunked body declares none).
 */
export async function readJson(
  request: Request,
  locale: Locale,
  { maxBytes = JSON_BODY_LIMIT }: { maxBytes?: number } = {},
): Promise<unknown> {
  const type = request.headers.get('content-type');
  const unsupported = () =>
    new ApiError(415, 'unsupported_media_type', getT(locale, 'security')('body.unsupportedType'));
  if (type !== null && !isJsonType(type)) throw unsupported();
  const text = await readText(request, locale, maxBytes);
  if (text.trim() === '') return {};
  // A body without a Content-Type is accepted only when it is empty (a bare POST).
  if (type === null) throw unsupported();
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new ApiError(400, 'bad_request', getT(locale, 'errors')('http.badRequest'), { cause: error });
  }
}

/** A plain HTML form is small: a few fields of text. */
export const FORM_BODY_LIMIT = 16 * 1024;

/**
 * The fields of a plain HTML form post (`application/x-www-form-urlencoded`), for the few
 * routes that work without JavaScript (docs/decisions/048-native-first-islands.md); any
 * other Content-Type answers 415 and more than 16 KB answers 413. JSON endpoints never read
 * forms: a form is what a page on another site can send without a preflight, so only routes
 * made for forms accept one, behind the same-origin check.
 */
export async function readForm(request: Request, locale: Locale): Promise<URLSearchParams> {
  const essence = request.headers.get('content-type')?.split(';')[0]?.trim().toLowerCase();
  if (essence !== 'application/x-www-form-urlencoded') {
    throw new ApiError(415, 'unsupported_media_type', getT(locale, 'security')('body.unsupportedType'));
  }
  return new URLSearchParams(await readText(request, locale, FORM_BODY_LIMIT));
}

/** `application/json` or `application/<something>+json`, in UTF-8 (JSON's only encoding). */
export function isJsonType(contentType: string): boolean {
  const [essence = '', ...params] = contentType.split(';').map((part) => part.trim().toLowerCase());
  if (essence !== 'application/json' && !/^application\/[a-z0-9.!#$&^_-]+\+json$/.test(essence)) return false;
  const charset = params.find((param) => param.startsWith('charset='))?.slice('charset='.length);
  return charset === undefined || charset.replace(/"/g, '') === 'utf-8';
}

/** The body as UTF-8 text, refusing more than `maxBytes` (413) without reading the rest. */
export async function readText(request: Request, locale: Locale, maxBytes: number): Promise<string> {
  const tooLarge = () => new ApiError(413, 'payload_too_large', getT(locale, 'security')('body.tooLarge'));
  const declared = request.headers.get('content-length');
  if (declared !== null && Number(declared) > maxBytes) throw tooLarge();
  let bytes: Uint8Array;
  try {
    bytes = await readBytes(request.body, maxBytes, tooLarge);
  } catch (error) {
    if (error instanceof ApiError) throw error;
    // The Node server stops a body past the route's limit by failing its stream.
    if (isBodyTooLarge(error)) throw tooLarge();
    throw new ApiError(400, 'bad_request', getT(locale, 'errors')('http.badRequest'), { cause: error });
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch (error) {
    throw new ApiError(400, 'bad_request', getT(locale, 'errors')('http.badRequest'), { cause: error });
  }
}

/**
 * A stream's bytes, stopped and refused with `tooLarge()` as soon as more than `maxBytes`
 * have arrived: a body is never held in memory past its limit.
 */
export async function readBytes(
  body: ReadableStream<Uint8Array> | null,
  maxBytes: number,
  tooLarge: () => Error,
): Promise<Uint8Array> {
  if (body === null) return new Uint8Array(0);
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    received += value.byteLength;
    if (received > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge();
    }
    chunks.push(value);
  }
  const all = new Uint8Array(received);
  let offset = 0;
  for (const chunk of chunks) {
    all.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return all;
}

/**
 * Parses input with the form's own schema (zod, or zod/mini when the browser shares it);
 * failures carry each field's message (422).
 */
export function parseInput<S extends $ZodType>(schema: S, data: unknown, locale: Locale): output<S> {
  const result = safeParse(schema, data);
  if (result.success) return result.data;
  throw new ApiError(422, 'invalid', getT(locale, 'errors')('validation.invalid'), {
    fields: fieldErrors(result.error),
  });
}
