import { defineMiddleware } from 'astro:middleware';
import { env } from '../../lib/env.ts';
import { isSandboxPath, sandboxEnabled } from './sandbox.ts';

/** In production the sandbox does not exist: its paths get the not-found page (404). */
export const sandbox = defineMiddleware((context, next) => {
  if (context.isPrerendered || !isSandboxPath(context.url.pathname) || sandboxEnabled(env().APP_ENV)) return next();
  return context.rewrite('/404');
});
