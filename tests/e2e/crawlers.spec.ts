import { expect, test } from '@playwright/test';

test.describe('for crawlers and returning visitors', () => {
  test('sitemap.xml lists both languages with alternates', async ({ request }) => {
    const response = await request.get('/sitemap.xml');
    expect(response.ok()).toBe(true);
    expect(response.headers()['content-type']).toContain('application/xml');
    const xml = await response.text();
    for (const path of [
      '/</loc>',
      '/fr</loc>',
      '/about</loc>',
      '/fr/about</loc>',
      '/browse/trees</loc>',
      '/fr/browse/arbres</loc>',
      '/products/sugar-maple</loc>',
      '/fr/products/erable-a-sucre</loc>',
      '/content/faqs</loc>',
      '/fr/content/faq</loc>',
    ]) {
      expect(xml, path).toContain(path);
    }
    expect(xml).not.toContain('/content/about</loc>');
    expect(xml).toMatch(/<xhtml:link rel="alternate" hreflang="fr-CA" href="[^"]+\/fr\/products\/erable-a-sucre"\/>/);
    expect(xml.match(/<url>/g)?.length).toBeGreaterThan(800);
  });

  test('robots.txt keeps private areas out and points to the sitemap', async ({ request, baseURL }) => {
    const robots = await (await request.get('/robots.txt')).text();
    for (const path of ['/api/', '/admin', '/checkout', '/profile', '/lists', '/auth/', '/cart', '/sandbox']) {
      expect(robots).toContain(`Disallow: ${path}\n`);
    }
    expect(robots).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
  });

  test('a path in the redirects table sends the visitor on, with its status', async ({ request, page }) => {
    const shop = await request.get('/shop', { maxRedirects: 0 });
    expect(shop.status()).toBe(301);
    expect(shop.headers().location).toBe('/browse/trees');
    const catalogue = await request.get('/catalogue?q=rose', { maxRedirects: 0 });
    expect(catalogue.status()).toBe(302);
    expect(catalogue.headers().location).toBe('/search?q=rose');
    await page.goto('/fr/catalogue?q=rosier');
    await expect(page).toHaveURL(/\/fr\/search\?q=rosier$/);
    // The addresses people type for signing in and up lead to the pages, with where they were going.
    for (const [from, to] of [
      ['/sign-in?next=%2Fcart', '/auth/sign-in?next=%2Fcart'],
      ['/fr/connexion', '/fr/auth/sign-in'],
      ['/auth/sign-up', '/register'],
      ['/fr/auth/sign-up', '/fr/register'],
    ]) {
      const answer = await request.get(from, { maxRedirects: 0 });
      expect([answer.status(), answer.headers().location]).toEqual([301, to]);
    }
  });

  test('each build publishes its manifest, and pages carry its id', async ({ request, page }) => {
    const latest = await (await request.get('/builds/latest.json')).json();
    expect(latest).toMatchObject({ id: expect.any(String), timestamp: expect.any(Number) });
    const meta = await (await request.get(`/builds/meta/${latest.id}.json`)).json();
    expect(meta).toMatchObject({ id: latest.id });
    expect(meta.prerendered).toContain('/content/faqs');
    // The admin suite publishes beside this one: a page carries the build that was the latest
    // when it was served (the manifest read above, or one read just after), with the revision
    // of the incremental publish that rendered it again, if one did (decision 050).
    const carried = (manifest: { id: string; changed?: Record<string, number> }, path: string) => {
      const revision = manifest.changed?.[path];
      return revision ? `${manifest.id}.${revision}` : manifest.id;
    };
    for (const path of ['/', '/search?q=rose']) {
      await page.goto(path);
      const id = await page.locator('meta[name="build-id"]').getAttribute('content');
      const now = await (await request.get('/builds/latest.json')).json();
      const pathname = new URL(path, 'http://x').pathname;
      expect([carried(latest, pathname), carried(now, pathname)], path).toContain(id);
    }
  });

  test('once a newer build is out, the next link is a full load of it', async ({ page }) => {
    await page.clock.install();
    await page.route('**/builds/latest.json', (route) =>
      route.fulfill({ json: { id: 'a-newer-build', timestamp: Date.now() } }),
    );
    await page.goto('/content/faqs');
    await page.clock.fastForward(60_000);
    await expect(page.getByRole('status').filter({ hasText: 'A new version of the store is available' })).toBeVisible();
    await page.getByRole('link', { name: 'Home' }).first().click();
    await expect(page).toHaveURL(/\/$/);
    const guard = await page.evaluate(() => sessionStorage.getItem('nursery:reload-at'));
    expect(Number(guard)).toBeGreaterThan(0);
  });
});
