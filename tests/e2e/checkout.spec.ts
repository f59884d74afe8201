import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { createConfirmedAccount, hydrated, SAME_ORIGIN, signIn } from '../support/accounts.ts';
import { englishOn } from '../support/english-text.ts';
import { mailsTo, type OutboxMail } from '../support/outbox.ts';

/**
 * Checkout and quote requests, in both languages: the delivery form's every message, pickup,
 * pickup and delivery, the complete page, both e-mails, the history and its detail, and
 * putting a request's items back in the cart.
 */

const SALES_DESK = 'sales@northfieldnurseries.ca';

const T = {
  en: {
    checkout: '/checkout',
    delivery: 'Delivery',
    pickup: 'Pickup',
    both: 'Pickup and delivery',
    street: 'Street address',
    city: 'City/Town',
    province: 'Province or territory',
    postal: /^Postal code/,
    first: 'First name',
    last: 'Last name',
    phone: /^Phone number/,
    location: 'Preferred pickup location',
    submit: 'Submit quote request',
    payment: 'Charge account',
    required: 'Please fill out all required fields.',
    messages: [
      'Street address cannot be blank.',
      'City/Town cannot be blank.',
      'Please select a province.',
      'Please specify a valid postal code.',
      'Name cannot be blank.',
      'Last name cannot be blank.',
      'Please specify a valid phone number.',
    ],
    locationRequired: 'Please select a location.',
    paymentRequired: 'Please choose a payment preference.',
    provinceName: 'Ontario',
    thanks: 'Thank you! Your quote request has been sent.',
    view: 'View this request',
    address: 'Delivery address',
    submitError: 'There was an error submitting your quote request. Please try again.',
    subject: 'Your quote request',
  },
  fr: {
    checkout: '/fr/checkout',
    delivery: 'Livraison',
    pickup: 'Cueillette',
    both: 'Cueillette et livraison',
    street: 'Adresse municipale',
    city: 'Ville ou municipalité',
    province: 'Province ou territoire',
    postal: /^Code postal/,
    first: 'Prénom',
    last: 'Nom de famille',
    phone: /^Numéro de téléphone/,
    location: 'Lieu de cueillette souhaité',
    submit: 'Envoyer la demande de soumission',
    payment: 'Compte client',
    required: 'Veuillez remplir tous les champs obligatoires.',
    messages: [
      "L'adresse municipale ne peut pas être vide.",
      'La ville ou municipalité ne peut pas être vide.',
      'Veuillez sélectionner une province.',
      'Veuillez indiquer un code postal valide.',
      'Le prénom ne peut pas être vide.',
      'Le nom de famille ne peut pas être vide.',
      'Veuillez indiquer un numéro de téléphone valide.',
    ],
    locationRequired: 'Veuillez sélectionner un emplacement.',
    paymentRequired: 'Veuillez choisir un mode de paiement.',
    provinceName: 'Québec',
    thanks: 'Merci\u00a0! Votre demande de soumission a été envoyée.',
    view: 'Voir cette demande',
    address: 'Adresse de livraison',
    submitError: "Une erreur s'est produite lors de l'envoi de votre demande de soumission. Veuillez réessayer.",
    subject: 'Votre demande de soumission',
  },
} as const;

async function fillCart(request: APIRequestContext, lines: { variantId: number; quantity: number }[]) {
  for (const line of lines) {
    const response = await request.post('/api/cart/items', { headers: SAME_ORIGIN, data: line });
    expect(response.ok(), await response.text()).toBe(true);
  }
}

async function openCheckout(page: Page, locale: 'en' | 'fr') {
  await page.goto(T[locale].checkout);
  // The island (astro-island) wraps the form: wait on the section around it.
  await hydrated(page.locator('section.checkout-main'));
  return page.locator('form.checkout-form');
}

/** The 'Add these items to my cart' island, once interactive. */
async function reorderIsland(page: Page) {
  const reorder = page.locator('.reorder');
  // client:visible: in view first, then wait until no island in its section awaits hydration.
  await reorder.scrollIntoViewIfNeeded();
  await expect(page.locator('section', { has: reorder }).locator('astro-island[ssr]')).toHaveCount(0);
  return reorder;
}

/** The e-mail of a kind that names a reference, waiting for the server to write it. */
async function mailFor(to: string, kind: string, reference: string): Promise<OutboxMail> {
  let found: OutboxMail | undefined;
  await expect
    .poll(
      async () => {
        found = (await mailsTo(to, kind)).find((mail) => mail.subject.includes(reference));
        return found !== undefined;
      },
      { message: `an e-mail (${kind}) to ${to} about ${reference}`, timeout: 10_000 },
    )
    .toBe(true);
  return found as OutboxMail;
}

