import { expect, test } from '@playwright/test';
import { hydrated, signIn } from '../support/accounts.ts';
import { createShopper } from '../support/shopper.ts';

/**
 * The desk's queue (decision 052): a staff member opens a request of the test's own, assigns
 * it to themself in French, and finds it under « Les miennes » (and under "Mine" in English),
 * with its owner, whose turn it is and how long it has waited. The demo admin is only read:
 * the request assigned is the test's own, unassigned at the end.
 */
test('a staff member assigns a request to themself and finds it under Mine', async ({ browser, request }) => {
  const shopper = await createShopper(request, { label: 'queue', locale: 'fr' });
  const context = await browser.newContext();
  await signIn(context, 'admin');
  const page = await context.newPage();
  try {
    const reference = await (async () => {
      const response = await context.request.get(`/api/admin/quote-requests/${shopper.quoteId}`);
      expect(response.ok()).toBe(true);
      return ((await response.json()) as { reference: string }).reference;
    })();

    await page.goto(`/fr/admin/quote-requests/${shopper.quoteId}`);
    const owner = await hydrated(page.locator('section[aria-labelledby="qd-owner"]'));
    await expect(owner.getByText('Non attribuée')).toBeVisible();
    await owner.getByRole('button', { name: "Me l'attribuer" }).click();
    await expect(owner.getByRole('button', { name: "Retirer l'attribution" })).toBeVisible();
    await expect(owner.locator('[data-owner-name]')).not.toHaveAttribute('data-owner-name', '');

    // « Les miennes » is a link that keeps the other filters: the search for the reference.
    await page.goto(`/fr/admin/quote-requests?q=${reference}`);
    await page.getByRole('navigation', { name: "File d'attente" }).getByRole('link', { name: 'Les miennes' }).click();
    await expect(page).toHaveURL(/[?&]mine=1/);
    await expect(page).toHaveURL(new RegExp(`q=${reference}`));
    const row = page.locator(`tr[data-quote-row="${reference}"]`);
    await expect(row).toBeVisible();
    await expect(row.locator('[data-turn-label]')).toHaveText('Au tour des ventes');

    // The same list in English, with the desk's turn first.
    await page.goto(`/admin/quote-requests?q=${reference}&mine=1&turn=desk`);
    await expect(page.getByRole('link', { name: 'Mine' })).toHaveAttribute('aria-current', 'true');
    await expect(page.locator(`tr[data-quote-row="${reference}"] [data-turn-label]`)).toHaveText("Desk's turn");

    // Unassigned, it leaves "Mine".
    await page.goto(`/admin/quote-requests/${shopper.quoteId}`);
    const panel = await hydrated(page.locator('section[aria-labelledby="qd-owner"]'));
    await panel.getByRole('button', { name: 'Unassign' }).click();
    await expect(panel.getByText('Unassigned', { exact: true })).toBeVisible();
    await page.goto(`/admin/quote-requests?q=${reference}&mine=1`);
    await expect(page.locator(`tr[data-quote-row="${reference}"]`)).toHaveCount(0);
  } finally {
    await context.close();
    await shopper.client.dispose();
  }
});
