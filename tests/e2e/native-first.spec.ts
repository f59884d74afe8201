import { type APIRequestContext, type BrowserContext, expect, type Locator, type Page, test } from '@playwright/test';
import { createConfirmedAccount, SAME_ORIGIN, signIn } from '../support/accounts.ts';
import { makePng } from '../support/images.ts';
import { createShopper } from '../support/shopper.ts';

/**
 * Native first, then React (docs/decisions/048-native-first-islands.md), on a slow phone
 * network with a cold cache: Playwright's check(), fill() and click() as the very first touch
 * of an island take effect at once (a radio changes, typing shows), a button that needs the
 * island says it is busy from the first press and leaving meanwhile asks first, and once React
 * has hydrated it holds what the shopper did.
 */

// Chrome DevTools' "Slow 3G": 2 s round trips, about 50 KB/s each way.
const SLOW_3G = { offline: false, latency: 2_000, downloadThroughput: 50_000, uploadThroughput: 50_000 };

async function slowNetwork(page: Page, context: BrowserContext) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', SLOW_3G);
}

/**
 * Holds the page's scripts until `release` is called, so a test can assert the server's HTML
 * (an island not hydrated yet) and touch it first without racing a fast load. Stylesheets
 * pass, so the page still renders as a shopper sees it.
 */
async function holdScripts(page: Page): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/_astro\/.*\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

interface CartBody {
  count: number;
  lines: { id: number; sku: string; quantity: number; variantId: number }[];
}

async function readCart(request: APIRequestContext): Promise<CartBody> {
  const response = await request.get('/api/cart');
  expect(response.ok()).toBe(true);
  return response.json();
}

async function sizesOf(request: APIRequestContext, productId: number) {
  const response = await request.get(`/api/products/${productId}/availability`);
  expect(response.ok()).toBe(true);
  return (await response.json()).variants as { id: number; sku: string }[];
}

type Locale = 'en' | 'fr';
const LOCALES: Locale[] = ['en', 'fr'];
const prefix = (locale: Locale) => (locale === 'fr' ? '/fr' : '');
const byLocale = <T>(locale: Locale, en: T, fr: T) => (locale === 'fr' ? fr : en);

const SUGAR_MAPLE = { en: '/products/sugar-maple', fr: '/fr/products/erable-a-sucre' };
const PJM_PRODUCT_ID = 1;

/** A size of the PJM Rhododendron in the cart of the context's shopper (a guest unless signed in). */
async function addOnePlant(context: BrowserContext): Promise<{ id: number; sku: string }> {
  const [size] = await sizesOf(context.request, PJM_PRODUCT_ID);
  if (!size) throw new Error('The PJM Rhododendron has a size');
  const added = await context.request.post('/api/cart/items', {
    headers: SAME_ORIGIN,
    data: { variantId: size.id, quantity: 1 },
  });
  expect(added.ok(), await added.text()).toBe(true);
  return size;
}

/** A new shopper, signed in, in `locale`, with a plant in the cart: ready for the checkout. */
async function readyToCheckOut(request: APIRequestContext, context: BrowserContext, label: string, locale: Locale) {
  const account = await createConfirmedAccount(request, { label, locale });
  await signIn(context, account);
  await addOnePlant(context);
}

