import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, type BrowserContext, expect, type Page, test } from '@playwright/test';
import { apiClient, createConfirmedAccount, hydrated, SAME_ORIGIN, signIn } from '../support/accounts.ts';

// The cart page in both languages and on a phone: a guest's cart merged at sign-in, quantity
// changes and removal priced by the server, the empty state, trade prices and warranty, the
// header count across tabs, and the cart endpoints' refusals.

const T = {
  en: {
    cart: '/cart',
    product: '/products/pjm-rhododendron',
    name: 'PJM Rhododendron',
    heading: 'Your cart',
    empty: 'Your cart is empty',
    browse: 'Browse the catalogue',
    addToCart: 'Add to Cart',
    added: 'Added to your cart.',
    addError: 'There was an error while attempting to add item to your cart.',
    increase: /^Increase the quantity of PJM Rhododendron/,
    quantity: /^Quantity of PJM Rhododendron/,
    remove: /^Remove PJM Rhododendron/,
    removeError: 'There was an error while attempting to remove item from your cart.',
    updateError: 'There was an error while attempting to update the quantity in your cart.',
    badQuantity: 'Enter a whole number from 1 to 9,999.',
    excludes: 'The estimated total excludes discounts, fulfilment fees and taxes.',
    taxes: 'To be determined',
    warranty: 'Eligible plants planted in the ground are replaced once',
    requestQuote: 'Request a quote',
    signIn: '/auth/sign-in',
    email: 'Email',
    password: 'Password',
    submit: 'Sign in',
  },
  fr: {
    cart: '/fr/cart',
    product: '/fr/products/rhododendron-pjm',
    name: "Rhododendron 'PJM'",
    heading: 'Votre panier',
    empty: 'Votre panier est vide',
    browse: 'Parcourir le catalogue',
    addToCart: 'Ajouter au panier',
    added: 'Ajouté à votre panier.',
    addError: "Une erreur s'est produite lors de l'ajout de l'article à votre panier.",
    increase: /^Augmenter la quantité de Rhododendron 'PJM'/,
    quantity: /^Quantité de Rhododendron 'PJM'/,
    remove: /^Retirer Rhododendron 'PJM'/,
    removeError: "Une erreur s'est produite lors du retrait de l'article de votre panier.",
    updateError: "Une erreur s'est produite lors de la mise à jour de la quantité dans votre panier.",
    badQuantity: 'Entrez un nombre entier de 1 à 9\u00a0999.',
    excludes: 'Le total estimé exclut les rabais, les frais de livraison ou de cueillette et les taxes.',
    taxes: 'À déterminer',
    warranty: 'Les végétaux admissibles plantés en pleine terre sont remplacés une fois',
    requestQuote: 'Demander une soumission',
    signIn: '/fr/auth/sign-in',
    email: 'Courriel',
    password: 'Mot de passe',
    submit: 'Se connecter',
  },
} as const;

type Locale = keyof typeof T;
const LOCALES: Locale[] = ['en', 'fr'];
const PJM_PRODUCT_ID = 1;

const cartBadge = (page: Page) => page.locator('[data-cart-count]');
const money = (cents: number, locale: Locale) =>
  new Intl.NumberFormat(locale === 'fr' ? 'fr-CA' : 'en-CA', { style: 'currency', currency: 'CAD' }).format(
    cents / 100,
  );
/** Money as the page writes it, whatever kind of space the locale puts before "$". */
const moneyPattern = (cents: number, locale: Locale) =>
  new RegExp(
    money(cents, locale)
      .replace(/[\s\u00a0\u202f]/g, '\\s')
      .replace(/[$.]/g, '\\$&'),
  );

interface Variant {
  id: number;
  sku: string;
  priceCents: number;
  listPriceCents: number;
}

/** The PJM Rhododendron's sizes, priced for whoever `request` is signed in as. */
async function pjmVariants(request: APIRequestContext): Promise<Variant[]> {
  const response = await request.get(`/api/products/${PJM_PRODUCT_ID}/availability`);
  expect(response.ok()).toBe(true);
  return (await response.json()).variants;
}

async function addToCart(request: APIRequestContext, variantId: number, quantity: number) {
  const response = await request.post('/api/cart/items', { headers: SAME_ORIGIN, data: { variantId, quantity } });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as { count: number };
}

interface CartBody {
  count: number;
  totalCents: number;
  tradePricing: boolean;
  lines: { id: number; sku: string; quantity: number; unitPriceCents: number }[];
}

async function readCart(request: APIRequestContext): Promise<CartBody> {
  const response = await request.get('/api/cart');
  expect(response.ok()).toBe(true);
  return response.json();
}

