import { type Locale, localeFromPath, localizePath, stripLocale } from '../../lib/i18n/index.ts';
import { isAdmin, type SessionUser } from './session.ts';

/**
 * Who may see which page (spec §2), decided in middleware before any HTML is rendered, the
 * same in both languages. Pages are protected by default; the public ones are listed.
 */

/** Pages anyone may see, as locale-neutral paths: exact paths, and prefixes ending in "/". */
const PUBLIC_PATHS = new Set([
  '/',
  '/about',
  '/search',
  '/cart',
  '/register',
  '/sign-up',
  '/register-success',
  '/auth/sign-up-success',
  '/auth/forgot-password',
  '/sign-out',
  '/maintenance',
  '/categories',
  '/404',
  '/500',
  '/sandbox',
]);
const PUBLIC_PREFIXES = [
  '/browse/',
  '/products/',
  '/product/',
  '/content/',
  '/categories/',
  '/auth/confirm/',
  '/sandbox/',
  // A priced quote's approve and decline links: the single-use token is the credential.
  '/quotes/',
  '/media/',
  // The cart's plain-HTML form posts (a guest has a cart too): docs/decisions/048-native-first-islands.md.
  '/cart/',
];

/** For anonymous visitors only; a signed-in visitor is sent home. */
const ANONYMOUS_ONLY_PATHS = new Set(['/auth/sign-in']);
const ANONYMOUS_ONLY_PREFIXES = ['/auth/reset-password/'];

/**
 * Pages of the spec that require sign-in. They are protected even before another part of
 * the store has built them, so an unknown path elsewhere can still be a plain 404.
 */
const KNOWN_PROTECTED_PREFIXES = ['/checkout', '/lists', '/profile', '/settings', '/admin'];

export const SIGN_IN_PATH = '/auth/sign-in';

export type AccessDecision = { kind: 'allow' } | { kind: 'redirect'; location: string };

const matches = (path: string, exact: Set<string>, prefixes: readonly string[]) =>
  exact.has(path) || prefixes.some((prefix) => path.startsWith(prefix));

function underPrefix(path: string, prefix: string): boolean {
  return path === prefix || path.startsWith(`${prefix}/`);
}

export function isPublicPath(neutralPath: string): boolean {
  return matches(neutralPath, PUBLIC_PATHS, PUBLIC_PREFIXES);
}

export function isAnonymousOnlyPath(neutralPath: string): boolean {
  return matches(neutralPath, ANONYMOUS_ONLY_PATHS, ANONYMOUS_ONLY_PREFIXES);
}

/** "Any path starting with /admin requires an admin." */
export function isAdminPath(neutralPath: string): boolean {
  return neutralPath.startsWith('/admin');
}

/** The sign-in page of a locale, remembering where the visitor was going. */
export function signInLocation(locale: Locale, redirect?: string): string {
  const path = localizePath(SIGN_IN_PATH, locale);
  return redirect ? `${path}?redirect=${encodeURIComponent(redirect)}` : path;
}

export interface AccessRequest {
  /** The requested path as it arrived, with its locale prefix. */
  pathname: string;
  /** The query string, with its "?" (or empty). */
  search: string;
  user: Pick<SessionUser, 'role'> | null;
  /** False when no page matches the path (it will be a 404). */
  routeExists: boolean;
}

export function decideAccess({ pathname, search, user, routeExists }: AccessRequest): AccessDecision {
  const path = normalize(stripLocale(pathname));
  const locale = localeFromPath(pathname);
  if (path.startsWith('/api/') || path.startsWith('/_')) return { kind: 'allow' };
  const home = localizePath('/', locale);
  const toSignIn = { kind: 'redirect', location: signInLocation(locale, `${pathname}${search}`) } as const;

  if (isAnonymousOnlyPath(path)) return user ? { kind: 'redirect', location: home } : { kind: 'allow' };
  if (isAdminPath(path)) {
    if (!user) return toSignIn;
    return isAdmin(user) ? { kind: 'allow' } : { kind: 'redirect', location: home };
  }
  if (isPublicPath(path)) return { kind: 'allow' };
  const known = KNOWN_PROTECTED_PREFIXES.some((prefix) => underPrefix(path, prefix));
  if (!routeExists && !known) return { kind: 'allow' };
  return user ? { kind: 'allow' } : toSignIn;
}

function normalize(path: string): string {
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}
