import { expect, test } from '@playwright/test';
import {
  apiClient,
  createConfirmedAccount,
  DEMO,
  hydrated,
  SAME_ORIGIN,
  SELF_HYDRATING_SSR_ISLANDS,
  signIn,
} from '../support/accounts.ts';

// The catalog as signed-in shoppers see it: trade prices for a linked trade account, the
// default wish list, and "my sales yard" kept on the profile.

test.describe('catalog for signed-in shoppers', () => {
  test('a trade user with a linked in-house account sees trade prices in the availability panel', async ({
    page,
    context,
  }) => {
    await signIn(context, 'trade');
    await page.goto('/products/sugar-maple');
    await expect(page.locator(SELF_HYDRATING_SSR_ISLANDS)).toHaveCount(0);
    await page.getByRole('button', { name: 'Availability by location' }).click();
    const dialog = page.getByRole('dialog', { name: 'Availability by location' });
    await expect(dialog.getByText(/Your trade price: \$/).first()).toBeVisible();
  });

  for (const locale of ['en', 'fr'] as const) {
    test(`a trade user sees the trade prices on the product page itself, before and after React (${locale})`, async ({
      page,
      context,
    }) => {
      await signIn(context, 'trade');
      const availability = await (await context.request.get('/api/products/1/availability')).json();
      expect(availability.priceKind).toBe('trade');
      const paid = (availability.variants as { priceCents: number; listPriceCents: number }[]).map((variant) => {
        expect(variant.priceCents).toBeLessThan(variant.listPriceCents);
        return new Intl.NumberFormat(locale === 'fr' ? 'fr-CA' : 'en-CA', { style: 'currency', currency: 'CAD' })
          .format(variant.priceCents / 100)
          .replace(/\s/g, ' ');
      });
      await page.goto(locale === 'fr' ? '/fr/products/rhododendron-pjm' : '/products/pjm-rhododendron');
      const island = page.locator('astro-island').filter({ has: page.locator('.purchase') });
      const shown = () => page.locator('.purchase__price').allTextContents();
      const flat = (texts: string[]) => texts.map((text) => text.replace(/\s/g, ' '));
      // The purchase panel waits for a first touch (decision 031): its HTML already says what this shopper pays.
      await expect(island).toHaveAttribute('ssr', '');
      await expect.poll(async () => flat(await shown())).toEqual(paid);
      await expect(page.locator('.product .note')).toHaveText(
        locale === 'fr' ? /^Vos prix professionnels en dollars canadiens/ : /^Your trade prices in Canadian dollars/,
      );
      // The first size is chosen already: choosing the second is the touch that brings React.
      await page.getByRole('radio').nth(1).check();
      await expect(island).not.toHaveAttribute('ssr');
      await expect.poll(async () => flat(await shown())).toEqual(paid);
    });
  }

  test('a trade user sees the trade "from" price on every card of a category, in both languages', async ({
    page,
    context,
  }) => {
    await signIn(context, 'trade');
    for (const [path, locale] of [
      ['/browse/trees', 'en-CA'],
      ['/fr/browse/arbres', 'fr-CA'],
    ] as const) {
      await page.goto(path);
      const cards = page.locator('.product-card');
      await expect(cards.first()).toBeVisible();
      const ids = await cards.evaluateAll((all) => all.map((card) => Number(card.getAttribute('data-product-id'))));
      const answer = await (await context.request.get(`/api/products/from-prices?ids=${ids.join(',')}`)).json();
      expect(answer.priceKind).toBe('trade');
      const money = new Intl.NumberFormat(locale, { style: 'currency', currency: 'CAD' });
      const expected = ids.map((id) => money.format(answer.fromCents[id] / 100).replace(/\s/g, ' '));
      await expect
        .poll(async () =>
          (await cards.locator('.product-card__price').allTextContents()).map((text) =>
            text.replace(/\s/g, ' ').replace(/^(from|à partir de) /, ''),
          ),
        )
        .toEqual(expected);
    }
    // The search page, rendered for the shopper, says the same.
    await page.goto('/fr/search?q=%C3%A9rable');
    const first = page.locator('[data-product-id]').first();
    const id = Number(await first.getAttribute('data-product-id'));
    const searched = await (await context.request.get(`/api/products/from-prices?ids=${id}`)).json();
    const fr = new Intl.NumberFormat('fr-CA', { style: 'currency', currency: 'CAD' });
    await expect(first.locator('.price')).toHaveText(
      `à partir de ${fr.format(searched.fromCents[id] / 100)}`.replace(/\s/g, ' '),
      {
        useInnerText: true,
      },
    );
    // A visitor is answered the list prices the page was built with; a malformed ask is refused.
    const anonymous = await apiClient();
    expect(await (await anonymous.get('/api/products/from-prices?ids=1')).json()).toMatchObject({ priceKind: 'list' });
    expect((await anonymous.get('/api/products/from-prices?ids=0,abc')).status()).toBe(422);
    await anonymous.dispose();
  });

  test('a trade user sees the trade "from" price on the featured cards of the home page; a retail customer the list price', async ({
    page,
    context,
    browser,
  }) => {
    await signIn(context, 'trade');
    for (const [path, locale, from] of [
      ['/', 'en-CA', 'from '],
      ['/fr', 'fr-CA', 'à partir de '],
    ] as const) {
      await page.goto(path);
      const prices = page.locator('.featured-grid [data-from-product]');
      await expect(prices.first()).toBeVisible();
      const ids = await prices.evaluateAll((all) =>
        all.map((price) => Number(price.getAttribute('data-from-product'))),
      );
      const answer = await (await context.request.get(`/api/products/from-prices?ids=${ids.join(',')}`)).json();
      expect(answer.priceKind).toBe('trade');
      const money = new Intl.NumberFormat(locale, { style: 'currency', currency: 'CAD' });
      const expected = ids.map((id) => `${from}${money.format(answer.fromCents[id] / 100)}`.replace(/\s/g, ' '));
      await expect
        .poll(async () => (await prices.allTextContents()).map((text) => text.replace(/\s/g, ' ')))
        .toEqual(expected);
    }
    // The page as built, for anyone else: a retail customer's cards keep it.
    const retail = await browser.newContext();
    await signIn(retail, 'customer');
    const other = await retail.newPage();
    await other.goto('/');
    const built = await (await other.request.get('/')).text();
    const first = other.locator('.featured-grid [data-from-product]').first();
    await expect(first).toBeVisible();
    // Let the page's script settle the session before reading what it left.
    await other.waitForLoadState('networkidle');
    const text = await first.textContent();
    expect(built).toContain(`>${text}</span>`);
    await retail.close();
  });

  test('a trade shopper never sees a frame of list prices on the prerendered pages, in both languages', async ({
    page,
  }) => {
    // Every frame, from the first, notes the price texts a person could see (decision 055).
    await page.addInitScript(() => {
      const seen = new Set<string>();
      (window as unknown as { seenPrices: Set<string> }).seenPrices = seen;
      const selector = '[data-from-product], .product-card__price, [data-from-price], .purchase__price';
      const sample = () => {
        for (const price of document.querySelectorAll<HTMLElement>(selector)) {
          if (price.checkVisibility({ visibilityProperty: true })) seen.add(price.textContent?.trim() ?? '');
        }
        requestAnimationFrame(sample);
      };
      requestAnimationFrame(sample);
    });
    // The shopper's prices take a while to come, as on a phone's network.
    await page.route(/\/api\/products\/(from-prices|\d+\/availability)/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 400));
      await route.continue();
    });
    // Signed in with the form, as a person does: the page it leads to is the first checked.
    await page.goto('/auth/sign-in?redirect=%2F');
    await hydrated(page.getByRole('main'));
    await page.getByLabel('Email').fill(DEMO.trade.email);
    await page.getByLabel('Password', { exact: true }).fill(DEMO.trade.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL('/');
    for (const path of [
      '',
      '/fr',
      '/browse/trees',
      '/fr/browse/arbres',
      '/products/pjm-rhododendron',
      '/fr/products/rhododendron-pjm',
    ]) {
      if (path) await page.goto(path);
      const prices = page.locator('[data-from-product], .product-card__price, [data-from-price], .purchase__price');
      await expect(prices.first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      // What the page ends with is the trade price; no other text was ever shown before it.
      const final = (await prices.allTextContents()).map((text) => text.trim());
      await expect(prices.first()).toBeVisible();
      const seen = await page.evaluate(() => [...(window as unknown as { seenPrices: Set<string> }).seenPrices]);
      const built = await (await page.request.get(path || '/')).text();
      const listOnly = seen.filter((text) => !final.includes(text));
      expect(listOnly, `${path || '/'}: texts seen before the trade prices`).toEqual([]);
      // The page as built carried list prices, not these.
      expect(
        final.every((text) => built.includes(`>${text}<`)),
        `${path}: only the built page's prices`,
      ).toBe(false);
    }
  });

  test('a retail customer sees list prices', async ({ page, context }) => {
    await signIn(context, 'customer');
    await page.goto('/fr/products/erable-a-sucre');
    await expect(page.locator(SELF_HYDRATING_SSR_ISLANDS)).toHaveCount(0);
    await page.getByRole('button', { name: 'Disponibilité par centre de vente' }).click();
    const dialog = page.getByRole('dialog', { name: 'Disponibilité par centre de vente' });
    await expect(dialog.locator('.availability__price').first()).toContainText(/^Prix courant\s:\s[\d\s,]+\s\$$/);
  });

  // The two tests below change a shopper's rows, so each makes its own shopper: the seeded
  // demo accounts stay as the seed left them for every other suite.

  test('add to list puts the plant on the default list, and only for a signed-in user', async ({ request }) => {
    const anonymous = await apiClient();
    const refused = await anonymous.post('/api/lists/default/items', {
      headers: SAME_ORIGIN,
      data: { variantId: 1, quantity: 1 },
    });
    expect(refused.status()).toBe(401);
    const shopper = await apiClient(await createConfirmedAccount(request, { label: 'catalog-list' }));
    const added = await shopper.post('/api/lists/default/items', {
      headers: SAME_ORIGIN,
      data: { variantId: 1, quantity: 2 },
    });
    expect(added.status(), await added.text()).toBe(201);
    const { lists } = await (await shopper.get('/api/lists')).json();
    expect(lists).toEqual([expect.objectContaining({ isDefault: true, itemCount: 1 })]);
    await anonymous.dispose();
    await shopper.dispose();
  });

  test('my sales yard is saved on the profile when signed in', async ({ request }) => {
    const anonymous = await apiClient();
    const refused = await anonymous.put('/api/profile/location', { headers: SAME_ORIGIN, data: { locationId: 2 } });
    expect(refused.status()).toBe(401);
    // A new account starts at sales yard 1 (createConfirmedAccount), so 2 is a change.
    const shopper = await apiClient(await createConfirmedAccount(request, { label: 'catalog-yard' }));
    const saved = await shopper.put('/api/profile/location', { headers: SAME_ORIGIN, data: { locationId: 2 } });
    expect(saved.ok(), await saved.text()).toBe(true);
    const session = await (await shopper.get('/api/session')).json();
    expect(session.default_location_id).toBe(2);
    await anonymous.dispose();
    await shopper.dispose();
  });
});
