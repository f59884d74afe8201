import { expect, type Page, test } from '@playwright/test';
import { hydrated as islandsHydrated, SAME_ORIGIN, signIn } from '../support/accounts.ts';

// Browse, product and stock, in both languages, against the built store and its seeded
// catalog (395 plants; Trees has 44, Perennials 43).

const cartBadge = (page: Page) => page.locator('[data-cart-count]');
const cards = (page: Page) => page.locator('[data-browse-results] > li');
/** The page's islands have taken over their server-rendered HTML (the purchase panel woken by a focus). */
const hydrated = (page: Page) => islandsHydrated(page.locator('body'));

/** Words of the English interface that must never show on a French page. */
const ENGLISH_UI_WORDS = [
  'Add to Cart',
  'Add to List',
  'Availability',
  'Quantity',
  'Choose a size',
  'In Stock',
  'Low Stock',
  'Out of Stock',
  'Plant details',
  'Hardiness',
  'Exposure',
  'Bloom',
  'Please note',
  'Sales Yard',
  'available',
  'Legend',
  'List price',
  'Filters',
  'Sort by',
  'Per page',
  'plants',
  'Next',
  'Previous',
  'Home',
  'Categories',
  'Full sun',
  'from',
  'Search',
];

async function expectNoEnglish(page: Page, scope = page.locator('body')) {
  // biome-ignore lint/performance/useDomNodeTextContent: what the shopper sees, not hidden markup.
  const text = await scope.innerText();
  const found = ENGLISH_UI_WORDS.filter((word) => new RegExp(`\\b${word}\\b`).test(text));
  expect(found, 'English words on a French page').toEqual([]);
}

