import { expect, type Page, test } from '@playwright/test';
import { apiClient, signIn } from '../support/accounts.ts';
import { violations } from '../support/axe.ts';
import { createShopper, type Shopper } from '../support/shopper.ts';

/**
 * WCAG 2.1 AA checks (axe) on every page type in both languages: the shell's pages in both
 * colour modes; the catalog, search, content and account forms as a visitor; profile, quote
 * history, cart, lists and checkout as a shopper of the suite's own with a line in the cart;
 * the admin area as the demo admin, who only reads.
 */

// axe reads the whole page: on a busy machine a large page takes longer than the default.
test.describe.configure({ timeout: 120_000 });

type Locale = 'en' | 'fr';
const LOCALES: Locale[] = ['en', 'fr'];
const prefix = (locale: Locale) => (locale === 'fr' ? '/fr' : '');

/** Opens a page and waits for its islands and first data fetches before axe looks. */
async function open(page: Page, path: string) {
  const response = await page.goto(path, { waitUntil: 'networkidle' });
  expect(response?.status(), `${path} answers`).toBeLessThan(400);
  await expect(page.locator('main').first()).toBeVisible();
}

const shellPages = ['/', '/fr', '/no-such-page', '/fr/page-inexistante'];

for (const path of shellPages) {
  for (const mode of ['light', 'dark'] as const) {
    test(`${path} has no WCAG A/AA violations in ${mode} mode @phone`, async ({ page }) => {
      await page.addInitScript((value) => localStorage.setItem('nursery:colour-mode', value), mode);
      await page.goto(path);
      await expect(page.locator('html')).toHaveAttribute('data-theme', mode);
      expect(await violations(page)).toEqual([]);
    });
  }
}

const visitorPages: Record<string, Record<Locale, string>> = {
  browse: { en: '/browse/trees/shade-trees', fr: '/fr/browse/arbres/arbres-d-ombrage' },
  category: { en: '/categories', fr: '/fr/categories' },
  product: { en: '/products/sugar-maple', fr: '/fr/products/erable-a-sucre' },
  search: { en: '/search?q=maple', fr: '/fr/search?q=erable' },
  'search, nothing found': { en: '/search?q=qqqqqq', fr: '/fr/search?q=qqqqqq' },
  about: { en: '/about', fr: '/fr/about' },
  content: { en: '/content/faqs', fr: '/fr/content/faq' },
  'sign-in': { en: '/auth/sign-in', fr: '/fr/auth/sign-in' },
  register: { en: '/register', fr: '/fr/register' },
  'forgot password': { en: '/auth/forgot-password', fr: '/fr/auth/forgot-password' },
};

test.describe('as a visitor', () => {
  for (const [kind, paths] of Object.entries(visitorPages)) {
    for (const locale of LOCALES) {
      test(`${kind} (${locale}) has no WCAG A/AA violations`, async ({ page }) => {
        await open(page, paths[locale]);
        expect(await violations(page)).toEqual([]);
      });
    }
  }
});

test.describe('as a customer with a quote request, a list and a line in the cart', () => {
  // A shopper of this suite's own (tests/support/shopper.ts): the demo customer stays as the
  // seed left it for the suites running beside this one.
  let shopper: Shopper;
  const ids: { list?: number; quote?: number } = {};

  test.beforeAll(async ({ request }) => {
    shopper = await createShopper(request, { label: 'axe' });
    ids.list = shopper.listId;
    ids.quote = shopper.quoteId;
  });

  test.afterAll(async () => {
    await shopper?.client.dispose();
  });

  const customerPages: Record<string, (locale: Locale) => string | undefined> = {
    profile: (locale) => `${prefix(locale)}/profile`,
    settings: (locale) => `${prefix(locale)}/settings`,
    'quote history': (locale) => `${prefix(locale)}/profile/quote-requests`,
    'quote request': (locale) => (ids.quote ? `${prefix(locale)}/profile/quote-requests/${ids.quote}` : undefined),
    cart: (locale) => `${prefix(locale)}/cart`,
    lists: (locale) => `${prefix(locale)}/lists`,
    list: (locale) => (ids.list ? `${prefix(locale)}/lists/${ids.list}` : undefined),
    checkout: (locale) => `${prefix(locale)}/checkout`,
  };

  for (const [kind, pathFor] of Object.entries(customerPages)) {
    for (const locale of LOCALES) {
      test(`${kind} (${locale}) has no WCAG A/AA violations`, async ({ page, context }) => {
        const path = pathFor(locale);
        if (!path) throw new Error(`The shopper has no ${kind} to open`);
        await signIn(context, shopper.account);
        await open(page, path);
        await expect(page).toHaveURL(new RegExp(`${path.replace(/[?]/g, '\\$&')}$`));
        expect(await violations(page)).toEqual([]);
      });
    }
  }
});

test.describe('as the demo admin', () => {
  let quoteId: number | undefined;

  test.beforeAll(async () => {
    const admin = await apiClient('admin');
    const list = await admin.get('/api/admin/quote-requests');
    expect(list.ok(), await list.text()).toBe(true);
    quoteId = ((await list.json()) as { rows: { id: number }[] }).rows[0]?.id;
    await admin.dispose();
  });

  const adminPages: Record<string, (locale: Locale) => string | undefined> = {
    dashboard: (locale) => `${prefix(locale)}/admin`,
    products: (locale) => `${prefix(locale)}/admin/products`,
    'product editor': (locale) => `${prefix(locale)}/admin/products/sugar-maple`,
    'product pictures': (locale) => `${prefix(locale)}/admin/products/sugar-maple/images`,
    'quote requests': (locale) => `${prefix(locale)}/admin/quote-requests`,
    'quote request': (locale) => (quoteId ? `${prefix(locale)}/admin/quote-requests/${quoteId}` : undefined),
  };

  for (const [kind, pathFor] of Object.entries(adminPages)) {
    for (const locale of LOCALES) {
      test(`admin ${kind} (${locale}) has no WCAG A/AA violations`, async ({ page, context }) => {
        const path = pathFor(locale);
        if (!path) throw new Error(`The seed has no ${kind} to open`);
        await signIn(context, 'admin');
        await open(page, path);
        await expect(page).toHaveURL(new RegExp(`${path}$`));
        expect(await violations(page)).toEqual([]);
      });
    }
  }
});