test.describe('native first on slow 3G, cold cache', () => {
  test.describe.configure({ timeout: 180_000 });

  test('the purchase panel: a size, a quantity and Add to Cart as first touches', async ({ page, context }) => {
    await slowNetwork(page, context);
    await page.goto(SUGAR_MAPLE.en);
    const island = page.locator('astro-island[client="interaction"]');
    await expect(island).toHaveAttribute('ssr', '');

    // A radio changes as the shopper presses it, before any React.
    const sizes = page.getByRole('radio');
    const second = sizes.nth(1);
    await second.check();
    await expect(second).toBeChecked();
    await page.getByLabel('Quantity', { exact: true }).fill('3');
    await expect(page.getByLabel('Quantity', { exact: true })).toHaveValue('3');

    // Add to Cart waits for the island, busy from the first press.
    const add = page.getByRole('button', { name: 'Add to Cart' });
    await add.click();
    await expect(add).toHaveAttribute('aria-busy', 'true');

    // Leaving meanwhile asks first; staying keeps the add.
    // (The prompt blocks the page: it is answered as it opens, or the click would wait on it.)
    const asked: string[] = [];
    page.once('dialog', (dialog) => {
      asked.push(dialog.type());
      void dialog.dismiss();
    });
    await page.locator('a[href="/cart"]').first().click();
    await expect.poll(() => asked).toEqual(['beforeunload']);
    await expect(page).toHaveURL(/\/products\/sugar-maple$/);

    await expect(page.getByRole('status').filter({ hasText: 'Added to your cart.' })).toBeVisible({
      timeout: 60_000,
    });
    await expect(island).not.toHaveAttribute('ssr');
    await expect(second).toBeChecked();
    await expect(page.getByLabel('Quantity', { exact: true })).toHaveValue('3');
    const secondSku = await page.locator('.purchase__sku').nth(1).textContent();
    const cart = await readCart(page.request);
    expect(cart.lines).toHaveLength(1);
    expect(secondSku).toContain(cart.lines[0]?.sku);
    expect(cart.lines[0]?.quantity).toBe(3);
  });

  test('the checkout form: a radio and typed text as first touches are adopted (fr)', async ({
    page,
    context,
    request,
  }) => {
    await readyToCheckOut(request, context, 'native-checkout', 'fr');

    await slowNetwork(page, context);
    await page.goto('/fr/checkout');
    const form = page.locator('form.checkout-form');
    const island = page.locator('astro-island').filter({ has: form });
    await expect(island).toHaveAttribute('ssr', '');
    // The server's HTML shows the choice the form starts with, and the part it asks for.
    await expect(form.getByLabel('Cueillette', { exact: true })).toBeChecked();
    await expect(form.getByRole('heading', { name: 'Renseignements de cueillette' })).toBeVisible();
    const delivery = form.getByLabel('Livraison', { exact: true });
    await delivery.check();
    await expect(delivery).toBeChecked();
    const comments = form.getByLabel(/^Commentaires/);
    await comments.fill('Laisser près de la grange');
    await expect(comments).toHaveValue('Laisser près de la grange');

    // React takes over and shows what the choice asks for, keeping both.
    await expect(island).not.toHaveAttribute('ssr', { timeout: 60_000 });
    await expect(form.getByRole('heading', { name: 'Renseignements de livraison' })).toBeVisible({ timeout: 30_000 });
    await expect(delivery).toBeChecked();
    await expect(comments).toHaveValue('Laisser près de la grange');
  });

  test('the checkout form: Send as the very first touch says what is missing (fr)', async ({
    page,
    context,
    request,
  }) => {
    await readyToCheckOut(request, context, 'native-checkout-send', 'fr');
    const release = await holdScripts(page);
    // Module scripts hold back DOMContentLoaded: the page is used from its first bytes.
    await page.goto('/fr/checkout', { waitUntil: 'commit' });
    const form = page.locator('form.checkout-form');
    const island = page.locator('astro-island').filter({ has: form });
    await expect(island).toHaveAttribute('ssr', '');
    // The server's button takes the press (a disabled one would swallow it, and the shopper
    // would have to press again): busy at once, then carried out once React is there.
    const send = form.getByRole('button', { name: 'Envoyer la demande de soumission' });
    await expect(send).toBeEnabled();
    await send.click();
    await expect(send).toHaveAttribute('aria-busy', 'true');
    release();
    await expect(
      form.getByRole('alert').filter({ hasText: 'Veuillez remplir tous les champs obligatoires.' }),
    ).toBeVisible({ timeout: 30_000 });
    await expect(form.getByText('Veuillez choisir un mode de paiement.')).toBeVisible();
    await expect(page).toHaveURL(/\/fr\/checkout$/);
  });

  test('the cart page: + as the first touch is carried out once React is there', async ({ page, context }) => {
    const size = await addOnePlant(context);

    await slowNetwork(page, context);
    await page.goto('/cart');
    const line = page.locator(`[data-cart-line="${size.sku}"]`);
    const increase = line.getByRole('button', { name: /^Increase the quantity of/ });
    await increase.click();
    await expect(line.getByLabel(/^Quantity of/)).toHaveValue('2', { timeout: 60_000 });
    await expect.poll(async () => (await readCart(page.request)).count, { timeout: 30_000 }).toBe(2);
    // With React there, a typed quantity applies by itself: the no-JavaScript Update button goes.
    await expect(line.getByRole('button', { name: /^Update the quantity of/ })).toBeHidden();
    await line.getByLabel(/^Quantity of/).fill('4');
    await line.getByLabel(/^Quantity of/).press('Enter');
    await expect.poll(async () => (await readCart(page.request)).count, { timeout: 30_000 }).toBe(4);
  });

  test('the sign-in form: typing and Sign in as first touches sign in', async ({ page, context, request }) => {
    const account = await createConfirmedAccount(request, { label: 'native-sign-in' });
    await slowNetwork(page, context);
    await page.goto('/auth/sign-in?redirect=%2Fcart');
    const island = page.locator('astro-island').filter({ has: page.getByLabel('Email') });
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await expect(page.getByLabel('Email')).toHaveValue(account.email);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL(/\/cart$/, { timeout: 90_000 });
    await expect(island).toHaveCount(0);
  });
});