test.describe('catalog: from the home page to the cart', () => {
  test('English: home → category → product → availability → add to cart @phone', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('region', { name: 'Shop by category' }).getByRole('link', { name: /Trees/ }).click();
    await expect(page).toHaveURL(/\/browse\/trees$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Trees');
    await expect(page.locator('[data-result-count]')).toHaveText('44 plants');
    await expect(cards(page)).toHaveCount(24);
    await expect(cards(page).first().locator('.badge')).toHaveText(/In Stock|Low Stock|Out of Stock/);

    await page.goto('/browse/trees/shade-trees');
    await page.getByRole('link', { name: /^Sugar Maple/ }).click();
    await expect(page).toHaveURL(/\/products\/sugar-maple$/);
    await expect(page).toHaveTitle('Sugar Maple – Northfield Nurseries');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sugar Maple');
    await expect(page.getByText('Acer saccharum').first()).toBeVisible();
    await hydrated(page);

    const opener = page.getByRole('button', { name: 'Availability by location' });
    await opener.click();
    const dialog = page.getByRole('dialog', { name: 'Availability by location' });
    await expect(dialog).toBeVisible();
    // A modal dialog: the focus starts on its close button and Tab never reaches the page behind.
    await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused();
    for (let press = 0; press < 12; press++) {
      await page.keyboard.press('Tab');
      const focusOutside = await page.evaluate(
        () => document.activeElement !== document.body && !document.activeElement?.closest('dialog'),
      );
      expect(focusOutside, `Tab ${press + 1}`).toBe(false);
    }
    await expect(dialog.getByRole('row', { name: /Milton Sales Yard/ }).first()).toBeVisible();
    await expect(dialog.locator('section.availability__variant')).toHaveCount(3);
    await expect(dialog.getByRole('heading', { name: 'Legend' })).toBeVisible();
    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/profile/location')) sent.push(request.method());
    });
    await dialog.getByLabel('My sales yard').selectOption({ label: 'Laval Sales Yard' });
    // The shopper's yard leads every list.
    await expect(dialog.locator('section.availability__variant').first().locator('tbody tr').first()).toContainText(
      'Laval Sales Yard',
    );
    // A visitor's yard stays in this browser: nothing is sent that the server could only refuse.
    expect(sent).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
    // A click on the backdrop, left of the panel, closes it too (on a phone the panel takes
    // the whole width and leaves no backdrop to click).
    await opener.click();
    await expect(dialog).toBeVisible();
    const panel = await dialog.boundingBox();
    if (panel && panel.x >= 40) {
      await page.mouse.click(panel.x / 2, panel.y + panel.height / 2);
    } else {
      // A phone has no backdrop to tap and no Escape key (Escape was tested above): its shopper
      // taps Close. (A second Escape here failed now and then on a loaded machine, the dialog
      // staying open; 5 runs alone all passed. Not understood yet: see the stop note.)
      await dialog.getByRole('button', { name: 'Close' }).click();
    }
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();

    await page.getByRole('radio', { name: /50 mm WB/ }).check();
    await page.getByLabel('Increase quantity').click();
    await expect(cartBadge(page)).toBeHidden();
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Added to your cart.' })).toBeVisible();
    await expect(cartBadge(page)).toHaveText('2');

    // The count comes back from the server on the next page.
    await page.goto('/browse/trees');
    await expect(cartBadge(page)).toHaveText('2');
  });

  test('French: accueil → catégorie → produit → disponibilité → panier, with no English', async ({ page }) => {
    await page.goto('/fr');
    await page
      .getByRole('region', { name: 'Magasiner par catégorie' })
      .getByRole('link', { name: /^Arbres \d+ plantes$/ })
      .click();
    await expect(page).toHaveURL(/\/fr\/browse\/arbres$/);
    await expect(page.locator('[data-result-count]')).toHaveText('44 plantes');
    await expectNoEnglish(page);

    await page.goto('/fr/browse/arbres/arbres-d-ombrage');
    await page
      .getByRole('link', { name: /^Érable à sucre/ })
      .first()
      .click();
    await expect(page).toHaveURL(/\/fr\/products\/erable-a-sucre$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr-CA');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Érable à sucre');
    await expect(page.getByText('Avril à mai')).toBeVisible();
    await hydrated(page);
    await expectNoEnglish(page);

    await page.getByRole('button', { name: 'Disponibilité par centre de vente' }).click();
    const dialog = page.getByRole('dialog', { name: 'Disponibilité par centre de vente' });
    await expect(dialog.getByRole('row', { name: /Centre de vente de Laval/ }).first()).toBeVisible();
    await expectNoEnglish(page, dialog);
    await dialog.getByRole('button', { name: 'Fermer' }).click();

    await page.getByRole('button', { name: 'Ajouter au panier' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Ajouté à votre panier.' })).toBeVisible();
    await expect(cartBadge(page)).toHaveText('1');
  });

  test('a sales yard the account could not keep is said so, in French, and still holds in this browser', async ({
    page,
    context,
  }) => {
    await signIn(context, 'customer');
    // The account refuses the save (nothing is changed on the shared demo account).
    await page.route('**/api/profile/location', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":{"code":"internal"}}' }),
    );
    await page.goto('/fr/products/erable-a-sucre');
    await hydrated(page);
    await page.getByRole('button', { name: 'Disponibilité par centre de vente' }).click();
    const dialog = page.getByRole('dialog', { name: 'Disponibilité par centre de vente' });
    await dialog.getByLabel('Mon centre de vente').selectOption({ label: 'Centre de vente de Laval' });
    await expect(page.locator('.toast')).toContainText(
      "Le Centre de vente de Laval est votre centre de vente dans ce navigateur, mais il n'a pas pu être enregistré dans votre compte.",
    );
    await expect(page.locator('.toast')).not.toContainText('est maintenant votre centre de vente');
    await expect(dialog.locator('section.availability__variant').first().locator('tbody tr').first()).toContainText(
      'Centre de vente de Laval',
    );
  });
});

