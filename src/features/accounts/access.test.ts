import { describe, expect, it } from 'vitest';
import { decideAccess } from './access.ts';

const customer = { role: 'customer' as const };
const admin = { role: 'admin' as const };
const superAdmin = { role: 'super_admin' as const };

const decide = (
  pathname: string,
  user: { role: 'customer' | 'admin' | 'super_admin' } | null,
  routeExists = true,
  search = '',
) => decideAccess({ pathname, search, user, routeExists });

describe('access rules (spec §2)', () => {
  it('protects pages by default and remembers the full path for after sign-in', () => {
    expect(decide('/profile', null)).toEqual({ kind: 'redirect', location: '/auth/sign-in?redirect=%2Fprofile' });
    expect(decide('/fr/lists/4', null, false, '?edit=1')).toEqual({
      kind: 'redirect',
      location: '/fr/auth/sign-in?redirect=%2Ffr%2Flists%2F4%3Fedit%3D1',
    });
    expect(decide('/some-new-page', null, true)).toMatchObject({ kind: 'redirect' });
    expect(decide('/profile', customer)).toEqual({ kind: 'allow' });
  });

  it('lets anyone see the public pages', () => {
    for (const path of [
      '/',
      '/fr',
      '/about',
      '/search',
      '/browse/trees/maples',
      '/products/sugar-maple',
      '/product/TRE-0001',
      '/content/faqs',
      '/cart',
      '/register',
      '/sign-up',
      '/register-success',
      '/auth/sign-up-success',
      '/auth/confirm/x.y',
      '/auth/forgot-password',
      '/fr/auth/forgot-password',
      '/sandbox/sign-up',
      '/quotes/approve/x.y',
      '/fr/quotes/decline/x.y',
    ]) {
      expect(decide(path, null), path).toEqual({ kind: 'allow' });
    }
  });

  it('keeps sign-in and reset-password for visitors; others go home in their language', () => {
    expect(decide('/auth/sign-in', null)).toEqual({ kind: 'allow' });
    expect(decide('/auth/sign-in', customer)).toEqual({ kind: 'redirect', location: '/' });
    expect(decide('/fr/auth/reset-password/abc.def', admin)).toEqual({ kind: 'redirect', location: '/fr' });
  });

  it('keeps /admin for admins and super admins', () => {
    expect(decide('/admin', null)).toEqual({ kind: 'redirect', location: '/auth/sign-in?redirect=%2Fadmin' });
    expect(decide('/admin/products/x/images', customer)).toEqual({ kind: 'redirect', location: '/' });
    expect(decide('/fr/admin', customer)).toEqual({ kind: 'redirect', location: '/fr' });
    expect(decide('/admin/quote-requests/3', admin)).toEqual({ kind: 'allow' });
    expect(decide('/admin', superAdmin)).toEqual({ kind: 'allow' });
  });

  it('leaves unknown paths to the 404 page, and the spec’s protected pages protected even before they exist', () => {
    expect(decide('/no-such-page', null, false)).toEqual({ kind: 'allow' });
    expect(decide('/checkout/complete', null, false)).toMatchObject({ kind: 'redirect' });
    expect(decide('/settings', null, false)).toMatchObject({ kind: 'redirect' });
  });

  it('leaves the API to its endpoints', () => {
    expect(decide('/api/lists', null)).toEqual({ kind: 'allow' });
  });
});
