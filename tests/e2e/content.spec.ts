import { expect, test } from '@playwright/test';
import { englishOn } from '../support/english-text.ts';

test.describe('content pages', () => {
  test('a long page has a title, a summary and a table of contents @phone', async ({ page }) => {
    await page.goto('/content/faqs');
    await expect(page).toHaveTitle('Frequently Asked Questions – Northfield Nurseries');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Frequently Asked Questions');
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /quote requests/);
    const toc = page.getByRole('navigation', { name: 'On this page' });
    await expect(toc.getByRole('link')).not.toHaveCount(0);
    await toc.getByRole('link', { name: 'Do I pay anything online?' }).click();
    await expect(page).toHaveURL(/#do-i-pay-anything-online$/);
    await expect(page.getByRole('heading', { name: 'Do I pay anything online?' })).toBeInViewport();
    // Markdown, rendered: lists, emphasis and links to the other pages.
    await expect(page.locator('article').getByRole('link', { name: 'cart' }).first()).toHaveAttribute('href', '/cart');
  });

  test('French content pages are in French, with French links', async ({ page }) => {
    await page.goto('/fr/content/nous-joindre');
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr-CA');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Nous joindre');
    await expect(page.getByRole('navigation', { name: 'Sur cette page' })).toBeVisible();
    const links = await page
      .locator('article a[href^="/"]')
      .evaluateAll((anchors) => anchors.map((a) => a.getAttribute('href')));
    expect(links.length).toBeGreaterThan(0);
    for (const href of links) expect(href).toMatch(/^\/fr\//);
    await expect(page.locator('link[rel="alternate"][hreflang="en-CA"]')).toHaveAttribute(
      'href',
      /\/content\/contact$/,
    );
    expect(await englishOn(page, ['content'])).toEqual([]);
  });

  test('About is one page at /about and /fr/about: its content block redirects there', async ({ page, request }) => {
    await page.goto('/about');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('About Northfield Nurseries');
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/about$/);
    await expect(page.locator('footer').getByRole('link', { name: 'About' })).toHaveAttribute('href', '/about');
    for (const [duplicate, one] of [
      ['/content/about', '/about'],
      ['/fr/content/a-propos', '/fr/about'],
    ]) {
      const response = await request.get(duplicate, { maxRedirects: 0 });
      expect(response.status(), duplicate).toBe(301);
      expect(response.headers().location).toBe(one);
    }
    await page.goto('/fr/about');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('À propos des Pépinières Northfield');
    await expect(page.locator('link[rel="alternate"][hreflang="en-CA"]')).toHaveAttribute('href', /\/about$/);
  });

  test("the contact page's yard phone numbers and hours are the availability panel's", async ({ page, request }) => {
    for (const [path, locale] of [
      ['/content/contact', 'en'],
      ['/fr/content/nous-joindre', 'fr'],
    ] as const) {
      const panel = (await (await request.get(`/api/products/1/availability?locale=${locale}`)).json()) as {
        locations: { code: string; phone: string; hours: string }[];
      };
      expect(panel.locations.length).toBeGreaterThan(0);
      await page.goto(path);
      for (const location of panel.locations) {
        const yard = page.locator(`[data-location-code="${location.code}"]`);
        await expect(yard.locator('[data-yard-phone]'), `${path} ${location.code}`).toHaveText(location.phone);
        await expect(yard.locator('[data-yard-hours]'), `${path} ${location.code}`).toHaveText(location.hours);
      }
      await expect(page.locator('main')).not.toContainText('{{');
    }
  });

  test('a missing content block is Not Found (404) in its language', async ({ page }) => {
    const en = await page.goto('/content/no-such-page');
    expect(en?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Not Found');
    await expect(page.getByRole('link', { name: 'FAQs' }).first()).toBeVisible();
    const fr = await page.goto('/fr/content/page-inexistante');
    expect(fr?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Introuvable');
    await expect(page.locator('main').getByRole('link', { name: 'Garantie' })).toHaveAttribute(
      'href',
      '/fr/content/garantie',
    );
    expect(await englishOn(page, ['content'])).toEqual([]);
  });
});
