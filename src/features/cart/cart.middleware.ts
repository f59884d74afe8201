import { defineMiddleware } from 'astro:middleware';
import { getDb } from '../../lib/db/index.server.ts';
import { mergeGuestCartOfRequest } from './cart.server.ts';
import { GUEST_CART_COOKIE } from './cart.ts';

/**
 * Runs after authentication: a request with both a signed-in user and a guest-cart cookie
 * folds the guest cart into the user's (decision 016). Costs nothing without the cookie.
 */
export const mergeGuestCartOnRequest = defineMiddleware(async (context, next) => {
  if (context.isPrerendered) return next();
  const user = context.locals.user;
  if (user && context.cookies.has(GUEST_CART_COOKIE)) {
    await mergeGuestCartOfRequest(await getDb(), context, user.id);
  }
  return next();
});
