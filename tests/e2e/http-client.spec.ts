import { expect, test } from '@playwright/test';
import { hydrated, signIn } from '../support/accounts.ts';

/**
 * The one HTTP client in the browser (issue 13, decision 032): an island call on a static
 * page after the access session lapsed refreshes once and succeeds; with the refresh
 * session gone too, the shopper lands on sign-in with the way back.
 */

const SESSION = 'nursery_session';

async function openProductSignedIn(page: import('@playwright/test').Page) {
  await page.goto('/products/sugar-maple');
  await hydrated(page.locator('.summary-buy'));
  // The session is loaded: the header greets the shopper.
  await expect(page.getByRole('button', { name: 'Emily Chen, account menu' })).toBeVisible();
  // And the page's own calls are answered (the token's expiry, the cart's count): one still in
  // flight when a test clears the cookies would meet the 401 itself and leave for sign-in
  // before the press the test is about (seen once in CI).
  await page.waitForLoadState('networkidle');
}

test.describe('the HTTP client', () => {
  test('an island call after the access session lapsed refreshes once and succeeds', async ({ page, context }) => {
    await signIn(context, 'customer');
    await openProductSignedIn(page);
    await context.clearCookies({ name: SESSION });
    const refreshes: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/auth/refresh')) refreshes.push(request.method());
    });
    // The call may go out first and meet a 401 (then refresh and resend) or refresh first: either
    // way one refresh, and the lists arrive.
    const lists = page.waitForResponse((response) => response.url().endsWith('/api/lists') && response.ok());

    await page.getByRole('button', { name: 'Add to List' }).click();
    const chooser = page.getByRole('dialog', { name: 'Add to a list' });
    expect((await lists).status()).toBe(200);
    await expect(chooser.getByRole('button', { name: 'Create and add' })).toBeVisible();
    expect(refreshes).toEqual(['POST']);
    expect((await context.cookies()).some((cookie) => cookie.name === SESSION)).toBe(true);
  });

  test('with the refresh session gone too, the call lands on sign-in', async ({ page, context }) => {
    await signIn(context, 'customer');
    await openProductSignedIn(page);
    await context.clearCookies();
    await page.getByRole('button', { name: 'Add to List' }).click();
    await expect(page).toHaveURL('/auth/sign-in?redirect=%2Fproducts%2Fsugar-maple');
  });
});
