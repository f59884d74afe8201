import { defineMiddleware, sequence } from 'astro:middleware';
import type { MiddlewareHandler } from 'astro';
import { decideAccess } from './features/accounts/access.ts';
import { authenticateRequest } from './features/accounts/authenticate.server.ts';
import { isAdmin } from './features/accounts/session.ts';
import { mergeGuestCartOnRequest } from './features/cart/cart.middleware.ts';
import { withCatalogFromDatabase } from './features/catalog/catalog-on-demand.server.ts';
import { mailOutbox } from './features/mail-outbox/worker.server.ts';
import { isIsrRoute } from './features/publishing/isr.ts';
import { startNightlyPublish } from './features/publishing/nightly.server.ts';
import { redirects } from './features/redirects/redirects.middleware.ts';
import { sandbox } from './features/sandbox/sandbox.middleware.ts';
import { localeRoutes } from './features/translations/page-translations.middleware.ts';
import { env } from './lib/env.ts';
import { ApiError, errorResponse } from './lib/http/api.ts';
import { isCrawler } from './lib/http/crawlers.ts';
import { countInFlight } from './lib/http/in-flight.ts';
import { isBodyTooLarge } from './lib/http/limits.ts';
import { isSameOriginRequest } from './lib/http/origin.ts';
import { pathProblem } from './lib/http/paths.ts';
import { withReasonPhrase } from './lib/http/reason-phrase.ts';
import { withHeaderPolicy } from './lib/http/security-headers.ts';
import { getT, isLocale, LOCALE_COOKIE, localeFromAcceptLanguage, localeFromPath } from './lib/i18n/index.ts';
import { log } from './lib/log.ts';
import { RateLimitedError } from './lib/rate-limit.server.ts';

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
  context.locals.session = null;
  if (!context.isPrerendered) {
    // The mail outbox's worker runs in the server that renders (a no-op once started).
    mailOutbox();
    // So does the nightly full build of the Node server's publisher (decision 050).
    startNightlyPublish();
    // The request's id is made when a log line first asks for it: most requests never log.
    let requestId = context.request.headers.get('x-request-id') ?? undefined;
    Object.defineProperty(context.locals, 'requestId', {
      get: () => {
        requestId ??= crypto.randomUUID();
        return requestId;
      },
      enumerable: true,
      configurable: true,
    });
  }
  return next();
});

/**
 * Paths no route can have (too long, malformed encoding, `%00`) answer 4xx before routing,
 * with one log line and no stack; the Node server refuses them even earlier.
 */
