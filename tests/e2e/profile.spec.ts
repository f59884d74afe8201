import { expect, test } from '@playwright/test';
import { createConfirmedAccount, DEMO, hydrated, newEmail, signIn } from '../support/accounts.ts';
import { linkIn, waitForMail } from '../support/outbox.ts';

/** The profile (details, e-mail, password, trade account, lists, sales yard) and settings. */

test.describe('profile', () => {
  test('details are saved; a bad phone and a failed save give the spec messages (en) @phone', async ({
    page,
    context,
    request,
  }) => {
    const account = await createConfirmedAccount(request, { label: 'details' });
    await signIn(context, account);
    await page.goto('/profile');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('My profile');
    await expect(page.getByText(`Hello, ${account.firstName} ${account.lastName}`)).toBeVisible();
    const details = await hydrated(page.getByRole('region', { name: 'Your details' }));
    await details.getByLabel('First name').fill('Rosalind');
    await details.getByLabel(/^Phone number/).fill('12345');
    await details.getByRole('button', { name: 'Save changes' }).click();
    await expect(details.getByText('Please enter a valid phone number.')).toBeVisible();
    await details.getByLabel(/^Phone number/).fill('613 555 0101');
    await details.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.locator('.toast')).toContainText('Your profile has been updated.');
    await expect(details.getByLabel(/^Phone number/)).toHaveValue('613-555-0101');

    await page.route('**/api/profile', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }),
    );
    await details.getByLabel('Last name').fill('Franklin');
    await details.getByRole('button', { name: 'Save changes' }).click();
    await expect(details.getByRole('alert')).toHaveText('There was an error while trying to update your profile.');
    await page.unroute('**/api/profile');

    await page.reload();
    await expect(page.getByText('Hello, Rosalind Gallica')).toBeVisible();
  });

  test('a new e-mail address needs its confirmation link (fr)', async ({ page, context, request }) => {
    const account = await createConfirmedAccount(request, { label: 'email-change', locale: 'fr' });
    await signIn(context, account);
    await page.goto('/fr/profile');
    const section = await hydrated(page.getByRole('region', { name: 'Adresse courriel' }));
    const newAddress = newEmail('changed');
    await section.getByLabel('Nouvelle adresse courriel').fill(DEMO.customer.email);
    await section.getByLabel('Mot de passe actuel').fill(account.password);
    await section.getByRole('button', { name: 'Changer mon adresse courriel' }).click();
    await expect(
      section.getByText(
        'Cette adresse courriel est déjà inscrite. Veuillez en utiliser une autre ou vous connecter à ce compte.',
      ),
    ).toBeVisible();
    await section.getByLabel('Nouvelle adresse courriel').fill(newAddress);
    await section.getByRole('button', { name: 'Changer mon adresse courriel' }).click();
    await expect(section.getByRole('status')).toContainText(newAddress);

    const mail = await waitForMail(newAddress, 'change_email');
    expect(mail.subject).toBe('Confirmez votre nouvelle adresse courriel');
    await page.goto(linkIn(mail, 'confirm').pathname);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Votre adresse courriel a été modifiée');
    await page.goto('/fr/profile');
    await expect(page.getByRole('region', { name: 'Adresse courriel' })).toContainText(newAddress);
  });

  test('a landscape professional links, then unlinks, a trade account; each signs out (en)', async ({
    page,
    context,
    request,
  }) => {
    const account = await createConfirmedAccount(request, { label: 'linker', professional: true });
    await signIn(context, account);
    await page.goto('/profile');
    const trade = await hydrated(page.getByRole('region', { name: 'Trade account' }));
    await trade.getByLabel('Trade account number').fill('ta 100300');
    await trade.getByLabel('Account phone number').fill('905-555-0100');
    await trade.getByRole('button', { name: 'Verify account' }).click();
    const failed = trade.getByRole('alert');
    await expect(failed).toContainText('Account Verification Failed');
    await expect(failed).toContainText("We couldn't find an in-house account with those details...");
    await trade.getByLabel('Account phone number').fill('(905) 555-0199');
    await trade.getByRole('button', { name: 'Verify account' }).click();
    await expect(trade).toContainText('We found trade account TA-100300 for Rideau Landscape Design Inc.');
    await trade.getByRole('button', { name: 'Connect and sign out' }).click();
    await expect(page).toHaveURL('/auth/sign-in?notice=signed-out');
    await expect(page.getByRole('status')).toContainText('You have been signed out so the change can take effect.');

    await signIn(context, account);
    await page.goto('/profile');
    await hydrated(trade);
    await expect(trade).toContainText('TA-100300');
    await expect(trade).toContainText('Trade prices');
    await expect(trade).toContainText('No Warranty Applies');
    await expect(page.getByRole('region', { name: 'Purchase history' })).toContainText(
      'Invoices on trade account TA-100300.',
    );
    const session = await (await context.request.get('/api/session')).json();
    expect(session.trade_pricing).toBe(true);

    await trade.getByRole('button', { name: 'Disconnect this trade account' }).click();
    await trade.getByRole('button', { name: 'Yes, disconnect and sign out' }).click();
    await expect(page).toHaveURL('/auth/sign-in?notice=signed-out');
    expect((await context.request.get('/api/auth/token')).status()).toBe(401);
  });

  test('a trade account already linked to someone else cannot be taken', async ({ page, context, request }) => {
    const account = await createConfirmedAccount(request, { label: 'taker', professional: true });
    await signIn(context, account);
    await page.goto('/profile');
    const trade = await hydrated(page.getByRole('region', { name: 'Trade account' }));
    await trade.getByLabel('Trade account number').fill('TA-100200');
    await trade.getByLabel('Account phone number').fill('905-555-0142');
    await trade.getByRole('button', { name: 'Verify account' }).click();
    await expect(trade.getByRole('alert')).toContainText('Account Verification Failed');
    await expect(trade.getByRole('alert')).toContainText('already connected to another profile');
  });

  test('a trade customer sees the purchase history and no warranty (fr)', async ({ page, context }) => {
    await signIn(context, 'trade');
    await page.goto('/fr/profile');
    const trade = page.getByRole('region', { name: 'Compte professionnel' });
    await expect(trade).toContainText('TA-100200');
    await expect(trade).toContainText("Aucune garantie ne s'applique");
    const history = page.getByRole('region', { name: 'Historique des achats' });
    await expect(history.getByRole('listitem')).toHaveCount(10);
    await history.getByRole('listitem').first().locator('summary').click();
    await expect(history.getByRole('table').first()).toContainText('UGS');
    await expect(page.getByRole('checkbox', { name: /Je suis un professionnel/ })).toBeDisabled();
    // On a narrow phone the account number never breaks after its hyphen (« TA- » / « 100200 »).
    await page.setViewportSize({ width: 320, height: 740 });
    for (const number of [
      history.getByText('TA-100200', { exact: true }),
      trade.getByText('TA-100200', { exact: true }),
    ]) {
      await expect(number).toBeVisible();
      expect(await number.evaluate((element) => element.getClientRects().length)).toBe(1);
    }
  });

  test("the customer's lists", async ({ page, context }) => {
    await signIn(context, 'customer');
    await page.goto('/profile');
    const lists = page.getByRole('region', { name: 'My lists' });
    await expect(lists.getByRole('listitem').first()).toContainText('My List');
    await expect(lists.getByRole('listitem').first()).toContainText('Default');
    await expect(lists.getByRole('link', { name: 'My List', exact: true })).toHaveAttribute('href', /^\/lists\/\d+$/);
  });

  test('a customer chooses a sales yard', async ({ page, context, request }) => {
    // An account of the test's own: the demo customer's yard stays as the seed left it.
    await signIn(context, await createConfirmedAccount(request, { label: 'yard' }));
    await page.goto('/profile');
    const yard = await hydrated(page.getByRole('region', { name: 'My sales yard' }));
    const select = yard.getByLabel('Sales yard', { exact: true });
    const chosen = await select.locator('option').nth(3).getAttribute('value');
    await select.selectOption(chosen ?? '');
    await yard.getByRole('button', { name: 'Save my sales yard' }).click();
    await expect(page.locator('.toast')).toContainText('Your sales yard has been updated.');
    const session = await (await context.request.get('/api/session')).json();
    expect(String(session.default_location_id)).toBe(chosen);
  });
});

