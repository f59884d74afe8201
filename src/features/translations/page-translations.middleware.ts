import { defineMiddleware } from 'astro:middleware';
import { sameSitePath } from '../../lib/http/redirect.ts';
import { LOCALE_COOKIE } from '../../lib/i18n/index.ts';
import { localeRedirect } from './page-translations.ts';
import { siteTranslations } from './site-translations.ts';

/**
 * Requests that reach Astro (pages rendered on demand, and paths with no page, such as a
 * slug in the wrong language): a 301 to the page's one address, then the locale cookie's
 * redirect to its translation. On the Node server the same map has already answered every
 * static page; on Vercel, routes built from it have (docs/decisions/036-page-translations.md).
 */
export const localeRoutes = defineMiddleware((context, next) => {
  const { method } = context.request;
  if (context.isPrerendered || (method !== 'GET' && method !== 'HEAD')) return next();
  const { pathname, search } = context.url;
  if (pathname.startsWith('/api/') || pathname.startsWith('/_') || /\.[a-z0-9]+$/i.test(pathname)) return next();
  const canonical = siteTranslations.canonicalOf(pathname);
  if (canonical) {
    return new Response(null, {
      status: 301,
      headers: { location: sameSitePath(canonical + search, canonical), 'cache-control': 'no-store' },
    });
  }
  const target = localeRedirect(siteTranslations, {
    path: pathname,
    search,
    cookie: context.cookies.get(LOCALE_COOKIE)?.value,
    acceptLanguage: context.request.headers.get('accept-language') ?? undefined,
  });
  if (!target) return next();
  return new Response(null, {
    status: 302,
    headers: { location: target, 'cache-control': 'no-store', vary: 'Cookie, Accept-Language' },
  });
});
