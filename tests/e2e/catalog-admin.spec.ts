import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { apiClient, SAME_ORIGIN, signIn } from '../support/accounts.ts';
import { makeGif, makeJpeg, makePng } from '../support/images.ts';

/**
 * The admin catalogue (issue 11), in both languages: the product list; editing a product and
 * seeing the change on the prerendered page once published, without a restart; pictures
 * uploaded, refused, reordered, deleted, and the primary one becoming the card picture; and
 * every admin page and endpoint refused to a customer. Publishing runs a real build.
 */
const PUBLISH_TIMEOUT = 240_000;

/** Waits until no build is running or queued, and returns the last one. */
async function publishSettled(request: APIRequestContext) {
  let last: { state: string; error: string | null } | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get('/api/admin/publish');
        const status = (await response.json()) as { builds: { state: string; error: string | null }[] };
        last = status.builds[0];
        return status.builds.some((build) => build.state === 'running' || build.state === 'queued')
          ? 'busy'
          : 'settled';
      },
      { timeout: PUBLISH_TIMEOUT, intervals: [1000, 2000] },
    )
    .toBe('settled');
  return last;
}

async function fileInput(page: Page) {
  return page.locator('.image-drop input[type=file]');
}

test.describe('admin catalogue', () => {
  test.describe.configure({ mode: 'serial' });

  test('the product list searches, filters, sorts and pages in the query string', async ({ page, context }) => {
    await signIn(context, 'admin');
    await page.goto('/admin/products?q=hosta&size=5&sort=code');
    await expect(page.getByRole('heading', { level: 1, name: 'Products' })).toBeVisible();
    const rows = page.locator('tbody tr');
    await expect(rows).toHaveCount(3);
    await expect(rows.first()).toHaveAttribute('data-product-code', 'PER-1001');
    await expect(rows.first().getByRole('link', { name: /English store page/ })).toHaveAttribute(
      'href',
      '/products/sum-and-substance-hosta',
    );
    await expect(rows.first().getByRole('link', { name: /French store page/ })).toHaveAttribute(
      'href',
      '/fr/products/hosta-sum-and-substance',
    );
    await expect(rows.first().getByRole('cell', { name: '0 pictures' })).toBeVisible();
    // By SKU, and unpublished only (none of these).
    await page.goto('/admin/products?q=PER-1001');
    await expect(page.locator('tbody tr')).toHaveCount(1);
    await page.getByLabel('Status').selectOption('unpublished');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page).toHaveURL(/status=unpublished/);
    await expect(page.getByText('No product matches this search.')).toBeVisible();
    // Paging: 5 a page.
    await page.goto('/fr/admin/products?size=5');
    await expect(page.locator('tbody tr')).toHaveCount(5);
    await page.getByRole('link', { name: 'Suivante' }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(page.getByText(/^Page 2 sur \d+$/)).toBeVisible();
  });

  test('a French name edited in the admin shows on the French page once published, without a restart', async ({
    page,
    context,
  }) => {
    test.setTimeout(PUBLISH_TIMEOUT + 60_000);
    await signIn(context, 'admin');
    await page.goto('/fr/admin/products/june-hosta');
    await expect(page.getByRole('heading', { level: 1, name: "Hosta 'June'" })).toBeVisible();
    const name = page.locator('.ca-lang[lang=fr]').getByLabel('Nom', { exact: true });
    await expect(name).toHaveValue("Hosta 'June'");
    await name.fill("Hosta 'June' doré");
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(page.getByText('Enregistré. La boutique affichera le changement une fois publié.')).toBeVisible();
    await expect(page.locator('.publish-panel')).toContainText(/Publication en cours|Dernière publication/);
    const last = await publishSettled(page.request);
    expect(last?.error ?? null).toBeNull();
    expect(last?.state).toBe('succeeded');
    await page.reload();
    await expect(page.getByTestId('last-publish')).toContainText(/Dernière publication \(.+\)\u00a0: Publiée\./);
    // Which kind of publish ran (decision 050): a full rebuild, or only the changed pages.
    await expect(page.getByTestId('last-publish')).toContainText(
      /Reconstruction complète\.|Seulement les pages modifiées\u00a0: \d+ pages? régénérées?\./,
    );

    const response = await page.goto('/fr/products/hosta-june');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText("Hosta 'June' doré");
    // The manifest names the page's build (and, after an incremental publish, the revision
    // that rendered it again), so open pages pick it up (decision 050).
    const latest = await (await page.request.get('/builds/latest.json')).json();
    const revision = latest.changed?.['/fr/products/hosta-june'];
    expect(await page.locator('meta[name=build-id]').getAttribute('content')).toBe(
      revision ? `${latest.id}.${revision}` : latest.id,
    );
  });

  test('a save from a form opened before another save is refused, and keeps what was typed', async ({ browser }) => {
    const first = await browser.newContext();
    const second = await browser.newContext();
    await signIn(first, 'admin');
    await signIn(second, 'admin');
    const one = await first.newPage();
    const two = await second.newPage();
    await one.goto('/admin/products/frances-williams-hosta');
    await two.goto('/admin/products/frances-williams-hosta');
    const description = (page: Page) => page.locator('.ca-lang[lang=en]').getByLabel('Description');
    await description(one).fill('Blue-green leaves with gold edges.');
    await one.getByRole('button', { name: 'Save' }).click();
    await expect(one.getByText('Saved. The store will show the change once it is published.')).toBeVisible();
    await description(two).fill('Written from an older form.');
    await two.getByRole('button', { name: 'Save' }).click();
    await expect(two.getByRole('alert')).toContainText('Someone else saved this product after you opened it');
    await expect(description(two)).toHaveValue('Written from an older form.');
    await two.reload();
    await expect(description(two)).toHaveValue('Blue-green leaves with gold edges.');
    await first.close();
    await second.close();
  });

  test('pictures: upload two PNGs and a JPEG, reorder, the first is primary and the card picture once published', async ({
    page,
    context,
  }) => {
    test.setTimeout(PUBLISH_TIMEOUT + 90_000);
    await signIn(context, 'admin');
    await clearImages(page.request, 'PER-1001');
    await page.goto('/admin/products/sum-and-substance-hosta/images');
    await expect(page.getByText('No pictures yet: the store shows a drawing of the plant.')).toBeVisible();
    const files = [
      { name: 'leaf-one.png', mimeType: 'image/png', buffer: await makePng(1600, 1200, '#2f6b2a') },
      { name: 'leaf-two.png', mimeType: 'image/png', buffer: await makePng(1000, 1000, '#77a33a') },
      { name: 'clump.jpg', mimeType: 'image/jpeg', buffer: await makeJpeg(1400, 1400, { colour: '#c9d94a' }) },
    ];
    await (await fileInput(page)).setInputFiles(files);
    const items = page.locator('.image-item');
    await expect(items).toHaveCount(3, { timeout: 60_000 });
    await expect(page.locator('.image-processing')).toHaveCount(0);
    await expect(items.nth(0)).toContainText('Original file: leaf-one.png');
    await expect(items.nth(0).locator('.image-item__primary')).toHaveText('Primary');

    // The JPEG to the top with the keyboard alternative. The keyboard follows the picture at
    // once, before the server has saved the order (held here), so Enter moves it again.
    let releaseOrder = () => {};
    const orderHeld = new Promise<void>((resolve) => {
      releaseOrder = resolve;
    });
    await page.route('**/images/order', async (route) => {
      await orderHeld;
      await route.fallback();
    });
    await items.nth(2).getByRole('button', { name: 'Move picture 3 up' }).click();
    await expect(items.nth(1)).toContainText('clump.jpg');
    await expect(items.nth(1).getByRole('button', { name: 'Move picture 2 up' })).toBeFocused();
    releaseOrder();
    await page.unroute('**/images/order');
    await page.keyboard.press('Enter');
    await expect(items.nth(0)).toContainText('clump.jpg');
    await expect(items.nth(0).locator('.image-item__primary')).toHaveText('Primary');
    await expect(page.locator('.image-item__primary')).toHaveCount(1);

    // Then drag leaf-two above it with the mouse (sortablejs).
    // All three in view, as an editor dragging would see them.
    await page.setViewportSize({ width: 1280, height: 1600 });
    await items.nth(0).scrollIntoViewIfNeeded();
    const from = await items.nth(2).locator('[data-drag-handle]').boundingBox();
    const to = await items.nth(0).locator('[data-drag-handle]').boundingBox();
    if (!from || !to) throw new Error('No drag handles');
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(to.x + to.width / 2, to.y + 2, { steps: 20 });
    await page.mouse.up();
    await expect(items.nth(0)).toContainText('leaf-two.png');
    await expect(items.nth(1)).toContainText('clump.jpg');

    // Alt text in both languages.
    await items.nth(0).getByLabel('Alt text (English)').fill('Hosta leaves in shade');
    await items.nth(0).getByLabel('Alt text (French)').fill("Feuilles d'hosta à l'ombre");
    await items.nth(0).getByRole('button', { name: 'Save text' }).click();
    await expect(page.getByText('Text saved.')).toBeVisible();

    // The order survives a reload.
    await page.reload();
    await expect(items.nth(0)).toContainText('leaf-two.png');
    await expect(items.nth(1)).toContainText('clump.jpg');
    await expect(items.nth(2)).toContainText('leaf-one.png');

    const images = (await (
      await page.request.get(`/api/admin/products/${await productId(page.request, 'PER-1001')}/images`)
    ).json()) as {
      images: { variants: { key: string; format: string; width: number }[] }[];
    };
    const primaryKeys = images.images[0]?.variants.map((variant) => variant.key) ?? [];
    expect(primaryKeys.length).toBeGreaterThan(0);

    const last = await publishSettled(page.request);
    expect(last?.state).toBe('succeeded');
    // The card on the browse page shows the primary photo, with srcset, size and alt.
    await page.goto('/browse/perennials/shade-perennials');
    const card = page.locator('.product-card', { hasText: 'Sum and Substance Hosta' });
    const img = card.locator('picture img');
    await expect(img).toHaveAttribute('alt', 'Hosta leaves in shade');
    const src = (await img.getAttribute('src')) ?? '';
    expect(primaryKeys.map((key) => `/media/${key}`)).toContain(src);
    await expect(card.locator('source[type="image/webp"]')).toHaveAttribute(
      'srcset',
      /\/media\/products\/.+ 160w, .+ 480w, .+ 1000w/,
    );
    expect(await img.getAttribute('width')).toBe('1000');
    // A product without photos keeps its drawing.
    await expect(
      page.locator('.product-card', { hasText: 'Frances Williams' }).locator('.plant-art svg'),
    ).toBeVisible();
    // The product page: photo with srcset, lightbox opens it, other photos below.
    await page.goto('/fr/products/hosta-sum-and-substance');
    const main = page.locator('.gallery__main img');
    await expect(main).toHaveAttribute('alt', "Feuilles d'hosta à l'ombre");
    expect(await main.evaluate((element) => (element as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    await expect(page.locator('.gallery__thumbs img')).toHaveCount(2);
    await page.locator('.gallery__main').click();
    await expect(page.getByRole('dialog')).toBeVisible();
    // The picture served is a real WebP or JPEG of that width.
    const served = await page.request.get(src);
    expect(served.headers()['content-type']).toBe('image/jpeg');
    expect((await sharp(await served.body()).metadata()).format).toBe('jpeg');
  });

  test('refuses a GIF named .png, a text file named .jpg and 5 MB + 1 byte, each named, in French', async ({
    page,
    context,
  }) => {
    await signIn(context, 'admin');
    await clearImages(page.request, 'PER-1008');
    await page.goto('/fr/admin/products/common-bleeding-heart/images');
    await (await fileInput(page)).setInputFiles([
      { name: 'deguisee.png', mimeType: 'image/png', buffer: await makeGif(80, 80) },
      { name: 'notes.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('Ceci est un texte, pas une photo.\n') },
      { name: 'trop-grosse.jpg', mimeType: 'image/jpeg', buffer: Buffer.alloc(5 * 1024 * 1024 + 1, 0xff) },
    ]);
    const refusals = page.locator('.image-refusal');
    await expect(refusals).toHaveCount(3, { timeout: 30_000 });
    await expect(refusals).toContainText(
      [
        'deguisee.png a été refusée : seules les photos JPG, JPEG et PNG sont acceptées.',
        'notes.jpg a été refusée : seules les photos JPG, JPEG et PNG sont acceptées.',
        'trop-grosse.jpg a été refusée : elle dépasse 5 Mo.',
      ],
      { ignoreCase: false },
    );
    await expect(page.locator('.image-item')).toHaveCount(0);
  });

  test('the upload endpoint itself refuses 5 MB + 1 byte and accepts exactly 5 MB', async () => {
    const admin = await apiClient('admin');
    const id = await productId(admin, 'PER-1008');
    const start = async () =>
      (await (
        await admin.post(`/api/admin/products/${id}/images/uploads`, {
          headers: SAME_ORIGIN,
          data: { fileName: 'x.jpg', size: 1 },
        })
      ).json()) as {
        uploadKey: string;
        target: { url: string };
      };
    const over = await start();
    const refused = await admin.put(`${over.target.url}&name=big.jpg`, {
      headers: { ...SAME_ORIGIN, 'content-type': 'application/octet-stream', 'accept-language': 'en' },
      data: Buffer.alloc(5 * 1024 * 1024 + 1, 1),
    });
    expect(refused.status()).toBe(413);
    expect((await refused.json()).error.message).toBe('big.jpg was refused: it is larger than 5 MB.');
    const exact = await start();
    const accepted = await admin.put(exact.target.url, {
      headers: { ...SAME_ORIGIN, 'content-type': 'application/octet-stream' },
      data: Buffer.alloc(5 * 1024 * 1024, 1),
    });
    expect(accepted.status()).toBe(201);
    // Stored, but not a picture: step 2 refuses it and deletes it.
    const finished = await admin.post(`/api/admin/products/${id}/images`, {
      headers: { ...SAME_ORIGIN, 'accept-language': 'en' },
      data: { uploadKey: exact.uploadKey, fileName: 'ones.jpg' },
    });
    expect(finished.status()).toBe(422);
    expect((await finished.json()).error.message).toBe(
      'ones.jpg was refused: only JPG, JPEG and PNG pictures are accepted.',
    );
    await admin.dispose();
  });

  test('deletes a picture after confirmation', async ({ page, context }) => {
    await signIn(context, 'admin');
    await clearImages(page.request, 'PER-1010');
    await page.goto('/fr/admin/products/mrs-moon-lungwort/images');
    await (await fileInput(page)).setInputFiles([
      { name: 'a.png', mimeType: 'image/png', buffer: await makePng(600, 600) },
      { name: 'b.png', mimeType: 'image/png', buffer: await makePng(600, 600, '#884422') },
    ]);
    const items = page.locator('.image-item');
    await expect(items).toHaveCount(2, { timeout: 60_000 });
    // The confirmation is an alert dialog: announced, holding the focus, giving it back.
    const deleteFirst = items.nth(0).getByRole('button', { name: 'Supprimer la photo 1' });
    await deleteFirst.click();
    const confirm = page.getByRole('alertdialog', { name: 'Supprimer cette photo ? Cette action est irréversible.' });
    await expect(confirm).toBeVisible();
    await expect(confirm.getByRole('button', { name: 'Annuler' })).toBeFocused();
    await confirm.getByRole('button', { name: 'Annuler' }).click();
    await expect(confirm).toBeHidden();
    await expect(deleteFirst).toBeFocused();
    await expect(items).toHaveCount(2);
    await deleteFirst.click();
    await page.keyboard.press('Escape');
    await expect(confirm).toBeHidden();
    await expect(deleteFirst).toBeFocused();
    await deleteFirst.click();
    await confirm.getByRole('button', { name: 'Supprimer', exact: true }).click();
    await expect(items).toHaveCount(1);
    await expect(items.nth(0)).toContainText("Fichier d'origine : b.png");
    await expect(items.nth(0).locator('.image-item__primary')).toHaveText('Principale');
    await page.reload();
    await expect(items).toHaveCount(1);
  });

  for (const path of [
    '/admin/products',
    '/fr/admin/products/june-hosta',
    '/admin/products/sum-and-substance-hosta/images',
  ]) {
    test(`${path} has no WCAG A/AA violations @phone`, async ({ page, context }) => {
      await signIn(context, 'admin');
      await page.goto(path);
      await expect(page.locator('.publish-panel')).toBeVisible();
      const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
      expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual(
        [],
      );
    });
  }

  test('a customer is refused every admin page and endpoint; a visitor is asked to sign in', async () => {
    const customer = await apiClient('customer');
    const visitor = await apiClient();
    for (const path of [
      '/admin/products',
      '/admin/products/june-hosta',
      '/admin/products/june-hosta/images',
      '/fr/admin/products',
      '/fr/admin/products/june-hosta',
      '/fr/admin/products/june-hosta/images',
    ]) {
      const response = await customer.get(path, { maxRedirects: 0 });
      expect(response.status(), path).toBe(302);
      expect(response.headers().location, path).toBe(path.startsWith('/fr') ? '/fr' : '/');
      const anonymous = await visitor.get(path, { maxRedirects: 0 });
      expect(anonymous.headers().location, path).toMatch(/\/auth\/sign-in\?redirect=/);
    }
    const id = 1;
    const endpoints: [string, string, unknown?][] = [
      ['GET', `/api/admin/products/${id}`],
      ['PUT', `/api/admin/products/${id}`, {}],
      ['GET', `/api/admin/products/${id}/images`],
      ['POST', `/api/admin/products/${id}/images`, { uploadKey: 'uploads/abc', fileName: 'a.jpg' }],
      ['POST', `/api/admin/products/${id}/images/uploads`, { fileName: 'a.jpg', size: 10 }],
      ['PUT', `/api/admin/products/${id}/images/order`, { imageIds: [1] }],
      ['PATCH', `/api/admin/products/${id}/images/1`, {}],
      ['DELETE', `/api/admin/products/${id}/images/1`],
      ['PUT', '/api/admin/uploads?key=uploads/abc', 'bytes'],
      ['GET', '/api/admin/publish'],
      ['POST', '/api/admin/publish'],
    ];
    for (const [method, path, data] of endpoints) {
      const options = { method, headers: SAME_ORIGIN, ...(data === undefined ? {} : { data }) };
      const asCustomer = await customer.fetch(path, options);
      expect(asCustomer.status(), `${method} ${path}`).toBe(403);
      expect(await asCustomer.text()).not.toContain('variants');
      const asVisitor = await visitor.fetch(path, options);
      expect(asVisitor.status(), `${method} ${path}`).toBe(401);
    }
    await customer.dispose();
    await visitor.dispose();
  });
});

async function productId(request: APIRequestContext, code: string): Promise<number> {
  // The admin list links to each product; its page names the product's id for the API.
  const html = await (await request.get(`/admin/products?q=${code}`)).text();
  const slug = /href="\/admin\/products\/([a-z0-9-]+)"/.exec(html)?.[1];
  const page = await (await request.get(`/admin/products/${slug}`)).text();
  const id = /data-product-id="(\d+)"/.exec(page)?.[1];
  if (!id) throw new Error(`No product id for ${code}`);
  return Number(id);
}

/** Deletes a product's pictures through the API, so a test starts from none (reruns included). */
async function clearImages(request: APIRequestContext, code: string): Promise<void> {
  const id = await productId(request, code);
  const { images } = (await (await request.get(`/api/admin/products/${id}/images`)).json()) as {
    images: { id: number }[];
  };
  for (const image of images) {
    const response = await request.delete(`/api/admin/products/${id}/images/${image.id}`, { headers: SAME_ORIGIN });
    expect(response.status()).toBe(200);
  }
}

test('on the French product pages, the store-page links read as French words and prices take a decimal comma', async ({
  page,
  context,
}) => {
  await signIn(context, 'admin');
  await page.goto('/fr/admin/products?q=PER-1001');
  const row = page.locator('tbody tr').first();
  for (const link of [
    row.getByRole('link', { name: /^Anglais, page/ }),
    row.getByRole('link', { name: /^Français, page/ }),
  ]) {
    // « Anglais » is a French word: it takes the page's language; hreflang names the target's.
    await expect(link).not.toHaveAttribute('lang', /./);
    await expect(link).toHaveAttribute('hreflang', /^(en|fr)$/);
  }
  await row.getByRole('link', { name: "Hosta 'Sum and Substance'", exact: true }).click();
  await expect(page.getByRole('link', { name: 'Anglais', exact: true })).not.toHaveAttribute('lang', /./);
  await expect(page.getByLabel('Prix courant ($)').first()).toHaveValue(/^\d+,\d{2}$/);
  await expect(page.getByLabel('Prix professionnel ($)').first()).toHaveValue(/^\d+,\d{2}$/);
});