/** Removes every line of the cart `request` reaches (tests that use a shared demo account). */
async function emptyCart(request: APIRequestContext) {
  for (const line of (await readCart(request)).lines) {
    expect((await request.delete(`/api/cart/items/${line.id}`, { headers: SAME_ORIGIN })).ok()).toBe(true);
  }
}

async function guestCartCookie(context: BrowserContext) {
  return (await context.cookies()).find((cookie) => cookie.name === 'guest_cart');
}

test.describe('cart', () => {
  for (const locale of LOCALES) {
    const t = T[locale];

    test(`a guest adds to the cart, signs in, and the carts are merged (${locale}) @phone`, async ({
      page,
      context,
    }) => {
      const account = await createConfirmedAccount(page.request, { label: `cart-merge-${locale}`, locale });
      // The account already holds two of the smallest size, from another visit.
      const customer = await apiClient(account);
      const [small, medium] = await pjmVariants(customer);
      if (!small || !medium) throw new Error('The PJM Rhododendron has at least two sizes');
      await addToCart(customer, small.id, 2);

      await page.goto(t.product);
      await hydrated(page.getByRole('main'));
      await page.getByRole('button', { name: t.addToCart }).click();
      await expect(page.getByRole('status').filter({ hasText: t.added })).toBeVisible();
      await expect(cartBadge(page)).toHaveText('1');
      expect(await guestCartCookie(context)).toBeDefined();
      await addToCart(page.request, medium.id, 4);

      await page.goto(`${t.signIn}?redirect=${encodeURIComponent(t.cart)}`);
      await hydrated(page.getByRole('main'));
      await page.getByLabel(t.email).fill(account.email);
      await page.getByLabel(t.password, { exact: true }).fill(account.password);
      await page.getByRole('button', { name: t.submit, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${t.cart}$`));
      await expect(page.getByRole('heading', { level: 1, name: t.heading })).toBeVisible();

      // 2 + 1 of the small size, 4 of the medium: one cart, the customer's.
      await expect(page.locator(`[data-cart-line="${small.sku}"]`).getByLabel(t.quantity)).toHaveValue('3');
      await expect(page.locator(`[data-cart-line="${medium.sku}"]`).getByLabel(t.quantity)).toHaveValue('4');
      await expect(cartBadge(page)).toHaveText('7');
      await expect(page.locator('[data-cart-total]')).toHaveText(
        moneyPattern(3 * small.priceCents + 4 * medium.priceCents, locale),
      );
      expect(await guestCartCookie(context)).toBeUndefined();
      expect((await readCart(customer)).count).toBe(7);
      await customer.dispose();
    });

    test(`quantities change and lines go, priced by the server (${locale}) @phone`, async ({ page }) => {
      const [small, medium] = await pjmVariants(page.request);
      if (!small || !medium) throw new Error('The PJM Rhododendron has at least two sizes');
      await addToCart(page.request, small.id, 1);
      await addToCart(page.request, medium.id, 2);

      await page.goto(t.cart);
      await hydrated(page.getByRole('main'));
      const line = page.locator(`[data-cart-line="${small.sku}"]`);
      await expect(line.getByRole('link', { name: t.name })).toHaveAttribute('href', t.product);
      await expect(line).toContainText("Rhododendron 'PJM'");
      await expect(line).toContainText(small.sku);
      await expect(line.locator('[data-unit-price]')).toHaveText(moneyPattern(small.priceCents, locale));
      await expect(line.locator('svg')).toBeVisible();
      await expect(page.getByText(t.excludes)).toBeVisible();
      await expect(page.getByText(t.taxes)).toBeVisible();
      await expect(page.getByText(t.warranty)).toBeVisible();
      await expect(cartBadge(page)).toHaveText('3');

      await line.getByRole('button', { name: t.increase }).click();
      await expect(line.getByLabel(t.quantity)).toHaveValue('2');
      await expect(line.locator('[data-line-subtotal]')).toHaveText(moneyPattern(2 * small.priceCents, locale));
      await expect(page.locator('[data-cart-total]')).toHaveText(
        moneyPattern(2 * small.priceCents + 2 * medium.priceCents, locale),
      );
      await expect(cartBadge(page)).toHaveText('4');

      await line.getByLabel(t.quantity).fill('12');
      await line.getByLabel(t.quantity).press('Enter');
      await expect(line.locator('[data-line-subtotal]')).toHaveText(moneyPattern(12 * small.priceCents, locale));
      await expect(cartBadge(page)).toHaveText('14');

      await line.getByLabel(t.quantity).fill('0');
      await line.getByLabel(t.quantity).press('Enter');
      await expect(line.getByRole('alert')).toHaveText(t.badQuantity);
      expect((await readCart(page.request)).count).toBe(14);

      // A failing change says so, and the server's quantity comes back.
      await page.route('**/api/cart/items/*', (route) =>
        route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":{"code":"server_error"}}' }),
      );
      await line.getByRole('button', { name: t.increase }).click();
      await expect(line.getByRole('alert')).toHaveText(t.updateError);
      await expect(line.getByLabel(t.quantity)).toHaveValue('12');
      await line.getByRole('button', { name: t.remove }).click();
      await expect(line.getByRole('alert')).toHaveText(t.removeError);
      await page.unroute('**/api/cart/items/*');

      await line.getByRole('button', { name: t.remove }).click();
      await expect(line).toHaveCount(0);
      await expect(cartBadge(page)).toHaveText('2');
      await expect(page.locator('[data-cart-total]')).toHaveText(moneyPattern(2 * medium.priceCents, locale));
      // Focus goes to the line now in the removed one's place, not back to the page's start.
      const last = page.locator(`[data-cart-line="${medium.sku}"]`);
      await expect(last.getByRole('link', { name: t.name })).toBeFocused();
      await last.getByRole('button', { name: t.remove }).click();
      await expect(page.getByRole('heading', { name: t.empty })).toBeVisible();
      await expect(page.getByRole('heading', { name: t.empty })).toBeFocused();
      await expect(cartBadge(page)).toBeHidden();
    });

    test(`an empty cart leads back to the catalogue, and a visitor's quote request goes through sign-in (${locale})`, async ({
      page,
      request,
    }) => {
      await page.goto(t.cart);
      await expect(page.getByRole('heading', { name: t.empty })).toBeVisible();
      await page.getByRole('link', { name: t.browse }).click();
      await expect(page).toHaveURL(new RegExp(`${locale === 'fr' ? '/fr' : ''}/categories$`));

      const [small] = await pjmVariants(page.request);
      if (!small) throw new Error('The PJM Rhododendron has a size');
      await addToCart(page.request, small.id, 1);
      await page.goto(t.cart);
      await page.getByRole('link', { name: t.requestQuote }).click();
      const checkout = locale === 'fr' ? '/fr/checkout' : '/checkout';
      await expect(page).toHaveURL((url) => url.pathname === t.signIn && url.searchParams.get('redirect') === checkout);
      expect((await request.get(t.cart)).headers()['cache-control']).toBe('private, no-store');
    });

    test(`adding shows the spec's message when it fails (${locale})`, async ({ page }) => {
      await page.route('**/api/cart/items', (route) =>
        route.fulfill({ status: 503, contentType: 'application/json', body: '{"error":{"code":"unavailable"}}' }),
      );
      await page.goto(t.product);
      await hydrated(page.getByRole('main'));
      await page.getByRole('button', { name: t.addToCart }).click();
      await expect(page.getByRole('alert').filter({ hasText: t.addError })).toBeVisible();
    });
  }

  for (const mode of ['light', 'dark'] as const) {
    test(`the cart page has no WCAG A/AA violations, full and empty, in ${mode} mode @phone`, async ({ page }) => {
      await page.addInitScript((value) => localStorage.setItem('nursery:colour-mode', value), mode);
      const axe = async () => {
        const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
        return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
      };
      await page.goto('/fr/cart');
      await expect(page.getByRole('heading', { name: T.fr.empty })).toBeVisible();
      expect(await axe()).toEqual([]);
      const [small] = await pjmVariants(page.request);
      if (!small) throw new Error('The PJM Rhododendron has a size');
      await addToCart(page.request, small.id, 2);
      await page.goto('/cart');
      await hydrated(page.getByRole('main'));
      await expect(page.locator('[data-cart-line]')).toHaveCount(1);
      expect(await axe()).toEqual([]);
    });
  }

  test("a trade user sees trade prices and 'No Warranty Applies'; a retail customer sees the warranty", async ({
    page,
    context,
  }) => {
    await signIn(context, 'trade');
    await emptyCart(page.request);
    const [small] = await pjmVariants(page.request);
    if (!small) throw new Error('The PJM Rhododendron has a size');
    expect(small.priceCents).toBeLessThan(small.listPriceCents);
    try {
      await addToCart(page.request, small.id, 3);
      await page.goto('/cart');
      const line = page.locator(`[data-cart-line="${small.sku}"]`);
      await expect(line.getByText('Trade price')).toBeVisible();
      await expect(line.locator('[data-unit-price]')).toHaveText(moneyPattern(small.priceCents, 'en'));
      await expect(page.locator('[data-cart-total]')).toHaveText(moneyPattern(3 * small.priceCents, 'en'));
      await expect(page.locator('[data-warranty]')).toHaveText('No Warranty Applies');
      await page.goto('/fr/cart');
      await expect(page.locator('[data-warranty]')).toHaveText("Aucune garantie ne s'applique");
      await expect(line.getByText('Prix professionnel')).toBeVisible();
    } finally {
      await emptyCart(page.request);
    }
  });

  test('the header count follows a change made in another tab', async ({ context }) => {
    const first = await context.newPage();
    const second = await context.newPage();
    await first.goto(T.en.product);
    await second.goto('/fr/cart');
    await hydrated(first.getByRole('main'));
    await hydrated(second.getByRole('main'));
    await first.getByRole('button', { name: T.en.addToCart }).click();
    await expect(cartBadge(first)).toHaveText('1');
    // The other tab hears of it at once: its header, and its cart page's lines.
    await expect(cartBadge(second)).toHaveText('1');
    await expect(second.locator('[data-cart-line]')).toHaveCount(1);
  });

  test('an add after the access session lapsed on a static page lands in the signed-in cart', async ({
    page,
    context,
  }) => {
    const account = await createConfirmedAccount(page.request, { label: 'cart-lapsed' });
    await signIn(context, account);
    await page.goto(T.en.product);
    await hydrated(page.getByRole('main'));
    // The 30-minute access session ends while the customer reads; the refresh token stays.
    const cookies = await context.cookies();
    await context.clearCookies();
    await context.addCookies(cookies.filter((cookie) => cookie.name !== 'nursery_session'));
    await page.getByRole('button', { name: T.en.addToCart }).click();
    await expect(cartBadge(page)).toHaveText('1');
    await page.goto('/cart');
    await expect(page.locator('[data-cart-line]')).toHaveCount(1);
    expect(await guestCartCookie(context)).toBeUndefined();
    const customer = await apiClient(account);
    expect((await readCart(customer)).count).toBe(1);
    await customer.dispose();
  });

  test("another shopper's cart line is a 404 that tells nothing", async () => {
    const registrar = await apiClient();
    const owner = await apiClient(await createConfirmedAccount(registrar, { label: 'cart-owner' }));
    await registrar.dispose();
    const [small] = await pjmVariants(owner);
    if (!small) throw new Error('The PJM Rhododendron has a size');
    await addToCart(owner, small.id, 5);
    const [line] = (await readCart(owner)).lines;
    if (!line) throw new Error('The owner has a line');

    const stranger = await apiClient('customer');
    const guest = await apiClient();
    for (const client of [stranger, guest]) {
      const patched = await client.patch(`/api/cart/items/${line.id}`, { headers: SAME_ORIGIN, data: { quantity: 1 } });
      expect(patched.status()).toBe(404);
      expect(await patched.json()).toEqual({
        error: { code: 'cart_item_not_found', message: 'This item is no longer in your cart.' },
      });
      const deleted = await client.delete(`/api/cart/items/${line.id}`, { headers: SAME_ORIGIN });
      expect(deleted.status()).toBe(404);
      expect(Object.keys((await deleted.json()).error)).toEqual(['code', 'message']);
    }
    for (const id of ['abc', '0', '99999999999']) {
      const response = await owner.patch(`/api/cart/items/${id}`, { headers: SAME_ORIGIN, data: { quantity: 1 } });
      expect(response.status()).toBe(404);
    }
    const invalid = await owner.patch(`/api/cart/items/${line.id}`, {
      headers: { ...SAME_ORIGIN, 'accept-language': 'fr-CA' },
      data: { quantity: 10_000 },
    });
    expect(invalid.status()).toBe(400);
    expect((await invalid.json()).error.message).toBe('Entrez un nombre entier de 1 à 9\u00a0999.');
    expect((await readCart(owner)).lines).toMatchObject([{ id: line.id, quantity: 5 }]);
    for (const client of [owner, stranger, guest]) await client.dispose();
  });

  test('the cart page reads the cart again when the header count differs, and when the tab is seen again', async ({
    page,
  }) => {
    const [small, medium] = await pjmVariants(page.request);
    if (!small || !medium) throw new Error('The PJM Rhododendron has at least two sizes');
    // A guest with an empty cart (the cookie is set by a first add).
    await addToCart(page.request, medium.id, 1);
    await emptyCart(page.request);
    // The page is rendered with the empty cart; before its count arrives, a line is added
    // elsewhere: the header says 1, and the page follows instead of saying "empty".
    await page.route('**/api/cart/summary', async (route) => {
      await addToCart(page.request, small.id, 1);
      await route.continue();
    });
    await page.goto('/cart');
    await expect(cartBadge(page)).toHaveText('1');
    await expect(page.locator(`[data-cart-line="${small.sku}"]`)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Your cart is empty' })).toBeHidden();
    await page.unroute('**/api/cart/summary');

    // A change made while the tab was hidden shows when it is seen again.
    await addToCart(page.request, medium.id, 2);
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    await expect(page.locator(`[data-cart-line="${medium.sku}"]`)).toBeVisible();
    await expect(page.locator('[data-cart-total]')).toHaveText(
      moneyPattern(small.priceCents + 2 * medium.priceCents, 'en'),
    );
  });
});
