import { defineMiddleware } from 'astro:middleware';
import { currentRedirects } from './redirects.server.ts';
import { resolveRedirect } from './redirects.ts';

/** The redirect lookup for requests rendered on demand (pages, and paths with no page). */
export const redirects = defineMiddleware(async (context, next) => {
  const { method } = context.request;
  if (context.isPrerendered || (method !== 'GET' && method !== 'HEAD')) return next();
  if (context.url.pathname.startsWith('/api/')) return next();
  const target = resolveRedirect(await currentRedirects(), context.url.pathname, context.url.search);
  if (!target) return next();
  return new Response(null, {
    status: target.status,
    headers: { location: target.location, 'cache-control': 'no-store' },
  });
});