const paths = defineMiddleware((context, next) => {
  if (context.isPrerendered) return next();
  const problem = pathProblem(new URL(context.request.url).pathname);
  if (!problem) return next();
  log('warn', 'bad_path', {
    requestId: context.locals.requestId,
    method: context.request.method,
    path: context.url.pathname.slice(0, 200),
    reason: problem.reason,
  });
  return errorResponse(
    new ApiError(problem.status, problem.reason, getT(context.locals.locale, 'security')('path.invalid')),
  );
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
    // Counted while it is answered: the mail outbox's work waits for a quiet moment (in-flight.ts).
    return withReasonPhrase(await countInFlight(next));
  } catch (error) {
    if (error instanceof ApiError) {
      if (error.status >= 500) log('error', 'api_error', requestFields(context, error));
      return errorResponse(error);
    }
    if (isBodyTooLarge(error)) {
      const t = getT(context.locals.locale, 'security');
      return errorResponse(new ApiError(413, 'payload_too_large', t('body.tooLarge')));
    }
    if (isBadInputToDatabase(error)) {
      // A value the database cannot hold (an id past 2^31, text where a number goes): the
      // request's fault, not ours. Endpoints validate ids with lib/ids.ts; this is the net.
      log('warn', 'bad_input', { ...requestFields(context, undefined), reason: (error as Error).message });
      const t = getT(context.locals.locale, 'errors');
      return errorResponse(new ApiError(400, 'bad_request', t('http.badRequest')));
    }
    if (error instanceof RateLimitedError) {
      const t = getT(context.locals.locale, 'errors');
      const response = errorResponse(new ApiError(429, 'rate_limited', t('http.tooManyRequests')));
      response.headers.set('retry-after', String(error.retryAfterSeconds));
      return response;
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

/** PostgreSQL's "numeric value out of range" and "invalid text representation" (both engines). */
function isBadInputToDatabase(error: unknown): boolean {
  const code = (error as { code?: unknown } | undefined)?.code;
  return code === '22003' || code === '22P02';
}

function requestFields(context: Parameters<Parameters<typeof defineMiddleware>[0]>[0], error: unknown) {
  return {
    requestId: context.locals.requestId,
    method: context.request.method,
    path: context.url.pathname,
    userAgent: context.request.headers.get('user-agent'),
    error,
  };
}

/** PUBLIC_SITE_URL's origin, parsed once (the environment is read once at start). */
let publicOrigin: string | undefined;
const siteOrigin = () => {
  publicOrigin ??= new URL(env().PUBLIC_SITE_URL).origin;
  return publicOrigin;
};

/**
 * Every mutating request must come from our own pages (JSON included: Astro's checkOrigin
 * covers form posts only). Other engineers' endpoints rely on this running first.
 */
const sameOrigin = defineMiddleware((context, next) => {
  if (context.isPrerendered) return next();
  const allowed = [context.url.origin, siteOrigin()];
  if (isSameOriginRequest(context.request, allowed)) return next();
  log('warn', 'cross_origin_refused', {
    requestId: context.locals.requestId,
    method: context.request.method,
    path: context.url.pathname,
    origin: context.request.headers.get('origin'),
    secFetchSite: context.request.headers.get('sec-fetch-site'),
  });
  throw new ApiError(403, 'cross_origin', getT(context.locals.locale, 'errors')('http.crossOrigin'));
});

/** `locals.user` and `locals.session` from the session cookie or an `Authorization: Bearer` token. */
const authenticate = defineMiddleware(async (context, next) => {
  if (context.isPrerendered) return next();
  const result = await authenticateRequest(context);
  context.locals.user = result?.user ?? null;
  context.locals.session = result?.session ?? null;
  return next();
});

/**
 * Spec §2 access rules for pages, decided before anything renders; /api/admin/* needs an
 * admin. Pages for a signed-in user are never stored by shared caches.
 */
const access = defineMiddleware(async (context, next) => {
  if (context.isPrerendered) return next();
  const { pathname, search } = context.url;
  const { user, locale } = context.locals;
  if (pathname.startsWith('/api/admin/') || pathname === '/api/admin') {
    const t = getT(locale, 'errors');
    if (!user) throw new ApiError(401, 'unauthenticated', t('http.unauthorized'));
    if (!isAdmin(user)) throw new ApiError(403, 'forbidden', t('http.forbidden'));
  }
  const decision = decideAccess({ pathname, search, user, routeExists: context.routePattern !== '/404' });
  if (decision.kind === 'redirect') {
    return new Response(null, { status: 302, headers: { location: decision.location, 'cache-control': 'no-store' } });
  }
  const response = withPageHeaders(await next());
  const isPage = !pathname.startsWith('/api/') && response.status < 300;
  if (user && isPage && !response.headers.has('cache-control'))
    response.headers.set('cache-control', 'private, no-store');
  return response;
});

/** Headers of a page rendered on demand. */
function withPageHeaders(response: Response): Response {
  // Pages rendered on demand say their charset, as the static ones do.
  if (response.headers.get('content-type') === 'text/html') {
    response.headers.set('content-type', 'text/html; charset=utf-8');
  }
  // Astro sends their script policy as a header, which takes the place of the server's:
  // it must forbid framing too (docs/decisions/023-security-headers.md).
  const policy = response.headers.get('content-security-policy');
  if (policy) response.headers.set('content-security-policy', withHeaderPolicy(policy));
  return response;
}

/**
 * A catalogue page rendered on demand (on Vercel, cached by ISR for every visitor until a
 * publish revalidates it; docs/decisions/050-incremental-publish.md) is what its prerendered
 * self would be: the same for everyone, so no session, cart or access rule runs; it reads the
 * catalog from the database.
 */
const cataloguePage = defineMiddleware(async (_context, next) =>
  withPageHeaders(await withCatalogFromDatabase(() => next())),
);

/** Every request's steps, in order. */
const STEPS: MiddlewareHandler[] = [
  locale,
  paths,
  errors,
  maintenance,
  redirects,
  localeRoutes,
  sandbox,
  sameOrigin,
  authenticate,
  mergeGuestCartOnRequest,
  access,
];

/**
 * The steps that only ever act on pages (each passes /api/ through): /api/ requests skip
 * them, since each step of a sequence costs a chain of Astro's calls per request.
 */
const PAGE_ONLY = new Set<MiddlewareHandler>([redirects, localeRoutes, sandbox]);

const everyRequest = sequence(...STEPS);
const apiRequest = sequence(...STEPS.filter((step) => !PAGE_ONLY.has(step)));

const catalogueRequest = sequence(locale, errors, cataloguePage);

export const onRequest = defineMiddleware((context, next) => {
  if (context.isPrerendered) return everyRequest(context, next);
  if (isIsrRoute(context.routePattern)) return catalogueRequest(context, next);
  return context.url.pathname.startsWith('/api/') ? apiRequest(context, next) : everyRequest(context, next);
});