test.describe('native first, then React, without a frame undone', () => {
  test('a size and a quantity chosen before React stay as chosen while React takes over', async ({ page }) => {
    // The island's scripts wait until the shopper has chosen, then come at once, as from a
    // warm cache: React hydrates within a few tasks of the choice, not seconds later.
    const release = await holdScripts(page);
    // Module scripts hold back DOMContentLoaded: the page is used from its first bytes.
    await page.goto(SUGAR_MAPLE.en, { waitUntil: 'commit' });
    const island = page.locator('astro-island[client="interaction"]').first();
    await expect(island).toHaveAttribute('ssr', '');
    const second = page.getByRole('radio').nth(1);
    await second.check();
    await expect(second).toBeChecked();
    const quantity = page.getByLabel('Quantity', { exact: true });
    await quantity.fill('3');
    await expect(quantity).toHaveValue('3');

    // Every state both fields show from now until React has them, read between the page's tasks.
    await page.evaluate(() => {
      const seen: string[] = [];
      Object.assign(window, { fieldsSeen: seen });
      let after = 0;
      const note = () => {
        const radio = document.querySelectorAll<HTMLInputElement>('.purchase input[type="radio"]')[1];
        const count = document.querySelector<HTMLInputElement>('.purchase input[type="number"]');
        seen.push(`${radio?.checked}/${count?.value}`);
        if (radio && Object.keys(radio).some((key) => key.startsWith('__reactFiber$'))) after++;
        if (after < 50) setTimeout(note, 0);
      };
      note();
    });
    release();
    await expect(island).not.toHaveAttribute('ssr', { timeout: 30_000 });
    const seen = await page.waitForFunction(() => {
      const states = (window as unknown as { fieldsSeen: string[] }).fieldsSeen;
      return states.length > 50 && states;
    });
    const states = (await seen.jsonValue()) as string[];
    expect(states.filter((state) => state !== 'true/3')).toEqual([]);
    await expect(second).toBeChecked();
    await expect(quantity).toHaveValue('3');
  });

  test('a page size chosen before the page script runs is applied once it does', async ({ page }) => {
    const release = await holdScripts(page);
    await page.goto('/fr/search?q=erable', { waitUntil: 'commit' });
    const size = page.getByLabel('Résultats par page', { exact: true });
    await size.selectOption('25');
    await expect(size).toHaveValue('25');
    release();
    await expect(page).toHaveURL(/[?&]size=25/);
    await expect(page.getByLabel('Résultats par page', { exact: true })).toHaveValue('25');
  });

  for (const locale of LOCALES) {
    test(`radios chosen before the form library registers them stay chosen (${locale})`, async ({
      page,
      context,
      request,
    }) => {
      // react-hook-form writes a radio group's default into it as React commits the form (it
      // adopts a typed field or a select as it finds them, not a radio): the visitor's choice
      // must be back before anything else runs, let alone paints.
      await readyToCheckOut(request, context, `native-radios-${locale}`, locale);

      // Which radios are checked at the start of every task the page runs (its timers, its
      // posted messages, React's scheduler among them, and its frames), from the choice until
      // React has them: a task, and so a paint, can only fall between two tasks.
      await page.addInitScript(() => {
        const seen: string[] = [];
        const state = () =>
          [...document.querySelectorAll<HTMLInputElement>('form.checkout-form input[type="radio"]')]
            .filter((radio) => radio.checked)
            .map((radio) => radio.value)
            .join('+');
        const note = () => {
          if ((window as unknown as { recording?: boolean }).recording) seen.push(state());
        };
        Object.assign(window, { radiosSeen: seen });
        const wrap = <A extends unknown[]>(callback: (...args: A) => unknown) =>
          function (this: unknown, ...args: A) {
            note();
            return callback.apply(this, args);
          };
        const setTimer = window.setTimeout;
        window.setTimeout = ((callback: TimerHandler, ms?: number, ...rest: unknown[]) =>
          setTimer(
            typeof callback === 'function' ? wrap(callback as () => unknown) : callback,
            ms,
            ...rest,
          )) as typeof setTimeout;
        const frame = window.requestAnimationFrame;
        window.requestAnimationFrame = (callback) => frame(wrap(callback));
        const onmessage = Object.getOwnPropertyDescriptor(MessagePort.prototype, 'onmessage');
        Object.defineProperty(MessagePort.prototype, 'onmessage', {
          configurable: true,
          get() {
            return onmessage?.get?.call(this);
          },
          set(callback) {
            onmessage?.set?.call(this, typeof callback === 'function' ? wrap(callback) : callback);
          },
        });
      });
      const release = await holdScripts(page);
      await page.goto(`${prefix(locale)}/checkout`, { waitUntil: 'commit' });
      const form = page.locator('form.checkout-form');
      const island = page.locator('astro-island').filter({ has: form });
      await expect(island).toHaveAttribute('ssr', '');
      const delivery = form.getByLabel(byLocale(locale, 'Delivery', 'Livraison'), { exact: true });
      await delivery.check();
      const card = form.getByLabel(byLocale(locale, 'Credit card', 'Carte de crédit'), { exact: true });
      await card.check();
      await expect(delivery).toBeChecked();
      await expect(card).toBeChecked();

      await page.evaluate(() => Object.assign(window, { recording: true }));
      release();
      await expect(island).not.toHaveAttribute('ssr', { timeout: 30_000 });
      await expect(
        form.getByRole('heading', { name: byLocale(locale, 'Delivery details', 'Renseignements de livraison') }),
      ).toBeVisible();
      const states = await page.evaluate(() => {
        Object.assign(window, { recording: false });
        return (window as unknown as { radiosSeen: string[] }).radiosSeen;
      });
      // React's scheduler ran (its tasks are among those read), and no task saw another choice.
      expect(states.length).toBeGreaterThan(1);
      expect(states.filter((state) => state !== 'delivery+credit_card')).toEqual([]);
      await expect(delivery).toBeChecked();
      await expect(card).toBeChecked();
    });
  }
});

