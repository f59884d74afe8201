import { type APIRequestContext, expect, test } from '@playwright/test';
import { apiClient, type Role } from '../support/accounts.ts';

/**
 * Spec §2 access rules: every route of the route table, in both languages, for a visitor, a
 * retail customer, a trade customer and an admin. Middleware decides before any page
 * renders, so routes other parts of the store build later are checked for their redirects
 * only: "page" means the request is let through (the page itself, or its 404 until it exists).
 */
type Viewer = 'anonymous' | Role;
type Outcome = 'page' | 'sign-in' | 'home';
type Kind = 'public' | 'protected' | 'anonymous-only' | 'admin';

// `fr`: the French page where its address is translated (the English slug under /fr is a 301
// to it, checked by crawl.spec.ts).
const ROUTES: { path: string; kind: Kind; fr?: string }[] = [
  { path: '/', kind: 'public' },
  { path: '/about', kind: 'public' },
  { path: '/search?q=maple', kind: 'public' },
  { path: '/browse/trees', kind: 'public', fr: '/fr/browse/arbres' },
  { path: '/browse/trees/maples', kind: 'public' },
  { path: '/products/sugar-maple', kind: 'public', fr: '/fr/products/erable-a-sucre' },
  { path: '/product/TRE-0001', kind: 'public' },
  { path: '/content/faqs', kind: 'public', fr: '/fr/content/faq' },
  { path: '/cart', kind: 'public' },
  { path: '/register', kind: 'public' },
  { path: '/sign-up', kind: 'public' },
  { path: '/register-success', kind: 'public' },
  { path: '/auth/sign-up-success', kind: 'public' },
  { path: '/auth/confirm/AAAAAAAAAAAAAAAAAAAA.BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB', kind: 'public' },
  { path: '/auth/forgot-password', kind: 'public' },
  { path: '/sandbox/sign-up', kind: 'public' },
  { path: '/checkout', kind: 'protected' },
  { path: '/checkout/complete', kind: 'protected' },
  { path: '/lists', kind: 'protected' },
  { path: '/lists/1?edit=1', kind: 'protected' },
  { path: '/profile', kind: 'protected' },
  { path: '/profile/quote-requests?page=2', kind: 'protected' },
  { path: '/settings', kind: 'protected' },
  { path: '/auth/sign-in', kind: 'anonymous-only' },
  {
    path: '/auth/reset-password/AAAAAAAAAAAAAAAAAAAA.BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB',
    kind: 'anonymous-only',
  },
  { path: '/admin', kind: 'admin' },
  { path: '/admin/products', kind: 'admin' },
  { path: '/admin/products/sugar-maple', kind: 'admin' },
  { path: '/admin/products/sugar-maple/images', kind: 'admin' },
  { path: '/admin/quote-requests', kind: 'admin' },
  { path: '/admin/quote-requests/1', kind: 'admin' },
];

const EXPECTED: Record<Kind, Record<Viewer, Outcome>> = {
  public: { anonymous: 'page', customer: 'page', trade: 'page', admin: 'page' },
  protected: { anonymous: 'sign-in', customer: 'page', trade: 'page', admin: 'page' },
  'anonymous-only': { anonymous: 'page', customer: 'home', trade: 'home', admin: 'home' },
  admin: { anonymous: 'sign-in', customer: 'home', trade: 'home', admin: 'page' },
};

const VIEWERS: Viewer[] = ['anonymous', 'customer', 'trade', 'admin'];

async function outcomeOf(client: APIRequestContext, path: string): Promise<{ outcome: Outcome; location: string }> {
  const response = await client.get(path, { maxRedirects: 0 });
  const location = response.headers().location ?? '';
  if (response.status() < 300 || response.status() >= 400) return { outcome: 'page', location };
  if (/^\/(fr\/)?auth\/sign-in\?redirect=/.test(location)) return { outcome: 'sign-in', location };
  if (location === '/' || location === '/fr') return { outcome: 'home', location };
  throw new Error(`${path}: unexpected ${response.status()} to ${location}`);
}

for (const viewer of VIEWERS) {
  test(`access matrix for ${viewer}`, async () => {
    const client = await apiClient(viewer === 'anonymous' ? undefined : viewer);
    const mismatches: string[] = [];
    for (const route of ROUTES) {
      for (const prefix of ['', '/fr']) {
        const path = !prefix ? route.path : route.path === '/' ? '/fr' : (route.fr ?? `${prefix}${route.path}`);
        const { outcome, location } = await outcomeOf(client, path);
        const expected = EXPECTED[route.kind][viewer];
        if (outcome !== expected) mismatches.push(`${path}: expected ${expected}, got ${outcome} (${location})`);
        if (outcome === 'sign-in') {
          // Back to the full original path, in the page's language.
          expect(location).toBe(`${prefix}/auth/sign-in?redirect=${encodeURIComponent(path)}`);
        }
        if (outcome === 'home') expect(location).toBe(prefix || '/');
      }
    }
    expect(mismatches).toEqual([]);
    await client.dispose();
  });
}

test('a page no one has built is a plain 404, not a sign-in', async () => {
  const client = await apiClient();
  for (const path of ['/no-such-page', '/fr/page-inexistante']) {
    const response = await client.get(path, { maxRedirects: 0 });
    expect(response.status()).toBe(404);
  }
  await client.dispose();
});

test('the admin API needs an admin', async () => {
  const anonymous = await apiClient();
  expect((await anonymous.get('/api/admin/dashboard')).status()).toBe(401);
  const customer = await apiClient('customer');
  const refused = await customer.get('/api/admin/dashboard');
  expect(refused.status()).toBe(403);
  expect((await refused.json()).error.code).toBe('forbidden');
  const admin = await apiClient('admin');
  expect((await admin.get('/api/admin/dashboard')).status()).not.toBe(403);
  await Promise.all([anonymous.dispose(), customer.dispose(), admin.dispose()]);
});

test('a visitor on a protected page lands back on it after signing in (fr) @phone', async ({ page }) => {
  await page.goto('/fr/profile/quote-requests?page=2');
  await expect(page).toHaveURL('/fr/auth/sign-in?redirect=%2Ffr%2Fprofile%2Fquote-requests%3Fpage%3D2');
  await page.getByLabel('Courriel').fill('customer@example.com');
  await page.getByLabel('Mot de passe', { exact: true }).fill('Customer-pass-2026');
  await page.getByRole('button', { name: 'Se connecter', exact: true }).click();
  await expect(page).toHaveURL('/fr/profile/quote-requests?page=2');
});
