import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { SAME_ORIGIN } from '../support/accounts.ts';

// The product page's purchase panel is server HTML until the shopper first touches, focuses
// or types in it; React then loads and whatever the shopper did meanwhile is replayed
// (docs/decisions/031-islands-on-interaction.md).

const panel = (page: Page) => page.locator('astro-island[client="interaction"]');
const cartBadge = (page: Page) => page.locator('[data-cart-count]');

test.describe('purchase panel: hydrated on first use', () => {
  test('the product page loads no React until the panel is used', async ({ page }) => {
    const scripts: string[] = [];
    page.on('response', async (response) => {
      if (response.request().resourceType() === 'script') scripts.push(await response.text().catch(() => ''));
    });
    await page.goto('/products/sugar-maple');
    await page.waitForLoadState('networkidle');
    await expect(panel(page)).toHaveAttribute('ssr', '');
    // React DOM's production build links its errors to react.dev.
    expect(scripts.some((code) => code.includes('react.dev/errors'))).toBe(false);
    await expect(page.getByRole('button', { name: 'Add to Cart' })).toBeVisible();

    await page.getByLabel('Quantity', { exact: true }).focus();
    await expect(panel(page)).not.toHaveAttribute('ssr');
    await expect.poll(() => scripts.some((code) => code.includes('react.dev/errors'))).toBe(true);
  });

  test('Add to Cart as the first touch is replayed once React has taken over', async ({ page }) => {
    await page.goto('/products/sugar-maple');
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Added to your cart.' })).toBeVisible();
    await expect(cartBadge(page)).toHaveText('1');
  });

  test('a size chosen and a quantity typed before React are kept', async ({ page }) => {
    await page.goto('/fr/products/erable-a-sucre');
    await page.getByText(/^Calibre 50\smm/).click();
    await expect(page.getByRole('radio', { name: /Calibre 50\smm/ })).toBeChecked();
    await page.goto('/products/sugar-maple');
    await page.getByLabel('Quantity', { exact: true }).fill('3');
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Added to your cart.' })).toBeVisible();
    await expect(cartBadge(page)).toHaveText('3');
  });
});

// What the panel takes: a whole number from 1 to 9,999, and a cart line holds no more than
// 9,999. A quantity it cannot add is refused under the field as typed; an add that meets the
// limit says how it ended rather than "Added". Each test is a new guest with a cart of its own.
const T = {
  en: {
    product: '/products/pjm-rhododendron',
    quantity: 'Quantity',
    addToCart: 'Add to Cart',
    addToList: 'Add to List',
    added: 'Added to your cart.',
    badQuantity: 'Enter a whole number from 1 to 9,999.',
    addedToMaximum:
      'Only part of the quantity was added: your cart now holds 9,999 of this size, the maximum per size.',
    atMaximum: 'Nothing was added: your cart already holds 9,999 of this size, the maximum per size.',
  },
  fr: {
    product: '/fr/products/rhododendron-pjm',
    quantity: 'Quantité',
    addToCart: 'Ajouter au panier',
    addToList: 'Ajouter à une liste',
    added: 'Ajouté à votre panier.',
    badQuantity: 'Entrez un nombre entier de 1 à 9\u00a0999.',
    addedToMaximum:
      'Seule une partie de la quantité a été ajoutée\u00a0: votre panier contient maintenant 9\u00a0999 unités de ce format, le maximum par format.',
    atMaximum:
      "Rien n'a été ajouté\u00a0: votre panier contient déjà 9\u00a0999 unités de ce format, le maximum par format.",
  },
} as const;

/** Words on screen (the page also holds, hidden, the notes it shows when the form comes back without JavaScript). */
const shown = (page: Page, text: string) => page.getByText(text).filter({ visible: true });

async function cartLines(request: APIRequestContext) {
  const response = await request.get('/api/cart');
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { lines: { variantId: number; quantity: number }[] }).lines;
}

test.describe('purchase panel: the quantity the cart can take', () => {
  for (const locale of ['en', 'fr'] as const) {
    const t = T[locale];

    test(`a quantity that is not a whole number from 1 to 9,999 is refused under the field, as typed (${locale})`, async ({
      page,
    }) => {
      await page.goto(t.product);
      const field = page.getByLabel(t.quantity, { exact: true });
      const addToCart = page.getByRole('button', { name: t.addToCart });
      // The first one typed and pressed before React has loaded.
      for (const typed of ['0', '-2', '', '10000', '1.5']) {
        await field.fill(typed);
        await addToCart.click();
        await expect(shown(page, t.badQuantity)).toBeVisible();
        await expect(field).toHaveValue(typed);
        await expect(field).toHaveAttribute('aria-invalid', 'true');
        await expect(field).toHaveAccessibleDescription(t.badQuantity);
        await expect(field).toBeFocused();
      }
      // Add to List refuses it the same way, before asking anyone to sign in.
      await page.getByRole('button', { name: t.addToList }).click();
      await expect(field).toBeFocused();
      await expect(page).toHaveURL(new RegExp(`${t.product}$`));
      expect(await cartLines(page.request)).toEqual([]);
      await expect(shown(page, t.added)).toHaveCount(0);

      // A quantity the cart takes clears the message, and is added.
      await field.fill('12');
      await expect(shown(page, t.badQuantity)).toHaveCount(0);
      await expect(field).not.toHaveAttribute('aria-invalid');
      await addToCart.click();
      await expect(page.getByRole('status').filter({ hasText: t.added })).toBeVisible();
      await expect(cartBadge(page)).toHaveText('12');
      // Busy while adding, the button stayed where focus was: the next Tab goes on from it.
      await expect(addToCart).toBeFocused();
      // Neither the refusals nor the add loaded a page: the navigation bar never showed. It
      // shows a navigation after its 200 ms throttle, so one past that is waited for here.
      await page.waitForTimeout(400);
      await expect(page.locator('#nav-progress')).not.toHaveCSS('opacity', '1');
    });

    test(`an add that meets the 9,999 limit says so, not "added" (${locale})`, async ({ page }) => {
      await page.goto(t.product);
      // This guest's cart already holds 9,995 of the first size.
      const variantId = Number(await page.getByRole('radio').first().getAttribute('value'));
      const earlier = await page.request.post('/api/cart/items', {
        headers: SAME_ORIGIN,
        data: { variantId, quantity: 9995 },
      });
      expect(earlier.ok(), await earlier.text()).toBe(true);

      const field = page.getByLabel(t.quantity, { exact: true });
      await field.fill('10');
      await page.getByRole('button', { name: t.addToCart }).click();
      await expect(page.getByRole('status').filter({ hasText: t.addedToMaximum })).toBeVisible();
      await expect(shown(page, t.added)).toHaveCount(0);
      expect(await cartLines(page.request)).toEqual([expect.objectContaining({ variantId, quantity: 9999 })]);

      // Again: the line is full, and nothing more goes in.
      await page.getByRole('button', { name: t.addToCart }).click();
      await expect(page.getByRole('status').filter({ hasText: t.atMaximum })).toBeVisible();
      await expect(shown(page, t.addedToMaximum)).toHaveCount(0);
      await expect(shown(page, t.added)).toHaveCount(0);
      expect(await cartLines(page.request)).toEqual([expect.objectContaining({ variantId, quantity: 9999 })]);
      await expect(field).toHaveValue('10');
    });
  }
});