/**
 * fill()'s two halves with React's hydration between them, as on a loaded machine: the text
 * area is focused and its text selected on the server's HTML, the island's scripts come, and
 * the new text is typed once React has committed (`committed` says when). It must replace
 * whatever the field holds by then, not land after it.
 */
async function typeAcrossHydration(
  page: Page,
  path: string,
  field: (page: Page) => Locator,
  text: string,
  options: { before?: (page: Page) => Promise<void>; committed: (page: Page) => Promise<void> },
) {
  const release = await holdScripts(page);
  // Module scripts hold back DOMContentLoaded: the page is used from its first bytes.
  await page.goto(path, { waitUntil: 'commit' });
  const target = field(page);
  await expect(page.locator('astro-island').filter({ has: target })).toHaveAttribute('ssr', '');
  await options.before?.(page);
  await target.selectText();
  release();
  await options.committed(page);
  await page.keyboard.insertText(text);
}

/** The body of the next request matching `url`, which is answered 503 so that nothing is saved. */
async function nextBody(page: Page, url: RegExp): Promise<() => Promise<Record<string, unknown>>> {
  let body: Record<string, unknown> | undefined;
  await page.route(url, async (route) => {
    body = route.request().postDataJSON();
    await route.fulfill({ status: 503, json: { error: { code: 'unavailable', message: 'Not now' } } });
  });
  return async () => {
    await expect.poll(() => body !== undefined, { timeout: 10_000 }).toBe(true);
    return body ?? {};
  };
}

const TEXT_AREAS = ['description_en', 'disclaimer_en', 'description_fr', 'disclaimer_fr'] as const;

