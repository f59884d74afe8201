import { expect, type Page, test } from '@playwright/test';

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
