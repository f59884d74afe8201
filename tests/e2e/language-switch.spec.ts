import { expect, test } from '@playwright/test';

/**
 * Issue 12.1 and 12.3 in the browser: the language switch keeps the place (page, sort,
 * filters, search query) and leads to a page's translation; the cookie it sets then sends
 * English links to their French pages.
 */
const switchLink = (page: import('@playwright/test').Page) => page.locator('[data-locale-switch]').first();

test.describe('language switch', () => {
  // Several page loads each, on a machine shared with other builds.
  test.describe.configure({ timeout: 120_000 });

  test('on a browse page keeps sub-category, sort and page, in the other language', async ({ page }) => {
    await page.goto('/browse/trees?sub=shade-trees,flowering-trees&sort=price-asc&size=10&page=2');
    await expect(page.locator('[data-browse-sort]')).toHaveValue('price-asc');
    await switchLink(page).click();
    await expect(page).toHaveURL(
      /\/fr\/browse\/arbres\?sub=arbres-d-ombrage%2Carbres-a-fleurs&sort=price-asc&size=10&page=2$/,
    );
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr-CA');
    await expect(page.locator('[data-browse-sort]')).toHaveValue('price-asc');
    await expect(page.locator('[data-browse-size]')).toHaveValue('10');
    await expect(page.locator('input[name="sub"][value="arbres-d-ombrage"]')).toBeChecked();
    await expect(page.locator('input[name="sub"][value="arbres-a-fleurs"]')).toBeChecked();
    await expect(page.locator('input[name="sub"][value="petits-arbres-ornementaux"]')).not.toBeChecked();

    // A filter changed after the page loaded travels too, and back to English.
    await page.locator('[data-browse-sort]').selectOption('name-desc');
    await switchLink(page).click();
    await expect(page).toHaveURL(/\/browse\/trees\?sub=shade-trees%2Cflowering-trees&sort=name-desc&size=10$/);
  });

  test('on search keeps the query and the page', async ({ page }) => {
    await page.goto('/search?q=maple&page=2&size=10');
    await switchLink(page).click();
    await expect(page).toHaveURL(/\/fr\/search\?q=maple&page=2&size=10$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr-CA');
  });

  test('on a product, category or content page goes to its translation; the cookie then follows English links', async ({
    page,
  }) => {
    for (const [en, fr] of [
      ['/products/goldflame-japanese-spirea', '/fr/products/spiree-japonaise-goldflame'],
      ['/browse/trees', '/fr/browse/arbres'],
      ['/content/contact', '/fr/content/nous-joindre'],
      ['/about', '/fr/about'],
    ] as const) {
      await page.context().clearCookies();
      await page.goto(en);
      await switchLink(page).click();
      await expect(page).toHaveURL(new RegExp(`${fr}$`));
    }
    // The switch set locale=fr: an English link now opens its French page.
    await page.goto('/products/sugar-maple');
    await expect(page).toHaveURL(/\/fr\/products\/erable-a-sucre$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr-CA');
    await page.goto('/browse/trees?sub=shade-trees');
    await expect(page).toHaveURL(/\/fr\/browse\/arbres\?sub=arbres-d-ombrage$/);
  });

  test('the switch is named from the words it shows: "Français" wide, "FR" on a phone @phone', async ({
    page,
    isMobile,
  }) => {
    await page.goto('/products/sugar-maple');
    const [shown, hidden] = isMobile ? ['FR', 'Français'] : ['Français', 'FR'];
    const link = page.getByRole('link', { name: new RegExp(`^${shown},? `) });
    await expect(link).toBeVisible();
    await expect(link).toHaveText(shown);
    // The other width's link is display:none, so out of the accessibility tree.
    await expect(page.getByRole('link', { name: new RegExp(`^${hidden},? `) })).toHaveCount(0);
    await link.click();
    await expect(page).toHaveURL(/\/fr\/products\/erable-a-sucre$/);
    await expect(page.getByRole('link', { name: new RegExp(`^${isMobile ? 'EN' : 'English'},? `) })).toBeVisible();
  });
});
