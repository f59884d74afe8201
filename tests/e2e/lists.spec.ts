import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { apiClient, createConfirmedAccount, hydrated, SAME_ORIGIN, signIn } from '../support/accounts.ts';

/**
 * Wish lists (issue 8): the index and one list in both languages, the product page's Add to
 * List chooser, and who may reach a list. Each test works on a new confirmed account of its
 * own, so the seeded lists other suites rely on are never touched, and removes the lists it
 * made before it ends (the rules keep one list, the default).
 */

const cartBadge = (page: Page) => page.locator('[data-cart-count]');
/** A toast with this text (several may be on screen at once). */
const expectToast = (page: Page, text: string) =>
  expect(page.locator('.toast').filter({ hasText: text }).first()).toBeVisible();

interface ListSummary {
  id: number;
  name: string;
  isDefault: boolean;
  itemCount: number;
}

async function listsOf(request: APIRequestContext): Promise<ListSummary[]> {
  const response = await request.get('/api/lists');
  expect(response.status()).toBe(200);
  return (await response.json()).lists;
}

async function createListByApi(request: APIRequestContext, name: string): Promise<ListSummary> {
  const response = await request.post('/api/lists', { headers: SAME_ORIGIN, data: { name, description: '' } });
  expect(response.status(), await response.text()).toBe(201);
  return response.json();
}

/** A variant id of the seeded catalog, from the product's public availability. */
async function variantOf(request: APIRequestContext, productId: number): Promise<number> {
  const availability = await (await request.get(`/api/products/${productId}/availability`)).json();
  return availability.variants[0].id;
}

/** Deletes every list the test left but the default (which the rules keep), and empties that one. */
async function cleanUp(request: APIRequestContext): Promise<void> {
  for (const list of await listsOf(request)) {
    if (!list.isDefault) {
      expect((await request.delete(`/api/lists/${list.id}`, { headers: SAME_ORIGIN })).status()).toBe(204);
      continue;
    }
    const detail = await (await request.get(`/api/lists/${list.id}`)).json();
    for (const item of detail.items) {
      await request.delete(`/api/lists/${list.id}/items/${item.variantId}`, { headers: SAME_ORIGIN });
    }
  }
}

async function expectNoAxeViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

const TEXT = {
  en: {
    path: '',
    heading: 'My lists',
    create: 'Create list',
    name: 'List name',
    description: /^Description/,
    blank: 'Must not be blank.',
    defaultBadge: 'Default',
    search: 'Search my lists by name',
    oneList: '1 list',
    edit: 'Edit',
    save: 'Save',
    makeDefault: 'Make default',
    deleteList: 'Delete list',
    confirmDelete: 'Delete',
    cancel: 'Cancel',
    deleteQuestion: (name: string) => `Delete “${name}”?`,
    deleteBody: 'The list and the plants on it will be deleted. This cannot be undone.',
    notSafe: 'You cannot delete the default wishlist. Please set another wishlist as default before deleting this one.',
    deleted: (name: string) => `List “${name}” deleted.`,
    madeDefault: (name: string) => `“${name}” is now your default list.`,
    createError: 'There was an error while attempting to create your wishlist.',
    editError: 'There was an error while attempting to update your wishlist.',
    zeroItems: '0 items',
  },
  fr: {
    path: '/fr',
    heading: 'Mes listes',
    create: 'Créer la liste',
    name: 'Nom de la liste',
    description: /^Description/,
    blank: 'Ne doit pas être vide.',
    defaultBadge: 'Par défaut',
    search: 'Chercher parmi mes listes par nom',
    oneList: '1 liste',
    edit: 'Modifier',
    save: 'Enregistrer',
    makeDefault: 'Définir par défaut',
    deleteList: 'Supprimer la liste',
    confirmDelete: 'Supprimer',
    cancel: 'Annuler',
    // Playwright reads a non-breaking space in a name as a space.
    deleteQuestion: (name: string) => `Supprimer « ${name} » ?`,
    deleteBody: "La liste et les plantes qu'elle contient seront supprimées. Cette action est irréversible.",
    notSafe:
      'Vous ne pouvez pas supprimer la liste de souhaits par défaut. Veuillez définir une autre liste de souhaits par défaut avant de supprimer celle-ci.',
    deleted: (name: string) => `Liste « ${name} » supprimée.`,
    madeDefault: (name: string) => `« ${name} » est maintenant votre liste par défaut.`,
    createError: "Une erreur s'est produite lors de la création de votre liste de souhaits.",
    editError: "Une erreur s'est produite lors de la modification de votre liste de souhaits.",
    zeroItems: '0 article',
  },
} as const;

