import { type APIRequestContext, expect, test } from '@playwright/test';
import { apiClient, SAME_ORIGIN } from '../support/accounts.ts';

/**
 * With JavaScript off (a failing network, a strict browser), a shopper still gets a cart: the
 * product page's Add to Cart and the cart's quantity, −, + and remove post as plain HTML forms
 * and come back to the same page with the result (docs/decisions/048-native-first-islands.md).
 * Each test is a new guest with a cart of their own.
 */
test.use({ javaScriptEnabled: false });

const T = {
  en: {
    product: '/products/pjm-rhododendron',
    cart: '/cart',
    addToCart: 'Add to Cart',
    added: 'Added to your cart.',
    viewCart: 'View your cart',
    notAdded: 'There was an error while attempting to add item to your cart.',
    quantity: /^Quantity of PJM Rhododendron/,
    increase: /^Increase the quantity of PJM Rhododendron/,
    decrease: /^Decrease the quantity of PJM Rhododendron/,
    update: /^Update the quantity of PJM Rhododendron/,
    remove: /^Remove PJM Rhododendron/,
    updated: /^Quantity of PJM Rhododendron updated to 5\.$/,
    removed: 'The item was removed from your cart.',
    badQuantity: 'Enter a whole number from 1 to 9,999.',
    addedToMaximum:
      'Only part of the quantity was added: your cart now holds 9,999 of this size, the maximum per size.',
    atMaximum: 'Nothing was added: your cart already holds 9,999 of this size, the maximum per size.',
    empty: 'Your cart is empty',
    notFound: 'This item is no longer in your cart.',
  },
  fr: {
    product: '/fr/products/rhododendron-pjm',
    cart: '/fr/cart',
    addToCart: 'Ajouter au panier',
    added: 'Ajouté à votre panier.',
    viewCart: 'Voir votre panier',
    notAdded: "Une erreur s'est produite lors de l'ajout de l'article à votre panier.",
    quantity: /^Quantité de Rhododendron 'PJM'/,
    increase: /^Augmenter la quantité de Rhododendron 'PJM'/,
    decrease: /^Diminuer la quantité de Rhododendron 'PJM'/,
    update: /^Mettre à jour la quantité de Rhododendron 'PJM'/,
    remove: /^Retirer Rhododendron 'PJM'/,
    updated: /^Quantité de Rhododendron 'PJM'.* changée à 5\.$/,
    removed: "L'article a été retiré de votre panier.",
    badQuantity: 'Entrez un nombre entier de 1 à 9\u00a0999.',
    addedToMaximum:
      'Seule une partie de la quantité a été ajoutée\u00a0: votre panier contient maintenant 9\u00a0999 unités de ce format, le maximum par format.',
    atMaximum:
      "Rien n'a été ajouté\u00a0: votre panier contient déjà 9\u00a0999 unités de ce format, le maximum par format.",
    empty: 'Votre panier est vide',
    notFound: "Cet article n'est plus dans votre panier.",
  },
} as const;

async function readCart(request: APIRequestContext) {
  const response = await request.get('/api/cart');
  expect(response.ok()).toBe(true);
  return (await response.json()) as { count: number; lines: { id: number; sku: string; quantity: number }[] };
}

