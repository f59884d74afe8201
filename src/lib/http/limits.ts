/**
 * How large a request body may be (docs/decisions/021-requests-from-outside.md). JSON is
 * small: 1 MB, enforced by the one JSON reader (`body.ts`) on every host, and by the Node
 * server before a byte reaches Astro. A route that takes uploads is given a larger limit
 * here (one line: its path pattern and its size); its own reader enforces the exact size.
 */
export const JSON_BODY_LIMIT = 1024 * 1024;

export interface BodyLimit {
  /** Matched against the request's path (still percent-encoded). */
  path: RegExp;
  maxBytes: number;
}

/** Uploaded product pictures: at most 5 MB each (spec §9, `MAX_IMAGE_BYTES` in features/media). */
const IMAGE_UPLOAD_LIMIT = 5 * 1024 * 1024;

/** Routes allowed more than JSON's limit. The first match wins. */
export const LARGER_BODY_LIMITS: readonly BodyLimit[] = [
  // PUT /api/admin/uploads?key=…: the local half of a picture upload. The route counts the
  // body itself and refuses 5 MB + 1 byte with a message naming the file; the server lets a
  // little more through so that the route, not the server, is the one to answer.
  { path: /^\/api\/admin\/uploads$/, maxBytes: IMAGE_UPLOAD_LIMIT + 64 * 1024 },
];

/** The most bytes the server reads of a request to `pathname` before answering 413. */
export function bodyLimitFor(pathname: string, limits: readonly BodyLimit[] = LARGER_BODY_LIMITS): number {
  return limits.find((limit) => limit.path.test(pathname))?.maxBytes ?? JSON_BODY_LIMIT;
}

/** Thrown by a body reader that has seen more bytes than its limit; answered with 413. */
export class BodyTooLargeError extends Error {
  override name = 'BodyTooLargeError';
  readonly limit: number;
  constructor(limit: number) {
    super(`Request body over ${limit} bytes`);
    this.limit = limit;
  }
}

/**
 * Whether a failed read was a body cut at its limit. By name, not class: the Node server
 * and the built Astro bundle each hold their own copy of this module.
 */
export function isBodyTooLarge(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 4; depth++) {
    if (current.name === 'BodyTooLargeError') return true;
    current = current.cause;
  }
  return false;
}
