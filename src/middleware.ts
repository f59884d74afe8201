import { defineMiddleware, sequence } from 'astro:middleware';
import { redirects } from './features/redirects/redirects.middleware.ts';
import { sandbox } from './features/sandbox/sandbox.middleware.ts';
import { env } from './lib/env.ts';
import { ApiError, errorResponse } from './lib/http/api.ts';
import { isCrawler } from './lib/http/crawlers.ts';
import { getT, isLocale, LOCALE_COOKIE, localeFromAcceptLanguage, localeFromPath } from './lib/i18n/index.ts';
import { log } from './lib/log.ts';

/** Pages take their language from the path; /api from the locale cookie, then Accept-Language. */
const locale = defineMiddleware((context, next) => {
  const path = context.url.pathname;
  if (path.startsWith('/api/') && !context.isPrerendered) {
    const cookie = context.cookies.get(LOCALE_COOKIE)?.value;
    context.locals.locale = isLocale(cookie)
      ? cookie
      : (localeFromAcceptLanguage(context.request.headers.get('accept-language')) ?? 'en');
  } else {
    context.locals.locale = localeFromPath(path);
  }
  context.locals.user = null;
  if (!context.isPrerendered) {
    context.locals.requestId = context.request.headers.get('x-request-id') ?? crypto.randomUUID();
  }
  return next();
});

/** Maintenance mode for pages rendered on demand; the Node server covers static files. */
const maintenance = defineMiddleware((context, next) => {
  if (context.isPrerendered || env().MAINTENANCE_MODE !== 'on') return next();
  const path = context.url.pathname;
  if (path === '/maintenance' || path === '/fr/maintenance') return next();
  if (path.startsWith('/api/')) {
    const t = getT(context.locals.locale);
    return errorResponse(new ApiError(503, 'maintenance', t('maintenance.title')));
  }
  return context.rewrite(context.locals.locale === 'fr' ? '/fr/maintenance' : '/maintenance');
});

/**
 * One JSON line per failed request. API errors become their JSON body; other failures go
 * on to the error page, except for crawlers, which get the bare status.
 */
const errors = defineMiddleware(async (context, next) => {
  if (context.isPrerendered) return next();
  try {
    return await next();
  } catch (error) {
    if (error instanceof ApiError) {
      if (error.status >= 500) log('error', 'api_error', requestFields(context, error));
      return errorResponse(error);
    }
    log('error', 'request_failed', requestFields(context, error));
    if (context.url.pathname.startsWith('/api/')) {
      const t = getT(context.locals.locale, 'errors');
      return errorResponse(new ApiError(500, 'server_error', t('http.server')));
    }
    if (isCrawler(context.request.headers.get('user-agent'))) return new Response(null, { status: 500 });
    throw error;
  }
});

function requestFields(context: Parameters<Parameters<typeof defineMiddleware>[0]>[0], error: unknown) {
  return {
    requestId: context.locals.requestId,
    method: context.request.method,
    path: context.url.pathname,
    userAgent: context.request.headers.get('user-agent'),
    error,
  };
}

export const onRequest = sequence(locale, errors, maintenance, redirects, sandbox);