test.describe('catalog: browse filters and paging', () => {
  test('page size, pages, filters and sort live in the address', async ({ page }) => {
    await page.goto('/browse/perennials');
    await expect(page.locator('[data-result-count]')).toHaveText('43 plants');
    await expect(cards(page)).toHaveCount(24);

    await page.getByLabel('Per page').selectOption('10');
    await expect(cards(page)).toHaveCount(10);
    await expect(page).toHaveURL(/\?size=10$/);
    await expect(page.locator('[data-showing]')).toHaveText('Showing 1–10 of 43');
    const firstOnPageOne = await cards(page).first().locator('h3').textContent();

    const pagination = page.getByRole('navigation', { name: 'Pages' });
    await pagination.getByRole('link', { name: '2', exact: true }).click();
    await expect(page).toHaveURL(/size=10&page=2$/);
    // A change of page scrolls to the results' top anchor, 200 px above it.
    const anchorTop = await page.evaluate(
      () => (document.getElementById('results-top')?.getBoundingClientRect().top ?? 0) + window.scrollY,
    );
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeCloseTo(Math.max(0, anchorTop - 200), 0);
    await expect(page.locator('[data-showing]')).toHaveText('Showing 11–20 of 43');
    await expect(pagination.locator('[aria-current="page"]')).toHaveText('2');
    expect(await cards(page).first().locator('h3').textContent()).not.toBe(firstOnPageOne);
    await pagination.getByRole('link', { name: 'Next' }).click();
    await expect(page.locator('[data-showing]')).toHaveText('Showing 21–30 of 43');

    await page.goBack();
    await expect(page.locator('[data-showing]')).toHaveText('Showing 11–20 of 43');

    // Filters start again from page 1.
    await page.getByLabel('In stock only').check();
    await expect(page).toHaveURL(/stock=1&size=10$/);
    const inStock = Number((await page.locator('[data-result-count]').textContent())?.split(' ')[0]);
    expect(inStock).toBeGreaterThan(0);
    expect(inStock).toBeLessThanOrEqual(43);
    await expect(cards(page).locator('.badge--out')).toHaveCount(0);

    await page.getByLabel('Full shade').check();
    await expect(page).toHaveURL(/exposure=full_shade/);
    const shade = Number((await page.locator('[data-result-count]').textContent())?.split(' ')[0]);
    expect(shade).toBeLessThan(inStock);

    await page.getByLabel('Sort by').selectOption('price-asc');
    const prices = await cards(page).locator('.product-card__price').allInnerTexts();
    const values = prices.map((text) => Number(text.replace(/[^\d.]/g, '')));
    expect(values).toEqual([...values].sort((a, b) => a - b));

    await page.getByRole('button', { name: 'Clear filters' }).first().click();
    await expect(page.locator('[data-result-count]')).toHaveText('43 plants');
  });

  test('a shared link opens on its page, and stale values are dropped', async ({ page }) => {
    await page.goto('/browse/trees?sort=name-desc&size=5&page=3&sub=no-such-thing');
    await expect(cards(page)).toHaveCount(5);
    await expect(page.locator('[data-showing]')).toHaveText('Showing 11–15 of 44');
    await expect(page.getByLabel('Sort by')).toHaveValue('name-desc');
    await expect(page.getByRole('navigation', { name: 'Pages' }).locator('[aria-current="page"]')).toHaveText('3');

    await page.goto('/browse/trees?page=99');
    await expect(page).toHaveURL(/page=2$/);
    await expect(page.locator('[data-showing]')).toHaveText('Showing 25–44 of 44');
  });

  test('sub-categories and zones filter in French too', async ({ page }) => {
    await page.goto('/fr/browse/arbres');
    await page.getByLabel(/Arbres à fleurs/).check();
    await expect(page).toHaveURL(/sub=arbres-a-fleurs/);
    await expect(page.locator('[data-result-count]')).toHaveText('13 plantes');
    await page.getByLabel('Rustique en zone').selectOption('3');
    const zones = await cards(page).locator('.product-card__zone').allInnerTexts();
    expect(zones.every((zone) => Number(zone.replace(/\D/g, '')) <= 3)).toBe(true);
    await expectNoEnglish(page);
  });

  test('without JavaScript the first page and links to every plant remain', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/browse/trees');
    await expect(cards(page)).toHaveCount(24);
    await expect(page.locator('noscript')).toHaveCount(1);
    await expect(page.getByRole('link', { name: 'Sugar Maple', exact: true })).toHaveCount(1);
    await context.close();
  });
});