test.describe('text areas typed into as React hydrates', () => {
  for (const locale of LOCALES) {
    test(`the product editor: each text area ends as typed, the others typed before React (${locale})`, async ({
      context,
    }) => {
      // Four page loads, each waiting for React on a shared machine.
      test.setTimeout(120_000);
      await signIn(context, 'admin');
      for (const selected of TEXT_AREAS) {
        const page = await context.newPage();
        const area = (p: Page, name: string) => p.locator(`textarea[name="${name}"]`);
        const typed = (name: string) => `${name} typed ${name === selected ? 'as React came' : 'before React'}.`;
        await typeAcrossHydration(
          page,
          `${prefix(locale)}/admin/products/june-hosta`,
          (p) => area(p, selected),
          typed(selected),
          {
            before: async (p) => {
              for (const name of TEXT_AREAS) if (name !== selected) await area(p, name).fill(typed(name));
            },
            // The form writes the product into its fields as React commits it: the name shows then.
            committed: (p) => expect(p.locator('input[name="name_en"]')).toHaveValue(/\S/, { timeout: 30_000 }),
          },
        );
        for (const name of TEXT_AREAS) await expect(area(page, name)).toHaveValue(typed(name));
        // React's form holds them too: what Save sends (answered 503, nothing saved).
        const saved = await nextBody(page, /\/api\/admin\/products\/\d+$/);
        await page.getByRole('button', { name: byLocale(locale, 'Save', 'Enregistrer'), exact: true }).click();
        const body = await saved();
        for (const name of TEXT_AREAS) expect(body[name], name).toBe(typed(name));
        await page.close();
      }
    });

    test(`a list's description typed as React hydrates its editor (${locale})`, async ({ page, request, context }) => {
      const account = await createConfirmedAccount(request, { label: `native-list-${locale}`, locale });
      await signIn(context, account);
      const created = await context.request.post('/api/lists', {
        headers: SAME_ORIGIN,
        data: { name: 'Shade bed', description: 'Hostas and ferns.' },
      });
      expect(created.status(), await created.text()).toBe(201);
      const { id } = (await created.json()) as { id: number };
      const description = (p: Page) => p.locator('.lists-panel textarea');
      const typed = byLocale(locale, 'Only ferns now.', 'Seulement des fougères.');
      await typeAcrossHydration(page, `${prefix(locale)}/lists/${id}?edit=1`, description, typed, {
        committed: (p) => expect(p.locator('.lists-panel input').first()).toHaveValue('Shade bed', { timeout: 30_000 }),
      });
      await expect(description(page)).toHaveValue(typed);
      await expect(page.locator('.lists-panel input').first()).toHaveValue('Shade bed');
      const saved = await nextBody(page, new RegExp(`/api/lists/${id}$`));
      await page.locator('.lists-panel button[type="submit"]').click();
      expect(await saved()).toEqual({ name: 'Shade bed', description: typed });
    });

    test(`the quote desk's notes typed before and as React hydrates (${locale})`, async ({ page, context }) => {
      await signIn(context, 'admin');
      const waiting = (await (
        await context.request.get('/api/admin/quote-requests?status=in_review&sort=submitted_desc&size=5')
      ).json()) as { rows: { id: number }[] };
      const target = waiting.rows[locale === 'en' ? 2 : 3];
      if (!target) throw new Error('The seed has no quote request in review left');
      const history = (p: Page) => p.locator('#qd-status-note');
      const customer = (p: Page) => p.locator('#qd-quote-note');
      const typed = { history: 'Called first.', customer: 'Prices held until May.' };
      await typeAcrossHydration(page, `${prefix(locale)}/admin/quote-requests/${target.id}`, history, typed.history, {
        before: (p) => customer(p).fill(typed.customer),
        committed: (p) =>
          expect(islandIn(p.locator('section.qd-actions'))).not.toHaveAttribute('ssr', { timeout: 30_000 }),
      });
      await expect(history(page)).toHaveValue(typed.history);
      await expect(customer(page)).toHaveValue(typed.customer);
      // The history note is React's state (a controlled field): its props hold what is shown.
      const reactValue = await history(page).evaluate((element) => {
        const key = Object.keys(element).find((name) => name.startsWith('__reactProps$'));
        return key ? (element as unknown as Record<string, { value?: string }>)[key]?.value : undefined;
      });
      expect(reactValue).toBe(typed.history);
    });
  }
});

/** The island around a region's fields, still showing the server's HTML until React is there. */
const islandIn = (region: Locator) => region.locator('astro-island').first();

