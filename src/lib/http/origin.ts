/**
 * The same-origin check every mutating request passes, JSON included (Astro's checkOrigin
 * only looks at form posts). Browsers send Sec-Fetch-Site or Origin with every POST, PUT,
 * PATCH and DELETE; a request with neither and no cookies carries no ambient authority to
 * abuse (an API client with a Bearer token, a script), so it is let through.
 */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function isSafeMethod(method: string): boolean {
  return SAFE_METHODS.has(method.toUpperCase());
}

export function isSameOriginRequest(request: Request, allowedOrigins: readonly string[]): boolean {
  if (isSafeMethod(request.method)) return true;
  const site = request.headers.get('sec-fetch-site');
  if (site) return site === 'same-origin';
  const origin = request.headers.get('origin');
  if (origin) return allowedOrigins.includes(origin);
  return !request.headers.has('cookie');
}
