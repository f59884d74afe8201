/**
 * Paths no page or file can have, refused before routing (4xx, one log line, no stack):
 * a path longer than any of ours, a malformed percent-encoding, or a control character
 * (`%00` and friends) once decoded. Used by the Node server and the middleware.
 */
export const MAX_PATH_LENGTH = 2048;

export type PathProblem = { status: 400 | 414; reason: 'too_long' | 'malformed_encoding' | 'control_character' };

export function pathProblem(rawPath: string): PathProblem | undefined {
  if (rawPath.length > MAX_PATH_LENGTH) return { status: 414, reason: 'too_long' };
  let decoded: string;
  try {
    decoded = decodeURIComponent(rawPath);
  } catch {
    return { status: 400, reason: 'malformed_encoding' };
  }
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
  if (/[\u0000-\u001f\u007f]/.test(decoded)) return { status: 400, reason: 'control_character' };
  return undefined;
}

/** A path as the visitor wrote it: `/shop/` and `/shop` are the same page; `/` stays `/`. */
export function withoutTrailingSlash(path: string): string {
  return path.replace(/\/+$/, '') || '/';
}