test.describe('settings', () => {
  test('language, colour mode and password (en → fr)', async ({ page, context, request }) => {
    const account = await createConfirmedAccount(request, { label: 'settings' });
    await signIn(context, account);
    await page.goto('/settings');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Settings');

    const password = await hydrated(page.getByRole('region', { name: 'Password' }));
    await password.getByLabel('Current password').fill('not it at all');
    await password.getByLabel('New password').fill('a fresher passphrase');
    await password.getByLabel('Confirm password').fill('a different one');
    await password.getByRole('button', { name: 'Change my password' }).click();
    await expect(password.getByText('Passwords do not match')).toBeVisible();
    await password.getByLabel('Confirm password').fill('a fresher passphrase');
    await password.getByRole('button', { name: 'Change my password' }).click();
    await expect(password.getByText('Your current password is not correct.')).toBeVisible();
    await password.getByLabel('Current password').fill(account.password);
    await password.getByRole('button', { name: 'Change my password' }).click();
    await expect(password.getByRole('status')).toHaveText('Your password has been changed.');

    await page.getByRole('region', { name: 'Appearance' }).getByLabel('Colour mode').selectOption('dark');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');

    const language = await hydrated(page.getByRole('region', { name: 'Language' }));
    await language.getByLabel('Language', { exact: true }).selectOption('fr');
    await page.getByRole('button', { name: 'Save language' }).click();
    await expect(page).toHaveURL('/fr/settings?saved=language');
    await expect(page.getByRole('status').first()).toContainText('Votre langue a été enregistrée.');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');

    // The account's language now steers its e-mails.
    await context.clearCookies();
    const forgot = await context.request.post('/api/auth/forgot-password', {
      headers: { origin: new URL(page.url()).origin },
      data: { email: account.email },
    });
    expect(forgot.status()).toBe(204);
    const mail = await waitForMail(account.email, 'reset_password');
    expect(mail.language).toBe('fr-CA');
  });
});
