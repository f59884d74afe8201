import { expect, test } from '@playwright/test';

test.describe('the store shell', () => {
  test('home in English with the seeded categories @phone', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveTitle('Northfield Nurseries');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-CA');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Plants grown for Canadian gardens');
    await expect(page.getByText('Over 100 years in business').first()).toBeVisible();
    const categories = page.getByRole('region', { name: 'Shop by category' }).getByRole('listitem');
    await expect(categories).toHaveCount(10);
    await expect(categories.first()).toContainText(/\d+ plants/);
    await expect(page.locator('link[rel="alternate"][hreflang="fr-CA"]')).toHaveAttribute('href', /\/fr$/);
  });

  test("the footer's support number stays on one line on a 320-to-430 px phone, in both languages", async ({
    page,
  }) => {
    for (const width of [320, 360, 390, 430]) {
      await page.setViewportSize({ width, height: 844 });
      for (const path of ['/', '/fr']) {
        await page.goto(path);
        const phone = page.locator('footer a[href^="tel:"]');
        await expect(phone).toHaveText('1-800-555-0123');
        expect(await phone.evaluate((link) => link.getClientRects().length), `${path} at ${width} px`).toBe(1);
      }
    }
  });

  test('home in French, reached through the language switch', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('link', { name: 'Français, afficher cette page en français' }).click();
    await expect(page).toHaveURL(/\/fr$/);
    await expect(page).toHaveTitle('Pépinières Northfield');
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr-CA');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText("Des plantes cultivées pour les jardins d'ici");
    await expect(page.getByRole('region', { name: 'Magasiner par catégorie' })).toContainText('Arbres');
    // The choice is remembered: the English home now sends this visitor to French.
    await page.goto('/');
    await expect(page).toHaveURL(/\/fr$/);
  });

  test('on a desktop, every department shows in the header, in French too', async ({ page }) => {
    // Ten departments, longer in French: a single row scrolled sideways hid the last one
    // (« Arbres et arbustes fruitiers ») at every desktop width, unreachable with a mouse wheel.
    for (const width of [1024, 1280, 1600]) {
      await page.setViewportSize({ width, height: 800 });
      for (const path of ['/', '/fr']) {
        await page.goto(path);
        const departments = page.locator('#site-menu');
        const links = departments.getByRole('link');
        await expect(links).toHaveCount(10);
        const box = await departments.boundingBox();
        for (const link of await links.all()) {
          const place = await link.boundingBox();
          expect(
            place && box && place.x + place.width <= box.x + box.width,
            `${await link.textContent()} at ${width}px`,
          ).toBe(true);
        }
      }
    }
  });

  test('a French browser lands on the French home', async ({ browser }) => {
    const context = await browser.newContext({
      locale: 'fr-CA',
      extraHTTPHeaders: { 'accept-language': 'fr-CA,fr;q=0.9' },
    });
    const page = await context.newPage();
    await page.goto('/');
    await expect(page).toHaveURL(/\/fr$/);
    await context.close();
  });

  test('unknown pages are 404 in their language', async ({ page }) => {
    const en = await page.goto('/no-such-page');
    expect(en?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page Not Found');
    // The path as typed: no trailing slash the visitor never wrote.
    await expect(page.getByText("We couldn't find /no-such-page. It may have moved")).toBeVisible();
    const fr = await page.goto('/fr/page-inexistante');
    expect(fr?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page introuvable');
    await expect(page.getByText("Nous n'avons pas trouvé /fr/page-inexistante. La page")).toBeVisible();
  });

  test('crawlers get a bare 404 status, no error page', async ({ request }) => {
    const response = await request.get('/no-such-page', {
      headers: { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1)' },
    });
    expect(response.status()).toBe(404);
    expect(await response.text()).toBe('');
  });

  test('app settings carry the server values and the frontend version', async ({ request }) => {
    const response = await request.get('/api/app_settings');
    expect(response.ok()).toBe(true);
    const settings = await response.json();
    expect(settings).toMatchObject({
      app_env: 'test',
      password_min_length: 8,
      default_customer_type: { id: 1 },
      locations: { primary_location_type_ids_for_product_page: [1] },
      frontend_version: '4.1.15',
    });
    expect(settings.home_page.category_ids).toHaveLength(10);
  });

  test('colour mode is remembered between pages', async ({ page }) => {
    await page.goto('/');
    await page.getByLabel('Colour mode').selectOption('dark');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await page.goto('/fr');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await expect(page.getByLabel("Mode d'affichage")).toHaveValue('dark');
  });

  test('static pages are sent compressed, hashed assets cached for a year', async ({ request }) => {
    const home = await request.get('/', { headers: { 'accept-encoding': 'br, gzip' } });
    expect(home.headers()['content-encoding']).toBe('br');
    const html = await home.text();
    const asset = html.match(/\/_astro\/[^"']+\.(?:js|css)/)?.[0];
    expect(asset).toBeTruthy();
    const response = await request.get(asset as string);
    expect(response.headers()['cache-control']).toContain('immutable');
  });
});
