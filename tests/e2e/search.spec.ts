import { expect, test } from '@playwright/test';
import { englishOn } from '../support/english-text.ts';

test.describe('search', () => {
  test('the header search finds Érable for "erable" in English @phone', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('search').getByRole('searchbox').fill('erable');
    await page.getByRole('search').getByRole('searchbox').press('Enter');
    await expect(page).toHaveURL(/\/search\?q=erable$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Results for “erable”');
    await expect(page).toHaveTitle('Results for “erable” – Northfield Nurseries');
    await expect(page.locator('[data-result-count]')).toContainText(/\d+ results/);
    const maple = page.getByRole('link', { name: /^Sugar Maple/ });
    await expect(maple).toHaveAttribute('href', '/products/sugar-maple');
    await expect(maple).toContainText('Acer saccharum');
    await expect(maple).toContainText(/from \$\d+\.\d{2}/);
    await expect(maple.locator('.badge')).toHaveText(/In Stock|Low Stock|Out of Stock/);
    // Results pages are not for indexing.
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  });

  test('the French search forgives typos: "hydrangia" finds the hydrangeas', async ({ page }) => {
    await page.goto('/fr/search?q=hydrangia');
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr-CA');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Résultats pour « hydrangia »');
    const results = page.locator('[data-search-results] > li');
    await expect(results.first()).toContainText('Hydrangée');
    await expect(results.first().getByRole('link')).toHaveAttribute('href', /^\/fr\/products\/hydrangee-/);
    await expect(results.first()).toContainText('Orthographe voisine');
    await expect(results.first()).toContainText(/à partir de \d/);
    expect(await englishOn(page, ['search', 'content'])).toEqual([]);
  });

  test('finds a product by SKU and by code', async ({ page }) => {
    await page.goto('/search?q=shr-1001-c3');
    const results = page.locator('[data-search-results] > li');
    await expect(results).toHaveCount(1);
    await expect(results.first()).toContainText('Limelight Panicle Hydrangea');
    await expect(results.first()).toContainText('SKU SHR-1001-C3');
    // The size named: its own price, not the product's lowest « from » one, and the product
    // page opens on it, so Add to Cart adds the size searched for.
    await expect(results.first().locator('.price')).toHaveText(/^\$\d+\.\d\d$/);
    await results.first().getByRole('link').click();
    await expect(page).toHaveURL(/\/products\/[^?]+\?sku=SHR-1001-C3$/);
    await expect(page.getByRole('radio', { name: /SHR-1001-C3/ })).toBeChecked();
    await page.goto('/fr/search?q=TRE-1001');
    await expect(results).toHaveCount(1);
    await expect(results.first()).toContainText('Érable à sucre');
    await page.goto('/fr/search?q=tre-1025-w40');
    await expect(results.first()).toContainText('UGS TRE-1025-W40');
    await expect(results.first().locator('.price')).toHaveText(/^[\d\s]+,\d\d\s\$$/);
    await results.first().getByRole('link').click();
    await expect(page.getByRole('radio', { name: /TRE-1025-W40/ })).toBeChecked();
  });

  test('pages through results and changes the page size', async ({ page }) => {
    await page.goto('/search?q=maple&size=5');
    const pages = page.getByRole('navigation', { name: 'Search result pages' });
    await expect(pages).toBeVisible();
    await expect(page.locator('[data-search-results] > li')).toHaveCount(5);
    await expect(page.locator('[data-result-count]')).toContainText('Showing 1–5 of');
    await pages.getByRole('link', { name: '2', exact: true }).click();
    await expect(page).toHaveURL(/[?&]page=2/);
    await expect(page.locator('[data-result-count]')).toContainText('Showing 6–10 of');
    await expect(pages.getByRole('link', { name: '2', exact: true })).toHaveAttribute('aria-current', 'page');
    await page.getByLabel('Results per page').selectOption('10');
    await expect(page).toHaveURL(/size=10/);
    await expect(page.locator('[data-search-results] > li')).toHaveCount(10);
    expect(await page.getByLabel('Results per page').locator('option').allTextContents()).toEqual(
      expect.arrayContaining(['5', '10', '25', '50', '100']),
    );
  });

  test('shows the empty state with suggestions, in both languages', async ({ page }) => {
    await page.goto('/search?q=hydrxyz');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('No results for “hydrxyz”');
    await expect(page.getByText('Did you mean')).toBeVisible();
    await page.getByRole('link', { name: 'Climbing Hydrangea' }).click();
    await expect(page).toHaveURL(/q=Climbing\+Hydrangea/);
    await expect(page.locator('[data-search-results] > li').first()).toContainText('Climbing Hydrangea');

    await page.goto('/fr/search?q=qqqqqq');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Aucun résultat pour « qqqqqq »');
    await expect(page.getByRole('heading', { name: 'Conseils de recherche' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Arbres' }).first()).toBeVisible();
    expect(await englishOn(page, ['search'])).toEqual([]);
  });

  test('a long unbroken query finding nothing wraps in its heading, not past a phone screen, in both languages @phone', async ({
    page,
  }) => {
    const pasted = 'x'.repeat(120);
    for (const path of ['/search', '/fr/search']) {
      await page.goto(`${path}?q=${pasted}`);
      await expect(page.getByRole('heading', { level: 1 })).toContainText('x'.repeat(60));
      const { scrollWidth, clientWidth } = await page.evaluate(() => ({
        scrollWidth: document.documentElement.scrollWidth,
        clientWidth: document.documentElement.clientWidth,
      }));
      expect(scrollWidth, path).toBeLessThanOrEqual(clientWidth);
    }
  });

  test('guides before any query, in both languages', async ({ page }) => {
    await page.goto('/search');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Search the catalogue');
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/search$/);
    await page.getByRole('link', { name: 'Thuja occidentalis' }).click();
    await expect(page.locator('[data-search-results] > li').first()).toContainText('Thuja occidentalis');

    await page.goto('/fr/search');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Chercher dans le catalogue');
    await page.getByLabel('Chercher des plantes').fill('érable à sucre');
    await page.getByRole('button', { name: 'Rechercher' }).last().click();
    await expect(page.locator('[data-search-results] > li').first()).toContainText('Érable à sucre');
    expect(await englishOn(page, ['search'])).toEqual([]);
  });

  test('answers as JSON at /api/search', async ({ request }) => {
    const response = await request.get('/api/search?q=TRE-1001&size=5');
    expect(response.ok()).toBe(true);
    const body = await response.json();
    expect(body).toMatchObject({ query: 'TRE-1001', page: 1, size: 5, total: 1, locale: 'en' });
    expect(body.hits[0]).toMatchObject({
      code: 'TRE-1001',
      name: 'Sugar Maple',
      match: 'code',
      href: '/products/sugar-maple',
    });
    const french = await (await request.get('/api/search?q=erable&locale=fr')).json();
    expect(french.hits[0].href).toMatch(/^\/fr\/products\//);
    expect(french.locale).toBe('fr');
  });
});
