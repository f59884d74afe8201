import { expect, test } from '@playwright/test';
import { englishOn } from '../support/english-text.ts';

test.describe('the sandbox (outside production)', () => {
  test('lists its pages in both languages', async ({ page }) => {
    await page.goto('/sandbox');
    await expect(page).toHaveTitle('[SANDBOX] Sandbox – Northfield Nurseries');
    for (const name of ['Currency', 'Button group', 'Charts', 'Data-fetching cache', 'My sales yard']) {
      await expect(page.getByRole('link', { name: new RegExp(`^${name}`) })).toBeVisible();
    }
    await page.goto('/fr/sandbox');
    await expect(page).toHaveTitle('[SANDBOX] Bac à sable – Pépinières Northfield');
    await expect(page.getByRole('link', { name: /^Devise/ })).toHaveAttribute('href', '/fr/sandbox/currency');
    expect(await englishOn(page, ['sandbox'])).toEqual([]);
  });

  test('formats CAD for en-CA and fr-CA', async ({ page }) => {
    await page.goto('/sandbox/currency');
    const row = page.locator('tr[data-cents="123456"]');
    await expect(row.locator('[data-locale="en-CA"]')).toHaveText('$1,234.56');
    await expect(row.locator('[data-locale="fr-CA"]')).toHaveText(/^1\s234,56\s\$$/);
    await page.goto('/fr/sandbox/currency');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Devise');
    expect(await englishOn(page, ['sandbox'])).toEqual([]);
  });

  test('shows the button group, large by default', async ({ page }) => {
    await page.goto('/sandbox/button-group');
    const group = page.getByRole('group', { name: 'View', exact: true });
    await expect(group).toHaveAttribute('data-size', 'lg');
    await group.getByRole('button', { name: 'List' }).click();
    await expect(group.getByRole('button', { name: 'List' })).toHaveAttribute('aria-pressed', 'true');
    await expect(group.getByRole('button', { name: 'Grid' })).toHaveAttribute('aria-pressed', 'false');
    await expect(page.getByText('Selected: List')).toBeVisible();
    await page.getByRole('group', { name: 'Quantity' }).getByRole('button', { name: 'Increase' }).click();
    await expect(page.getByText('Quantity: 2')).toBeVisible();
  });

  test('draws the charts when they scroll into view', async ({ page }) => {
    await page.goto('/fr/sandbox/charts');
    await page.getByText('Plantes par catégorie').scrollIntoViewIfNeeded();
    await expect(page.locator('.apexcharts-canvas').first()).toBeVisible({ timeout: 15_000 });
    await expect(page.locator('.apexcharts-canvas')).toHaveCount(2);
    expect(await englishOn(page, ['sandbox'])).toEqual([]);
  });

  test('shows the data cache sharing one request between two components', async ({ page }) => {
    let requests = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/app_settings')) requests += 1;
    });
    await page.goto('/sandbox/vue-query');
    const a = page.locator('[data-panel="A"]');
    const b = page.locator('[data-panel="B"]');
    await expect(a.locator('[data-status]')).toHaveText('success');
    await expect(b.locator('[data-status]')).toHaveText('success');
    await expect(page.locator('[data-requests]')).toHaveText('Network requests sent: 1');
    expect(requests).toBe(1);
    await page.getByRole('button', { name: 'Mount component C' }).click();
    await expect(page.locator('[data-panel="C"] [data-status]')).toHaveText('success');
    await expect(a).toContainText(/Components using it\s*3/);
    await page.goto('/fr/sandbox/vue-query');
    await expect(page.locator('[data-panel="A"] [data-status]')).toHaveText('réussie');
    expect(await englishOn(page, ['sandbox'])).toEqual([]);
  });

  test('lists the sales yards, with a slot for the chooser', async ({ page }) => {
    await page.goto('/sandbox/my-location');
    await expect(page.locator('[data-slot="sales-yard-chooser"]')).toBeVisible();
    await expect(page.locator('[data-yard]')).toHaveCount(4);
    await expect(page.locator('[data-yard]').first()).toContainText('Milton');
    await page.goto('/fr/sandbox/my-location');
    await expect(page.locator('[data-yard]').first()).toContainText('Milton (ON)');
    expect(await englishOn(page, ['sandbox'])).toEqual([]);
  });
});