/** The request's page names the delivery address: shown unlabelled under the PO number, it read as part of it. */
async function expectLabelledAddress(page: Page, locale: 'en' | 'fr', street: string) {
  const t = T[locale];
  await page.getByRole('link', { name: t.view }).click();
  const address = page.locator('[data-delivery-address]');
  await expect(address).toContainText(street);
  await expect(page.locator('dt:visible', { hasText: t.address })).toBeVisible();
  expect(await address.evaluate((dd) => dd.previousElementSibling?.textContent)).toBe(t.address);
}

async function fillDelivery(form: ReturnType<Page['locator']>, locale: 'en' | 'fr') {
  const t = T[locale];
  await form.getByLabel(t.street).fill('12 Elm Street');
  await form.getByLabel(t.city).fill(locale === 'fr' ? 'Laval' : 'Guelph');
  await form.getByLabel(t.province).selectOption({ label: t.provinceName });
  await form.getByLabel(t.first).fill('Ada');
  await form.getByLabel(t.last).fill('Byron');
}

test.describe('checkout', () => {
  test('delivery shows every validation message, masks its inputs, submits and e-mails both (en) @phone', async ({
    page,
    context,
    request,
  }) => {
    const t = T.en;
    const account = await createConfirmedAccount(request, { label: 'checkout-delivery' });
    await signIn(context, account);
    await fillCart(context.request, [
      { variantId: 1, quantity: 2 },
      { variantId: 2, quantity: 1 },
    ]);
    const form = await openCheckout(page, 'en');
    const names = await page.locator('.checkout-lines .checkout-line-name > a').allTextContents();
    expect(names).toHaveLength(2);
    await expect(page.getByText('Estimated total', { exact: true })).toBeVisible();
    await expect(page.getByText('To be determined')).toBeVisible();

    await form.getByLabel(t.delivery, { exact: true }).check();
    await form.getByLabel(t.postal).fill('K1A');
    await form.getByLabel(t.phone).fill('613555');
    await form.getByRole('button', { name: t.submit }).click();
    await expect(form.getByRole('alert')).toHaveText(t.required);
    for (const message of t.messages) await expect(form.getByText(message, { exact: true })).toBeVisible();
    await expect(form.getByText(t.paymentRequired)).toBeVisible();
    // The first field with a message takes the focus.
    await expect(form.getByLabel(t.street)).toBeFocused();

    await fillDelivery(form, 'en');
    // The masks shape what is typed: letters upper-cased, the space and the dashes written in.
    await form.getByLabel(t.postal).fill('');
    await form.getByLabel(t.postal).pressSequentially('n1h3a1');
    await expect(form.getByLabel(t.postal)).toHaveValue('N1H 3A1');
    await form.getByLabel(t.phone).fill('');
    await form.getByLabel(t.phone).pressSequentially('5195550142');
    await expect(form.getByLabel(t.phone)).toHaveValue('519-555-0142');
    await form.getByLabel(t.payment).check();
    await form.getByLabel(/^Comments/).fill('Please call the site contact first.');
    await form.getByRole('button', { name: t.submit }).click();

    await expect(page).toHaveURL(/\/checkout\/complete\?id=\d+$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.thanks);
    const reference = (await page.locator('[data-reference]').textContent())?.trim() ?? '';
    expect(reference).toMatch(/^Q-\d{6,}$/);
    await expect(
      page.getByRole('main').getByText(`We have e-mailed a confirmation with every item to ${account.email}.`),
    ).toBeVisible();
    await expect(page.locator('[data-cart-count]').first()).toHaveText('0');

    const confirmation = await mailFor(account.email, 'quote_request_confirmation', reference);
    expect(confirmation.subject).toBe(`${t.subject} ${reference}`);
    expect(confirmation.language).toBe('en-CA');
    for (const name of names) expect(confirmation.text).toContain(name);
    expect(confirmation.text).toContain('519-555-0142');
    const desk = await mailFor(SALES_DESK, 'quote_request_sales_desk', reference);
    expect(desk.text).toContain(account.email);
    for (const name of names) expect(desk.text).toContain(name);
    await expectLabelledAddress(page, 'en', '12 Elm Street');
  });

  test('pickup and delivery shows the French messages, then submits (fr)', async ({ page, context, request }) => {
    const t = T.fr;
    const account = await createConfirmedAccount(request, { label: 'checkout-both', locale: 'fr' });
    await signIn(context, account);
    await fillCart(context.request, [{ variantId: 3, quantity: 4 }]);
    const form = await openCheckout(page, 'fr');
    await form.getByLabel(t.both).check();
    await form.getByLabel(t.location).selectOption('');
    await form.getByRole('button', { name: t.submit }).click();
    await expect(form.getByRole('alert')).toHaveText(t.required);
    for (const message of t.messages) await expect(form.getByText(message, { exact: true })).toBeVisible();
    await expect(form.getByText(t.locationRequired)).toBeVisible();
    await expect(form.getByText(t.paymentRequired)).toBeVisible();
    await expect(form.getByLabel(t.location)).toBeFocused();
    expect(await englishOn(page, ['checkout'])).toEqual([]);

    await form.getByLabel(t.location).selectOption({ index: 1 });
    await fillDelivery(form, 'fr');
    await form.getByLabel(t.postal).fill('h7r1l8');
    await form.getByLabel(t.phone).fill('(450) 555-0199');
    await expect(form.getByLabel(t.phone)).toHaveValue('450-555-0199');
    await form.getByLabel(t.payment).check();
    await form.getByRole('button', { name: t.submit }).click();

    await expect(page).toHaveURL(/\/fr\/checkout\/complete\?id=\d+$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.thanks);
    expect(await englishOn(page, ['checkout'])).toEqual([]);
    const reference = (await page.locator('[data-reference]').textContent())?.trim() ?? '';
    const confirmation = await mailFor(account.email, 'quote_request_confirmation', reference);
    expect(confirmation.subject).toBe(`${t.subject} ${reference}`);
    expect(confirmation.language).toBe('fr-CA');
    expect(confirmation.text).toContain('Cueillette et livraison');
    await mailFor(SALES_DESK, 'quote_request_sales_desk', reference);
    await expectLabelledAddress(page, 'fr', '12 Elm Street');
  });

  for (const locale of ['en', 'fr'] as const) {
    test(`what was typed survives a reload, shows its part before React, and is what is sent (${locale})`, async ({
      page,
      context,
      request,
    }) => {
      const t = T[locale];
      const account = await createConfirmedAccount(request, { label: `checkout-reload-${locale}`, locale });
      await signIn(context, account);
      await fillCart(context.request, [{ variantId: 2, quantity: 3 }]);
      const form = await openCheckout(page, locale);
      await form.getByLabel(t.delivery, { exact: true }).check();
      await fillDelivery(form, locale);
      await form.getByLabel(t.postal).fill('n1h 3t9');
      await form.getByLabel(t.phone).fill('519 555 0142');
      await form.getByLabel(t.payment).check();

      await page.reload();
      // Before any touch wakes React (client:interaction), the browser's restored fields and
      // the part their choice needs are on screen.
      await expect(page.locator('section.checkout-main astro-island[ssr]')).toHaveCount(1);
      await expect(form.getByLabel(t.delivery, { exact: true })).toBeChecked();
      await expect(form.getByLabel(t.location)).toBeHidden();
      await expect(form.getByLabel(t.street)).toHaveValue('12 Elm Street');
      await expect(form.getByLabel(t.province)).toHaveValue(locale === 'fr' ? 'QC' : 'ON');
      await expect(form.getByLabel(t.phone)).toHaveValue('519-555-0142');
      await expect(form.getByLabel(t.payment)).toBeChecked();
      // Every group of choices is drawn alike: the payment's had the browser's fieldset frame.
      const groups = form.locator('fieldset.field');
      await expect(groups).toHaveCount(3);
      for (const group of await groups.all()) await expect(group).toHaveCSS('border-top-width', '0px');

      await form.getByRole('button', { name: t.submit }).click();
      await expect(page).toHaveURL(new RegExp(`${t.checkout}/complete\\?id=\\d+$`));
      const reference = (await page.locator('[data-reference]').textContent())?.trim() ?? '';
      const confirmation = await mailFor(account.email, 'quote_request_confirmation', reference);
      expect(confirmation.text).toContain('12 Elm Street');
      expect(confirmation.text).toContain('N1H 3T9');

      // Once the request is made, the draft is gone: the next checkout starts empty.
      await fillCart(context.request, [{ variantId: 2, quantity: 1 }]);
      const next = await openCheckout(page, locale);
      await expect(next.getByLabel(t.pickup, { exact: true })).toBeChecked();
      await expect(next.getByLabel(t.street)).toHaveValue('');
    });
  }

  test('signing out forgets what the checkout kept in the tab (fr)', async ({ page, context, request }) => {
    const t = T.fr;
    const account = await createConfirmedAccount(request, { label: 'checkout-sign-out', locale: 'fr' });
    await signIn(context, account);
    await fillCart(context.request, [{ variantId: 2, quantity: 1 }]);
    const form = await openCheckout(page, 'fr');
    await form.getByLabel(t.delivery, { exact: true }).check();
    await form.getByLabel(t.street).fill('999 rue Secrète');

    await page.goto('/fr/sign-out');
    await page.getByRole('main').getByRole('button', { name: 'Se déconnecter' }).click();
    await expect(page).toHaveURL('/fr');
    // The next person at this screen, even signing in as the same account, starts afresh.
    await signIn(context, account);
    const next = await openCheckout(page, 'fr');
    await expect(next.getByLabel(t.pickup, { exact: true })).toBeChecked();
    await expect(next.getByLabel(t.street)).toHaveValue('');
  });

  test('pickup at my sales yard, preselected; the history lists it and its detail re-adds the items (en) @phone', async ({
    page,
    context,
    request,
  }) => {
    const t = T.en;
    const account = await createConfirmedAccount(request, { label: 'checkout-pickup' });
    await signIn(context, account);
    await fillCart(context.request, [{ variantId: 4, quantity: 3 }]);
    const form = await openCheckout(page, 'en');
    await form.getByLabel(t.pickup, { exact: true }).check();
    // The account chose the first sales yard at sign-up.
    await expect(form.getByLabel(t.location)).toHaveValue('1');
    await form.getByLabel('Cash').check();
    await form.getByRole('button', { name: t.submit }).click();
    await expect(page).toHaveURL(/\/checkout\/complete\?id=\d+$/);
    const reference = (await page.locator('[data-reference]').textContent())?.trim() ?? '';

    await page.getByRole('link', { name: 'All my quote requests' }).click();
    await expect(page).toHaveURL(/\/profile\/quote-requests$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('My quote requests');
    const row = page.getByRole('row', { name: new RegExp(reference) });
    await expect(row).toContainText('Submitted');
    await expect(row).toContainText('Pickup');
    await expect(row).toContainText('3');
    await page.getByLabel('Per page').selectOption('25');
    await expect(page).toHaveURL(/size=25/);
    await expect(page.getByLabel('Per page')).toHaveValue('25');

    await page.getByRole('link', { name: reference }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Quote request ${reference}`);
    await expect(page.getByText('Cash')).toBeVisible();
    const reorder = await reorderIsland(page);
    await reorder.getByRole('button', { name: 'Add these items to my cart' }).click();
    // The cart's own count: the line of 3 is 3 items.
    await expect(reorder.getByRole('status')).toContainText('3 items were added to your cart.');
    await expect(page.locator('[data-cart-count]').first()).toHaveText('3');
  });

  test('the history in French: empty state, then a request with its detail (fr)', async ({
    page,
    context,
    request,
  }) => {
    const account = await createConfirmedAccount(request, { label: 'history-fr', locale: 'fr' });
    await signIn(context, account);
    await page.goto('/fr/profile');
    await page.getByRole('link', { name: 'Mes demandes de soumission' }).first().click();
    await expect(page).toHaveURL(/\/fr\/profile\/quote-requests$/);
    await expect(page.getByText("Vous n'avez encore envoyé aucune demande de soumission.")).toBeVisible();
    expect(await englishOn(page, ['quotes'])).toEqual([]);

    await fillCart(context.request, [{ variantId: 5, quantity: 2 }]);
    const form = await openCheckout(page, 'fr');
    await form.getByLabel('Cueillette', { exact: true }).check();
    await form.getByLabel('Carte de crédit').check();
    await form.getByRole('button', { name: T.fr.submit }).click();
    await expect(page).toHaveURL(/\/fr\/checkout\/complete\?id=\d+$/);
    await page.getByRole('link', { name: 'Voir cette demande' }).click();
    await expect(page.getByText('Carte de crédit')).toBeVisible();
    await expect(page.getByText('Envoyée', { exact: true }).first()).toBeVisible();
    expect(await englishOn(page, ['quotes'])).toEqual([]);
    const reorder = await reorderIsland(page);
    await reorder.getByRole('button', { name: 'Ajouter ces articles à mon panier' }).click();
    await expect(reorder.getByRole('status')).toContainText('2 articles ont été ajoutés à votre panier.');
  });

  test('a failed submit shows the message and keeps the cart (en)', async ({ page, context, request }) => {
    const account = await createConfirmedAccount(request, { label: 'checkout-fail' });
    await signIn(context, account);
    await fillCart(context.request, [{ variantId: 1, quantity: 1 }]);
    const form = await openCheckout(page, 'en');
    await form.getByLabel('Pickup', { exact: true }).check();
    await form.getByLabel('Cash').check();
    await page.route('**/api/checkout', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }),
    );
    await form.getByRole('button', { name: T.en.submit }).click();
    await expect(form.getByRole('alert')).toHaveText(T.en.submitError);
    await page.unroute('**/api/checkout');
    const summary = await context.request.get('/api/cart/summary');
    expect(await summary.json()).toEqual({ count: 1 });
    // The retry (same checkout key) goes through.
    await form.getByRole('button', { name: T.en.submit }).click();
    await expect(page).toHaveURL(/\/checkout\/complete\?id=\d+$/);
  });

  test('a cart that changed during the submit shows why, in French, and the retry goes through (fr)', async ({
    page,
    context,
    request,
  }) => {
    const account = await createConfirmedAccount(request, { label: 'checkout-changed' });
    await signIn(context, account);
    await fillCart(context.request, [{ variantId: 1, quantity: 1 }]);
    const form = await openCheckout(page, 'fr');
    await form.getByLabel('Cueillette', { exact: true }).check();
    await form.getByLabel('Comptant').check();
    // The server's answer when the cart changed on every attempt (a test cannot make five in
    // a row here): the island shows its message, which comes in the page's language.
    const changed =
      "Votre panier a changé pendant l'envoi de votre demande. Vérifiez-le, puis envoyez de nouveau votre demande.";
    await page.route('**/api/checkout', (route) =>
      route.fulfill({
        status: 409,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 'cart_changed', message: changed } }),
      }),
    );
    await form.getByRole('button', { name: T.fr.submit }).click();
    await expect(form.getByRole('alert')).toHaveText(changed);
    await page.unroute('**/api/checkout');
    await form.getByRole('button', { name: T.fr.submit }).click();
    await expect(page).toHaveURL(/\/fr\/checkout\/complete\?id=\d+$/);
  });

  test('the same checkout key answers the same request; an empty cart and a stranger get nothing', async ({
    context,
    request,
    browser,
  }) => {
    const account = await createConfirmedAccount(request, { label: 'checkout-idem' });
    await signIn(context, account);
    await fillCart(context.request, [{ variantId: 2, quantity: 2 }]);
    const body = {
      idempotencyKey: crypto.randomUUID(),
      fulfilment: 'pickup',
      pickup: { locationId: '1' },
      delivery: {},
      preferredDate: '',
      paymentPreference: 'cash',
      comments: '',
    };
    const [first, second] = await Promise.all([
      context.request.post('/api/checkout', { headers: SAME_ORIGIN, data: body }),
      context.request.post('/api/checkout', { headers: SAME_ORIGIN, data: body }),
    ]);
    expect(first.status()).toBe(201);
    expect(second.status()).toBe(201);
    const answer = await first.json();
    expect(await second.json()).toEqual(answer);

    const again = await context.request.post('/api/checkout', {
      headers: SAME_ORIGIN,
      data: { ...body, idempotencyKey: crypto.randomUUID() },
    });
    expect(again.status()).toBe(409);
    expect((await again.json()).error.code).toBe('cart_empty');

    const stranger = await browser.newContext();
    const other = await createConfirmedAccount(request, { label: 'checkout-stranger' });
    await signIn(stranger, other);
    const api = await stranger.request.get(`/api/quote-requests/${answer.id}`);
    expect(api.status()).toBe(404);
    expect(await api.text()).not.toContain(answer.reference);
    const page = await stranger.newPage();
    const detail = await page.goto(`/profile/quote-requests/${answer.id}`);
    expect(detail?.status()).toBe(404);
    await expect(page.getByText(answer.reference)).toHaveCount(0);
    const complete = await page.goto(`/checkout/complete?id=${answer.id}`);
    expect(complete?.status()).toBe(404);
    await stranger.close();
  });

  test('an anonymous visitor goes through sign-in and back to the checkout (fr)', async ({ page }) => {
    await page.goto('/fr/checkout');
    await expect(page).toHaveURL(/\/fr\/auth\/sign-in\?redirect=%2Ffr%2Fcheckout$/);
  });
});
