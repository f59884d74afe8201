/**
 * The one judge of every redirect target that comes from a request: the sign-in `redirect`
 * parameter, the locale redirects, the language switch, anything that echoes a path into a
 * `Location` header or a link. Staff-entered rows of the `redirects` table are not requests
 * and may name other sites; a value from a request never may.
 *
 * The value is judged after it has been parsed and normalised exactly as a browser parses
 * it (the WHATWG URL algorithm, which Node's `URL` implements): tabs and new lines are
 * dropped, `\` is read as `/`, dot segments and `%2e` collapse, and only then is the origin
 * compared. Checking the raw text instead lets `/.//evil.example` through: the dot segment
 * collapses into `//evil.example` after the check, which a browser opens as another site.
 */

/** An origin no request can name, so that nothing but a path resolves onto it. */
const BASE = 'https://same-origin.invalid';

/**
 * A same-origin path (`/…`, with its query and fragment) for `value`, or `fallback` when
 * the value would leave the site or is not a path. The result always starts with exactly
 * one `/` and is serialised by the URL parser (control characters and non-ASCII
 * percent-encoded), so a browser resolves it to this site from any page.
 */
export function sameSitePath(value: string | null | undefined, fallback: string): string {
  if (typeof value !== 'string' || value.length > MAX_LENGTH) return fallback;
  // A browser drops leading C0 controls and spaces, then tabs and new lines anywhere; what
  // is left must be a path (not `https://…`, `javascript:…` or `evil.example`).
  const first = [...value].find((char) => char.charCodeAt(0) > 0x20);
  if (first !== '/' && first !== '\\') return fallback;
  let url: URL;
  try {
    url = new URL(value, `${BASE}/`);
  } catch {
    return fallback;
  }
  if (url.origin !== BASE || url.username || url.password) return fallback;
  // A path that normalises to `//host…` (e.g. from `/.//host`) would be read as another
  // origin once echoed: keep it on this site by collapsing the leading slashes.
  const path = `/${url.pathname.replace(/^\/+/, '')}${url.search}${url.hash}`;
  // The answer must mean the same path when a browser reads it again.
  const again = new URL(path, `${BASE}/some/page?x`);
  return again.origin === BASE && `${again.pathname}${again.search}${again.hash}` === path ? path : fallback;
}

/** Longer values are no path of this site (and keep the parser's work bounded). */
const MAX_LENGTH = 2048;