test.describe('catalog: not found and other ways in', () => {
  test("unknown categories say 'Category Not Found!' in the page's language", async ({ page }) => {
    const en = await page.goto('/browse/no-such-category');
    expect(en?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Category Not Found!');
    const fr = await page.goto('/fr/browse/arbres/inexistante');
    expect(fr?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Catégorie introuvable !');
  });

  test('unknown products are 404', async ({ page }) => {
    const en = await page.goto('/products/no-such-plant');
    expect(en?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page Not Found');
    const fr = await page.goto('/fr/products/plante-inexistante');
    expect(fr?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page introuvable');
    expect((await page.goto('/product/XXX-0000'))?.status()).toBe(404);
  });

  test("an unknown size says 'SKU Not Found'", async ({ page }) => {
    await page.goto('/products/sugar-maple?sku=NOPE-1');
    await expect(page.getByRole('alert').filter({ hasText: 'SKU Not Found' })).toBeVisible();
    await page.goto('/products/sugar-maple?sku=TRE-1001-W60');
    await hydrated(page);
    await expect(page.getByRole('radio', { name: /60 mm WB/ })).toBeChecked();
  });

  test('a product code and a category id lead to the page in the same language', async ({ page }) => {
    await page.goto('/product/TRE-1001');
    await expect(page).toHaveURL(/\/products\/sugar-maple$/);
    await page.goto('/fr/product/TRE-1001');
    await expect(page).toHaveURL(/\/fr\/products\/erable-a-sucre$/);
    await page.goto('/categories/1');
    await expect(page).toHaveURL(/\/browse\/trees$/);
    await page.goto('/fr/categories/1');
    await expect(page).toHaveURL(/\/fr\/browse\/arbres$/);
  });

  test('the categories index lists every department with its sub-categories', async ({ page }) => {
    await page.goto('/categories');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('All categories');
    await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveCount(10);
    await expect(page.getByRole('link', { name: 'Shade Trees' })).toHaveAttribute('href', '/browse/trees/shade-trees');
    await page.goto('/fr/categories');
    await expect(page.getByRole('link', { name: "Arbres d'ombrage" })).toHaveAttribute(
      'href',
      '/fr/browse/arbres/arbres-d-ombrage',
    );
    await expectNoEnglish(page);
  });
});

test.describe('catalog: product page for crawlers and sharing', () => {
  test('has product structured data, a description and Open Graph', async ({ page }) => {
    await page.goto('/products/sugar-maple');
    const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
    const product = blocks.map((text) => JSON.parse(text)).find((data) => data['@type'] === 'Product');
    expect(product).toMatchObject({ name: 'Sugar Maple', sku: 'TRE-1001' });
    expect(product.offers).toHaveLength(3);
    expect(product.offers[0]).toMatchObject({ priceCurrency: 'CAD', price: '399.00' });
    expect(product.offers[0].availability).toMatch(/^https:\/\/schema\.org\/(InStock|LimitedAvailability|OutOfStock)$/);
    expect(product.image[0]).toMatch(/\/og\/tree\.png$/);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute(
      'content',
      /^Sugar Maple \(Acer saccharum\)/,
    );
    await expect(page.locator('meta[property="og:type"]')).toHaveAttribute('content', 'product');
    await expect(page.locator('link[rel="alternate"][hreflang="fr-CA"]')).toHaveAttribute(
      'href',
      /\/fr\/products\/erable-a-sucre$/,
    );
    const image = await page.request.get('/og/tree.png');
    expect(image.headers()['content-type']).toBe('image/png');
  });

  test('sizes read in French on the page and in the structured data', async ({ page }) => {
    await page.goto('/fr/products/erable-a-sucre');
    await expect(page.getByRole('radio', { name: /Calibre 50\smm \(panier de broche\)/ })).toBeVisible();
    const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
    const product = blocks.map((text) => JSON.parse(text)).find((data) => data['@type'] === 'Product');
    const names: string[] = product.offers.map((offer: { name: string }) => offer.name);
    expect(names.every((name) => /, Calibre [0-9]+\u00a0mm \(panier de broche\)$/.test(name))).toBe(true);
    for (const label of await page.locator('.purchase__size-label').allTextContents()) {
      expect(label).toMatch(/^Calibre [0-9]+\u00a0mm \(panier de broche\)$/);
    }
  });

  test('returning to a product page restores where the shopper was', async ({ page }) => {
    await page.goto('/products/sugar-maple');
    await page.evaluate(() => window.scrollTo(0, 700));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(600);
    // Leave without scrolling (a click would first scroll its link into view).
    await page.goto('/browse/trees/shade-trees');
    await page.goBack();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(600);
  });
});

test.describe('catalog: lists and the cart API', () => {
  test('add to list sends a visitor to sign in and back', async ({ page }) => {
    await page.goto('/products/sugar-maple');
    await hydrated(page);
    await page.getByRole('radio', { name: /50 mm WB/ }).check();
    await page.getByRole('button', { name: 'Add to List' }).click();
    await expect(page).toHaveURL(/\/auth\/sign-in\?redirect=/);
    const redirect = new URL(page.url()).searchParams.get('redirect');
    expect(redirect).toBe('/products/sugar-maple?sku=TRE-1001-W50&list=1');
  });

  test('the cart API counts what a guest adds and refuses bad input', async ({ request }) => {
    expect(await (await request.get('/api/cart/summary')).json()).toEqual({ count: 0 });
    const availability = await (await request.get('/api/products/1/availability')).json();
    expect(availability.locations).toHaveLength(4);
    const variantId = availability.variants[0].id;

    const added = await request.post('/api/cart/items', { headers: SAME_ORIGIN, data: { variantId, quantity: 3 } });
    expect(added.status()).toBe(200);
    expect(added.headers()['set-cookie']).toMatch(/guest_cart=[\w-]+;.*HttpOnly/i);
    expect(await added.json()).toEqual({ count: 3, added: 3, lineQuantity: 3 });
    expect(await (await request.get('/api/cart/summary')).json()).toEqual({ count: 3 });

    const invalid = await request.post('/api/cart/items', { headers: SAME_ORIGIN, data: { variantId, quantity: 0 } });
    expect(invalid.status()).toBe(400);
    // A quantity the form would refuse is refused with the form's words (decision 056).
    expect((await invalid.json()).error).toMatchObject({
      code: 'invalid_quantity',
      message: 'Enter a whole number from 1 to 9,999.',
    });
    const unknown = await request.post('/api/cart/items', {
      headers: SAME_ORIGIN,
      data: { variantId: 99_999_999, quantity: 1 },
    });
    expect(unknown.status()).toBe(404);
    const crossSite = await request.post('/api/cart/items', {
      data: { variantId, quantity: 1 },
      headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(crossSite.status()).toBe(403);
    const anonymousList = await request.post('/api/lists/default/items', { headers: SAME_ORIGIN, data: { variantId } });
    expect(anonymousList.status()).toBe(401);
  });

  test('availability of an unknown product is 404', async ({ request }) => {
    expect((await request.get('/api/products/99999999/availability')).status()).toBe(404);
    expect((await request.get('/api/products/abc/availability')).status()).toBe(404);
  });
});