test.describe('wish lists', () => {
  for (const locale of ['en', 'fr'] as const) {
    const text = TEXT[locale];

    test(`create, search, rename, make default, delete (${locale}) @phone`, async ({ page, context, request }) => {
      // Two confirmations, each opened, cancelled and opened again, and three axe runs.
      test.setTimeout(90_000);
      const account = await createConfirmedAccount(request, { label: `lists-${locale}`, locale });
      await signIn(context, account);
      await page.goto(`${text.path}/lists`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(text.heading);
      await hydrated(page.locator('main'));

      // Create: a blank name is refused with the spec's message; the first list is the default.
      const form = page.locator('form').filter({ has: page.getByRole('button', { name: text.create }) });
      await form.getByRole('button', { name: text.create }).click();
      await expect(form.getByText(text.blank)).toBeVisible();
      await form.getByLabel(text.name).fill('Backyard');
      await form.getByLabel(text.description).fill('Sun all afternoon');
      await form.getByRole('button', { name: text.create }).click();
      const backyard = page.locator('.lists-card').filter({ hasText: 'Backyard' });
      await expect(backyard).toContainText(text.defaultBadge);
      await expect(backyard).toContainText('Sun all afternoon');
      await expect(backyard).toContainText(text.zeroItems);
      await expect(form.getByLabel(text.name)).toHaveValue('');

      // A failed create shows its message.
      await page.route('**/api/lists', (route) =>
        route.request().method() === 'POST'
          ? route.fulfill({ status: 500, contentType: 'application/json', body: '{}' })
          : route.fallback(),
      );
      await form.getByLabel(text.name).fill('Never saved');
      await form.getByRole('button', { name: text.create }).click();
      await expect(form.getByRole('alert')).toHaveText(text.createError);
      await page.unroute('**/api/lists');
      await form.getByLabel(text.name).fill('Front yard');
      await form.getByRole('button', { name: text.create }).click();
      const frontYard = page.locator('.lists-card').filter({ hasText: 'Front yard' });
      await expect(frontYard).toBeVisible();
      await expect(frontYard).not.toContainText(text.defaultBadge);

      // Search by name.
      await page.getByLabel(text.search).fill('FRONT');
      await expect(page.locator('.lists-card')).toHaveCount(1);
      await expect(page.getByRole('status').filter({ hasText: text.oneList })).toBeVisible();
      await expect(page).toHaveURL(/\?q=FRONT$/);
      await page.getByLabel(text.search).fill('');
      await expect(page.locator('.lists-card')).toHaveCount(2);
      await expectNoAxeViolations(page);

      // The default list cannot be deleted: the spec's message.
      await backyard.getByRole('link', { name: 'Backyard' }).click();
      await expect(page).toHaveURL(new RegExp(`${text.path}/lists/\\d+$`));
      await hydrated(page.locator('main'));
      // Delete says so at once, without asking to confirm what cannot be done.
      await page.getByRole('button', { name: text.deleteList }).click();
      await expect(page.locator('main').getByRole('alert')).toHaveText(text.notSafe);
      await expect(page.getByRole('alertdialog')).toHaveCount(0);

      // Rename, with the blank name refused first; a failed save shows its message.
      await page.getByRole('button', { name: text.edit }).click();
      const name = page.getByLabel(text.name);
      await name.fill('   ');
      await page.getByRole('button', { name: text.save }).click();
      await expect(page.getByText(text.blank)).toBeVisible();
      await page.route('**/api/lists/*', (route) =>
        route.request().method() === 'PATCH'
          ? route.fulfill({ status: 500, contentType: 'application/json', body: '{}' })
          : route.fallback(),
      );
      await name.fill('Back garden');
      await page.getByRole('button', { name: text.save }).click();
      await expect(page.locator('main').getByRole('alert')).toHaveText(text.editError);
      await page.unroute('**/api/lists/*');
      await page.getByRole('button', { name: text.save }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Back garden');
      await expectNoAxeViolations(page);
      const backGardenUrl = page.url();

      // Make the other list the default.
      await page.goto(`${text.path}/lists`);
      await page.locator('.lists-card').filter({ hasText: 'Front yard' }).getByRole('link').click();
      await hydrated(page.locator('main'));
      await page.getByRole('button', { name: text.makeDefault }).click();
      await expectToast(page, text.madeDefault('Front yard'));
      await expect(page.getByRole('button', { name: text.makeDefault })).toHaveCount(0);

      // Now the old default can go: confirmed, then back on the index.
      await page.goto(backGardenUrl);
      await hydrated(page.locator('main'));
      const deleteList = page.getByRole('button', { name: text.deleteList });
      await deleteList.click();
      // An alert dialog named by its question, the focus on Cancel; Cancel gives it back.
      const confirm = page.getByRole('alertdialog', { name: text.deleteQuestion('Back garden') });
      await expect(confirm).toContainText(text.deleteBody);
      await expect(confirm.getByRole('button', { name: text.cancel })).toBeFocused();
      await confirm.getByRole('button', { name: text.cancel }).click();
      await expect(confirm).toBeHidden();
      await expect(deleteList).toBeFocused();
      await deleteList.click();
      await confirm.getByRole('button', { name: text.confirmDelete, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${text.path}/lists$`));
      await expectToast(page, text.deleted('Back garden'));
      await expect(page.locator('.lists-card')).toHaveCount(1);
      await expect(page.locator('.lists-card')).toContainText(text.defaultBadge);
      expect((await listsOf(context.request)).map((list) => [list.name, list.isDefault])).toEqual([
        ['Front yard', true],
      ]);
      await cleanUp(context.request);
    });
  }

  test('Add to List: choose a list, or create one on the spot (en) @phone', async ({ page, context, request }) => {
    const account = await createConfirmedAccount(request, { label: 'chooser' });
    await signIn(context, account);
    await createListByApi(context.request, 'Backyard');
    const frontYard = await createListByApi(context.request, 'Front yard');

    await page.goto('/products/sugar-maple');
    await hydrated(page.locator('.summary-buy'));
    await page.getByRole('radio', { name: /50 mm WB/ }).check();
    await page.getByLabel('Quantity', { exact: true }).fill('3');
    await page.getByRole('button', { name: 'Add to List' }).click();
    const chooser = page.getByRole('dialog', { name: 'Add to a list' });
    await expect(chooser.getByRole('radio', { name: /Backyard/ })).toBeChecked();
    await chooser.getByRole('radio', { name: /Front yard/ }).check();
    await chooser.getByRole('button', { name: 'Add to list', exact: true }).click();
    await expect(chooser).toBeHidden();
    await expectToast(page, 'Added to Front yard.');

    // A new list, made in the chooser (a blank name is refused first).
    await page.getByRole('button', { name: 'Add to List' }).click();
    await chooser.getByRole('button', { name: 'Create and add' }).click();
    await expect(chooser.getByText('Must not be blank.')).toBeVisible();
    await chooser.getByLabel('List name').fill('Hedge row');
    await chooser.getByRole('button', { name: 'Create and add' }).click();
    await expect(chooser).toBeHidden();
    await expectToast(page, 'Added to Hedge row.');

    const lists = await listsOf(context.request);
    expect(lists.map((list) => [list.name, list.isDefault, list.itemCount])).toEqual([
      ['Backyard', true, 0],
      ['Front yard', false, 1],
      ['Hedge row', false, 1],
    ]);
    await page.goto(`/lists/${frontYard.id}`);
    const line = page.locator('.list-line').filter({ hasText: 'Sugar Maple' });
    await expect(line).toContainText('50 mm WB');
    await expect(line.getByLabel(/^Quantity of Sugar Maple/)).toHaveValue('3');
    await cleanUp(context.request);
  });

  test('Add to List for a visitor: sign in, come back, choose (fr) @phone', async ({ page, context, request }) => {
    const account = await createConfirmedAccount(request, { label: 'chooser-fr', locale: 'fr' });
    await page.goto('/fr/products/erable-a-sucre');
    await hydrated(page.locator('.summary-buy'));
    await page.getByRole('radio', { name: /Calibre 50\smm/ }).check();
    await page.getByRole('button', { name: 'Ajouter à une liste' }).click();
    await expect(page).toHaveURL(/\/fr\/auth\/sign-in\?redirect=/);
    const redirect = new URL(page.url()).searchParams.get('redirect');
    expect(redirect).toBe('/fr/products/erable-a-sucre?sku=TRE-1001-W50&list=1');

    await signIn(context, account);
    await page.goto(redirect ?? '');
    const chooser = page.getByRole('dialog', { name: 'Ajouter à une liste' });
    // A customer with no list yet makes one here.
    await chooser.getByLabel('Nom de la liste').fill('Érables');
    await chooser.getByRole('button', { name: 'Créer et ajouter' }).click();
    await expectToast(page, 'Ajouté à Érables.');
    await expect(page).toHaveURL(/\/fr\/products\/erable-a-sucre\?sku=TRE-1001-W50$/);
    const [list] = await listsOf(context.request);
    expect(list).toMatchObject({ name: 'Érables', isDefault: true, itemCount: 1 });

    // The next time, the chooser offers that list, chosen already.
    const jobSite = 'Chantier — 1250, boulevard des Érables, Laval (phase 2\u00a0: cour arrière)';
    await createListByApi(context.request, jobSite);
    // Made elsewhere (another tab): the chooser, opened again on the same page, reads the lists again.
    await page.getByRole('button', { name: 'Ajouter à une liste' }).click();
    await expect(chooser.getByRole('radio', { name: /^Chantier — 1250/ })).toBeVisible();
    await expect(chooser.getByRole('radio', { name: /^Érables/ })).toBeChecked();
    // A long name wraps beside its radio, not on the lines below a radio left alone.
    const long = chooser.locator('.list-chooser__option').filter({ hasText: /^Chantier — 1250/ });
    const radio = await long.getByRole('radio').boundingBox();
    const name = await long.locator('.list-chooser__name').boundingBox();
    if (!radio || !name) throw new Error('The long list is not shown');
    expect(radio.x + radio.width).toBeLessThanOrEqual(name.x);
    expect(radio.y + radio.height / 2).toBeGreaterThan(name.y);
    expect(radio.y + radio.height / 2).toBeLessThan(name.y + name.height);
    await chooser.getByRole('button', { name: 'Ajouter à la liste', exact: true }).click();
    await expectToast(page, 'Ajouté à Érables.');
    // The first add's toast may still be showing: the list itself says when the second is in.
    await expect
      .poll(async () => {
        const detail = await (await context.request.get(`/api/lists/${list?.id}`)).json();
        return detail.items.map((item: { sku: string; quantity: number }) => [item.sku, item.quantity]);
      })
      .toEqual([['TRE-1001-W50', 2]]);
    await cleanUp(context.request);
  });

  for (const locale of ['en', 'fr'] as const) {
    const text = {
      en: {
        path: '',
        saved: 'Quantity saved.',
        invalid: 'Enter a whole number from 1 to 9,999.',
        addToCart: /^Add to Cart – /,
        addAll: 'Add all to cart',
        addedOne: 'Added to your cart.',
        addedAll: '7 items added to your cart.',
        remove: /^Remove .* from the list$/,
        removeQuestion: /^Remove .* from the list\?$/,
        removeConfirm: 'Remove',
        cancel: 'Cancel',
        quantityOf: /^Quantity of /,
        increase: /^Increase the quantity of /,
        removeError: 'There was an error while attempting to remove the item from your wishlist.',
        addAllError: 'There was an error while attempting to add the items of your wishlist to your cart.',
      },
      fr: {
        path: '/fr',
        saved: 'Quantité enregistrée.',
        invalid: 'Entrez un nombre entier de 1 à 9\u00a0999.',
        addToCart: /^Ajouter au panier – /,
        addAll: 'Tout ajouter au panier',
        addedOne: 'Ajouté à votre panier.',
        addedAll: '7 articles ajoutés à votre panier.',
        remove: /^Retirer .* de la liste$/,
        removeQuestion: /^Retirer .* de la liste\s\?$/,
        removeConfirm: 'Retirer',
        cancel: 'Annuler',
        quantityOf: /^Quantité de /,
        increase: /^Augmenter la quantité de /,
        removeError: "Une erreur s'est produite lors du retrait de l'article de votre liste de souhaits.",
        addAllError:
          "Une erreur s'est produite lors de l'ajout des articles de votre liste de souhaits à votre panier.",
      },
    }[locale];

    test(`change a quantity, remove a line, add one and all to the cart (${locale}) @phone`, async ({
      page,
      context,
      request,
    }) => {
      const account = await createConfirmedAccount(request, { label: `lines-${locale}`, locale });
      await signIn(context, account);
      const list = await createListByApi(context.request, 'Spring order');
      for (const productId of [1, 2]) {
        const added = await context.request.post(`/api/lists/${list.id}/items`, {
          headers: SAME_ORIGIN,
          data: { variantId: await variantOf(request, productId), quantity: 2 },
        });
        expect(added.status(), await added.text()).toBe(200);
      }

      await page.goto(`${text.path}/lists/${list.id}`);
      await hydrated(page.locator('main'));
      await expect(cartBadge(page)).toBeHidden();
      const lines = page.locator('.list-line');
      await expect(lines).toHaveCount(2);
      const first = lines.first();
      const quantity = first.getByLabel(text.quantityOf);

      // The stepper saves at once; typing saves on Enter; 0 is refused with its message.
      await first.getByRole('button', { name: text.increase }).click();
      await expectToast(page, text.saved);
      await expect(quantity).toHaveValue('3');
      await quantity.fill('0');
      await quantity.press('Enter');
      await expect(first.getByText(text.invalid)).toBeVisible();
      await quantity.fill('5');
      await quantity.press('Enter');
      await expect(first.getByText(text.invalid)).toBeHidden();
      await expectToast(page, text.saved);
      await page.reload();
      await expect(page.locator('.list-line').first().getByLabel(text.quantityOf)).toHaveValue('5');
      await hydrated(page.locator('main'));

      // One line to the cart, then all of them: the header's count follows, and the toast
      // counts as the cart does (5 + 2 units, not 2 lines).
      await page.locator('.list-line').first().getByRole('button', { name: text.addToCart }).click();
      await expectToast(page, text.addedOne);
      await expect(cartBadge(page)).toHaveText('5');
      await page.getByRole('button', { name: text.addAll }).click();
      await expectToast(page, text.addedAll);
      await expect(cartBadge(page)).toHaveText('12');

      // A failed add-all and a failed remove show their messages.
      await page.route('**/api/lists/*/cart', (route) =>
        route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }),
      );
      await page.getByRole('button', { name: text.addAll }).click();
      await expect(page.locator('main').getByRole('alert')).toHaveText(text.addAllError);
      await page.unroute('**/api/lists/*/cart');
      await page.route('**/api/lists/*/items/*', (route) =>
        route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }),
      );
      // Removing a line asks first, as an alert dialog; Escape cancels and the focus comes back.
      const removeLast = page.locator('.list-line').last().getByRole('button', { name: text.remove });
      await removeLast.click();
      const confirmRemove = page.getByRole('alertdialog', { name: text.removeQuestion });
      await expect(confirmRemove.getByRole('button', { name: text.cancel })).toBeFocused();
      await page.keyboard.press('Escape');
      await expect(confirmRemove).toBeHidden();
      await expect(removeLast).toBeFocused();
      await expect(page.locator('.list-line')).toHaveCount(2);
      await removeLast.click();
      await confirmRemove.getByRole('button', { name: text.removeConfirm, exact: true }).click();
      await expect(page.locator('main').getByRole('alert')).toHaveText(text.removeError);
      await page.unroute('**/api/lists/*/items/*');

      await removeLast.click();
      await confirmRemove.getByRole('button', { name: text.removeConfirm, exact: true }).click();
      await expect(page.locator('.list-line')).toHaveCount(1);
      await page.reload();
      await expect(page.locator('.list-line')).toHaveCount(1);
      await expect(cartBadge(page)).toHaveText('12');
      await cleanUp(context.request);
    });
  }

  test("another user's list is a 404 with no data, on the page and on every endpoint", async ({
    page,
    context,
    request,
  }) => {
    const owner = await createConfirmedAccount(request, { label: 'owner' });
    const ownerClient = await apiClient(owner);
    const secret = await createListByApi(ownerClient, 'Secret garden');
    const variantId = await variantOf(request, 1);
    await ownerClient.post(`/api/lists/${secret.id}/items`, { headers: SAME_ORIGIN, data: { variantId, quantity: 4 } });

    const stranger = await createConfirmedAccount(request, { label: 'stranger' });
    await signIn(context, stranger);
    for (const path of [`/lists/${secret.id}`, `/fr/lists/${secret.id}`, '/lists/not-a-number']) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Page Not Found|Page introuvable/);
      expect(await page.content()).not.toContain('Secret garden');
    }

    const attempts: [string, string, unknown][] = [
      ['GET', `/api/lists/${secret.id}`, undefined],
      ['PATCH', `/api/lists/${secret.id}`, { name: 'Mine now', description: '' }],
      ['DELETE', `/api/lists/${secret.id}`, undefined],
      ['POST', `/api/lists/${secret.id}/default`, undefined],
      ['POST', `/api/lists/${secret.id}/items`, { variantId, quantity: 1 }],
      ['PATCH', `/api/lists/${secret.id}/items/${variantId}`, { quantity: 9 }],
      ['DELETE', `/api/lists/${secret.id}/items/${variantId}`, undefined],
      ['POST', `/api/lists/${secret.id}/cart`, {}],
    ];
    for (const [method, path, data] of attempts) {
      const response = await context.request.fetch(path, { method, headers: SAME_ORIGIN, data });
      expect(response.status(), `${method} ${path}`).toBe(404);
      expect(await response.json(), `${method} ${path}`).toEqual({
        error: { code: 'not_found', message: 'Not Found' },
      });
    }

    const visitor = await apiClient();
    expect((await visitor.get('/api/lists')).status()).toBe(401);
    expect((await visitor.get(`/api/lists/${secret.id}`)).status()).toBe(401);

    const detail = await (await ownerClient.get(`/api/lists/${secret.id}`)).json();
    expect(detail).toMatchObject({ name: 'Secret garden', isDefault: true });
    expect(detail.items.map((item: { quantity: number }) => item.quantity)).toEqual([4]);
    const refused = await ownerClient.delete(`/api/lists/${secret.id}`, { headers: SAME_ORIGIN });
    expect(refused.status()).toBe(409);
    expect((await refused.json()).error.code).toBe('wishlist_not_safe_to_destroy');

    await cleanUp(ownerClient);
    await ownerClient.dispose();
    await visitor.dispose();
  });
});
