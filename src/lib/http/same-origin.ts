import { getT, type Locale } from '../i18n/index.ts';
import { ApiError } from './api.ts';

/**
 * Refuses a state-changing request that a browser sent from another site. Astro's
 * checkOrigin covers form posts only, not JSON bodies. Requests without either header do
 * not come from a browser page, so they carry no ambient cookie risk and pass.
 */
export function requireSameOrigin(request: Request, url: URL, locale: Locale): void {
  if (request.method === 'GET' || request.method === 'HEAD' || request.method === 'OPTIONS') return;
  const site = request.headers.get('sec-fetch-site');
  const origin = request.headers.get('origin');
  const crossSite = site ? site !== 'same-origin' && site !== 'none' : origin !== null && origin !== url.origin;
  if (crossSite) throw new ApiError(403, 'cross_origin', getT(locale, 'errors')('http.crossOrigin'));
}