for (const locale of LOCALES) {
  test.describe(`native first on slow 3G, the rest of the islands (${locale})`, () => {
    test.describe.configure({ timeout: 180_000 });

    test('the profile: a sales yard and Save, an address typed, as first touches', async ({
      page,
      context,
      request,
    }) => {
      const account = await createConfirmedAccount(request, { label: `native-profile-${locale}`, locale });
      await signIn(context, account);
      await slowNetwork(page, context);
      const releaseScripts = await holdScripts(page);
      // Module scripts hold back DOMContentLoaded: the page is used from its first bytes.
      await page.goto(`${prefix(locale)}/profile`, { waitUntil: 'commit' });

      const yard = page.getByRole('region', { name: byLocale(locale, 'My sales yard', 'Mon centre de vente') });
      const select = yard.getByLabel(byLocale(locale, 'Sales yard', 'Centre de vente'), { exact: true });
      await expect(islandIn(yard)).toHaveAttribute('ssr', '');
      const chosen = (await select.locator('option').nth(2).getAttribute('value')) ?? '';
      await select.selectOption(chosen);
      await expect(select).toHaveValue(chosen);
      releaseScripts();
      const save = yard.getByRole('button', {
        name: byLocale(locale, 'Save my sales yard', 'Enregistrer mon centre de vente'),
      });
      await save.click();
      await expect
        .poll(async () => String((await (await context.request.get('/api/session')).json()).default_location_id), {
          timeout: 90_000,
        })
        .toBe(chosen);
      await expect(select).toHaveValue(chosen);

      const email = page.getByRole('region', { name: byLocale(locale, 'Email address', 'Adresse courriel') });
      const address = email.getByLabel(byLocale(locale, 'New email address', 'Nouvelle adresse courriel'));
      await address.fill('moved@example.com');
      await expect(address).toHaveValue('moved@example.com');
      await expect(islandIn(email)).not.toHaveAttribute('ssr', { timeout: 90_000 });
      await expect(address).toHaveValue('moved@example.com');
      // Sent without the password: React's own validation answers, and the typed address stays.
      await email
        .getByRole('button', { name: byLocale(locale, 'Change my email address', 'Changer mon adresse courriel') })
        .click();
      await expect(address).toHaveValue('moved@example.com');
    });

    test('the settings: a language chosen and saved as first touches', async ({ page, context, request }) => {
      const account = await createConfirmedAccount(request, { label: `native-settings-${locale}`, locale });
      await signIn(context, account);
      await slowNetwork(page, context);
      await page.goto(`${prefix(locale)}/settings`);
      const other: Locale = locale === 'fr' ? 'en' : 'fr';
      const language = page.getByRole('region', { name: byLocale(locale, 'Language', 'Langue') });
      await language.getByLabel(byLocale(locale, 'Language', 'Langue'), { exact: true }).selectOption(other);
      await language.getByRole('button', { name: byLocale(locale, 'Save language', 'Enregistrer la langue') }).click();
      await expect(page).toHaveURL(`${prefix(other)}/settings?saved=language`, { timeout: 90_000 });
    });

    test('the product editor: a name typed as the first touch is kept', async ({ page, context }) => {
      await signIn(context, 'admin');
      await slowNetwork(page, context);
      await page.goto(`${prefix(locale)}/admin/products/june-hosta`);
      const name = page
        .locator(`.ca-lang[lang=${locale}]`)
        .getByLabel(byLocale(locale, 'Name', 'Nom'), { exact: true });
      const island = page.locator('astro-island').filter({ has: name });
      await expect(island).toHaveAttribute('ssr', '');
      await name.fill('Hosta typed early');
      await expect(name).toHaveValue('Hosta typed early');
      await expect(island).not.toHaveAttribute('ssr', { timeout: 90_000 });
      await expect(name).toHaveValue('Hosta typed early');
    });

    test('the quote desk: a note typed as the first touch is kept', async ({ page, context }) => {
      await signIn(context, 'admin');
      const waiting = (await (
        await context.request.get('/api/admin/quote-requests?status=in_review&sort=submitted_desc&size=5')
      ).json()) as { rows: { id: number }[] };
      const target = waiting.rows[locale === 'en' ? 0 : 1];
      if (!target) throw new Error('The seed has no quote request in review left');
      await slowNetwork(page, context);
      await page.goto(`${prefix(locale)}/admin/quote-requests/${target.id}`);
      const actions = page.locator('section.qd-actions');
      const note = actions.getByLabel(
        byLocale(locale, 'Note for the history (optional)', "Note pour l'historique (facultative)"),
      );
      await expect(islandIn(actions)).toHaveAttribute('ssr', '');
      await note.fill('Called the customer first');
      await expect(note).toHaveValue('Called the customer first');
      await expect(islandIn(actions)).not.toHaveAttribute('ssr', { timeout: 90_000 });
      await expect(note).toHaveValue('Called the customer first');
    });

    test("the desk's owner: Assign to me pressed before React is carried out", async ({ page, context, request }) => {
      const shopper = await createShopper(request, { label: `native-owner-${locale}`, locale });
      await shopper.client.dispose();
      await signIn(context, 'admin');
      // The scripts held until the press is made stand for a slow network, without its wait.
      const releaseScripts = await holdScripts(page);
      await page.goto(`${prefix(locale)}/admin/quote-requests/${shopper.quoteId}`, { waitUntil: 'commit' });
      const owner = page.getByRole('region', { name: byLocale(locale, 'Owner', 'Responsable') });
      await expect(islandIn(owner)).toHaveAttribute('ssr', '');
      const assign = owner.getByRole('button', { name: byLocale(locale, 'Assign to me', "Me l'attribuer") });
      // The press is held, and says so, until React is there; then it is carried out.
      await assign.click();
      await expect(assign).toHaveAttribute('aria-busy', 'true');
      releaseScripts();
      // The assignment reloads the page, which names the owner.
      await expect(owner.locator('[data-owner-name]')).not.toHaveAttribute('data-owner-name', '', {
        timeout: 90_000,
      });
    });

    test("a request's Add these items to my cart pressed before React is carried out", async ({
      page,
      context,
      request,
    }) => {
      const shopper = await createShopper(request, { label: `native-reorder-${locale}`, locale });
      await shopper.client.dispose();
      await signIn(context, shopper.account);
      const count = async () => ((await (await context.request.get('/api/cart')).json()) as { count: number }).count;
      const before = await count();
      // The scripts held until the press is made stand for a slow network, without its wait.
      const releaseScripts = await holdScripts(page);
      await page.goto(`${prefix(locale)}/profile/quote-requests/${shopper.quoteId}`, { waitUntil: 'commit' });
      const reorder = page.getByRole('button', {
        name: byLocale(locale, 'Add these items to my cart', 'Ajouter ces articles à mon panier'),
      });
      await reorder.click();
      await expect(reorder).toHaveAttribute('aria-busy', 'true');
      releaseScripts();
      await expect(page.getByText(byLocale(locale, /added to your cart/, /ajoutés? à votre panier/))).toBeVisible({
        timeout: 90_000,
      });
      expect(await count()).toBeGreaterThan(before);
    });
  });
}