test.describe('without JavaScript', () => {
  // Each form post is a page load of its own: a busy machine needs more than the default.
  test.describe.configure({ timeout: 120_000 });
  for (const locale of ['en', 'fr'] as const) {
    const t = T[locale];

    test(`a guest adds to the cart, changes the quantity and removes the line (${locale})`, async ({ page }) => {
      await page.goto(t.product);
      const second = page.getByRole('radio').nth(1);
      await second.check();
      await page.getByRole('spinbutton').first().fill('2');
      await page.getByRole('button', { name: t.addToCart }).click();

      // Back on the product page, which says so.
      await expect(page).toHaveURL(new RegExp(`${t.product}#cart-added$`));
      await expect(page.getByText(t.added)).toBeVisible();
      await expect(page.getByText(t.notAdded)).toBeHidden();
      const secondSku = (await page.locator('.purchase__sku').nth(1).textContent()) ?? '';
      const [line] = (await readCart(page.request)).lines;
      expect(line?.quantity).toBe(2);
      expect(secondSku).toContain(line?.sku);

      await page.getByRole('link', { name: t.viewCart }).click();
      await expect(page).toHaveURL(new RegExp(`${t.cart}$`));
      const row = page.locator(`[data-cart-line="${line?.sku}"]`);
      await expect(row.getByLabel(t.quantity)).toHaveValue('2');

      await row.getByRole('button', { name: t.increase }).click();
      await expect(page).toHaveURL(new RegExp(`${t.cart}\\?cart=updated&line=${line?.id}$`));
      await expect(row.getByLabel(t.quantity)).toHaveValue('3');
      await row.getByRole('button', { name: t.decrease }).click();
      await expect(row.getByLabel(t.quantity)).toHaveValue('2');

      // Enter in the field sends the quantity form, not − or +.
      await row.getByLabel(t.quantity).fill('5');
      await row.getByLabel(t.quantity).press('Enter');
      await expect(row.getByLabel(t.quantity)).toHaveValue('5');
      await expect(page.locator('.cart [role="status"]')).toHaveText(t.updated);
      expect((await readCart(page.request)).count).toBe(5);

      // The server refuses 0, and says why in the page's language.
      await row.getByLabel(t.quantity).fill('0');
      await row.getByRole('button', { name: t.update }).click();
      await expect(page).toHaveURL(new RegExp(`${t.cart}\\?cart=invalid-quantity&line=${line?.id}$`));
      await expect(page.locator('.cart [role="alert"]')).toHaveText(t.badQuantity);
      expect((await readCart(page.request)).count).toBe(5);

      await row.getByRole('button', { name: t.remove }).click();
      await expect(page.getByRole('heading', { name: t.empty })).toBeVisible();
      await expect(page.locator('.cart [role="status"]')).toHaveText(t.removed);
      expect((await readCart(page.request)).lines).toEqual([]);
    });
  }

  for (const locale of ['en', 'fr'] as const) {
    const t = T[locale];

    test(`a refused quantity and an add past 9,999 come back with the panel's own words (${locale})`, async ({
      page,
    }) => {
      await page.goto(t.product);
      const field = page.getByRole('spinbutton').first();
      const addToCart = page.getByRole('button', { name: t.addToCart });
      for (const typed of ['0', '10000']) {
        await field.fill(typed);
        await addToCart.click();
        await expect(page).toHaveURL(new RegExp(`${t.product}#cart-invalid-quantity$`));
        await expect(page.getByText(t.badQuantity)).toBeVisible();
        await expect(page.getByText(t.added)).toBeHidden();
      }
      expect((await readCart(page.request)).lines).toEqual([]);

      // This guest's cart already holds 9,995 of the first size.
      const variantId = Number(await page.getByRole('radio').first().getAttribute('value'));
      const earlier = await page.request.post('/api/cart/items', {
        headers: SAME_ORIGIN,
        data: { variantId, quantity: 9995 },
      });
      expect(earlier.ok(), await earlier.text()).toBe(true);
      await field.fill('10');
      await addToCart.click();
      await expect(page).toHaveURL(new RegExp(`${t.product}#cart-added-to-maximum$`));
      await expect(page.getByText(t.addedToMaximum)).toBeVisible();
      await expect(page.getByText(t.added)).toBeHidden();
      expect((await readCart(page.request)).count).toBe(9999);

      await field.fill('1');
      await addToCart.click();
      await expect(page).toHaveURL(new RegExp(`${t.product}#cart-at-maximum$`));
      await expect(page.getByText(t.atMaximum)).toBeVisible();
      await expect(page.getByText(t.addedToMaximum)).toBeHidden();
      expect((await readCart(page.request)).count).toBe(9999);
    });
  }

  test('a size that is not sold comes back to the page with the error', async ({ page }) => {
    await page.goto(T.en.product);
    const variant = page.getByRole('radio').first();
    await variant.evaluate((radio: HTMLInputElement) => {
      radio.value = '2147483647';
    });
    await page.getByRole('button', { name: T.en.addToCart }).click();
    await expect(page).toHaveURL(new RegExp(`${T.en.product}#cart-not-added$`));
    await expect(page.getByText(T.en.notAdded)).toBeVisible();
    await expect(page.getByText(T.en.added)).toBeHidden();
  });

  test("a line form reaches only the shopper's own cart, and never from another site", async ({ page }) => {
    // Another guest's line.
    const other = await apiClient();
    const [size] = (await (await other.get('/api/products/1/availability')).json()).variants as { id: number }[];
    if (!size) throw new Error('The PJM Rhododendron has a size');
    expect(
      (await other.post('/api/cart/items', { headers: SAME_ORIGIN, data: { variantId: size.id, quantity: 4 } })).ok(),
    ).toBe(true);
    const [theirs] = (await readCart(other)).lines;
    if (!theirs) throw new Error('The other guest has a line');

    const forms: Record<string, string>[] = [{ intent: 'remove' }, { intent: 'update', quantity: '1' }];
    for (const form of forms) {
      const answer = await page.request.post(`/cart/items/${theirs.id}`, {
        headers: SAME_ORIGIN,
        form: { ...form, locale: 'fr' },
        maxRedirects: 0,
      });
      expect(answer.status()).toBe(303);
      expect(answer.headers().location).toBe('/fr/cart?cart=not-found');
    }
    const refused = await page.request.post(`/cart/items/${theirs.id}`, {
      headers: { origin: 'https://evil.example' },
      form: { intent: 'remove' },
      maxRedirects: 0,
    });
    expect(refused.status()).toBe(403);
    const added = await page.request.post('/cart/items', {
      headers: { origin: 'https://evil.example' },
      form: { variantId: String(size.id), quantity: '1', back: '/products/pjm-rhododendron' },
      maxRedirects: 0,
    });
    expect(added.status()).toBe(403);
    expect((await readCart(other)).lines).toEqual([theirs]);

    await page.goto('/fr/cart?cart=not-found');
    await expect(page.locator('.cart [role="alert"]')).toHaveText(T.fr.notFound);
    await other.dispose();
  });

  test('the way back never leaves the site', async ({ page }) => {
    const answer = await page.request.post('/cart/items', {
      headers: SAME_ORIGIN,
      form: { variantId: 'x', quantity: '1', back: '//evil.example/products', locale: 'en' },
      maxRedirects: 0,
    });
    expect(answer.status()).toBe(303);
    expect(answer.headers().location).toBe('/#cart-not-added');
  });
});