test.describe('native first on slow 3G, the pictures', () => {
  test('a picture chosen before React is uploaded once it is there', async ({ page, context }) => {
    test.setTimeout(180_000);
    await signIn(context, 'admin');
    const html = await (await context.request.get('/admin/products/brunette-bugbane')).text();
    const id = Number(/data-product-id="(\d+)"/.exec(html)?.[1]);
    expect(id).toBeGreaterThan(0);
    const images = async () =>
      ((await (await context.request.get(`/api/admin/products/${id}/images`)).json()) as { images: { id: number }[] })
        .images;
    for (const image of await images()) {
      await context.request.delete(`/api/admin/products/${id}/images/${image.id}`, { headers: SAME_ORIGIN });
    }
    await slowNetwork(page, context);
    await page.goto('/admin/products/brunette-bugbane/images');
    const island = page.locator('astro-island').filter({ has: page.locator('.image-drop') });
    await expect(island).toHaveAttribute('ssr', '');
    await page
      .locator('.image-drop input[type=file]')
      .setInputFiles([{ name: 'early.png', mimeType: 'image/png', buffer: await makePng(800, 600, '#2f6b2a') }]);
    await expect(page.locator('.image-item')).toHaveCount(1, { timeout: 120_000 });
    await expect(page.locator('.image-item')).toContainText('early.png');
    for (const image of await images()) {
      await context.request.delete(`/api/admin/products/${id}/images/${image.id}`, { headers: SAME_ORIGIN });
    }
  });
});
