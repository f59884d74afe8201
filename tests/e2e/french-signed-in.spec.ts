import { expect, type Page, test } from '@playwright/test';
import { resources } from '../../src/lib/i18n/index.ts';
import { typographyIssues } from '../../src/lib/i18n/typography.ts';
import { signIn } from '../support/accounts.ts';
import { englishOn } from '../support/english-text.ts';
import { createShopper } from '../support/shopper.ts';

/**
 * The French pages the sitemap does not list (a shopper's cart, checkout, lists, profile and
 * quote history, and the staff's admin), read in a browser once their islands have drawn:
 * no English interface phrase of any namespace in their visible text, and French typography.
 */

/** Text the customer wrote, shown as it was typed. */
const USER_TEXT = '.comments';

const NAMESPACES = Object.keys(resources.en) as (keyof typeof resources.en)[];

async function frenchProblems(page: Page, path: string): Promise<string[]> {
  const response = await page.goto(path);
  expect(response?.status(), path).toBe(200);
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr-CA');
  // Islands hydrate and draw their text (lists, history, dashboard charts).
  await page.waitForLoadState('networkidle');
  const english = await englishOn(page, NAMESPACES);
  // What a customer typed (a request's comments) is theirs, in their words and typography.
  const text = await page.locator('main').evaluate((main, userText) => {
    const copy = main.cloneNode(true) as HTMLElement;
    for (const typed of copy.querySelectorAll(userText)) typed.remove();
    document.body.append(copy);
    // biome-ignore lint/performance/useDomNodeTextContent: the visible text, as a reader sees it, is the point.
    const visible = copy.innerText;
    copy.remove();
    return visible;
  }, USER_TEXT);
  return [
    ...english.map((phrase) => `English: ${phrase}`),
    ...typographyIssues(text).map((issue) => `typography (${issue.rule}): …${issue.at}…`),
  ];
}

/** Every page's problems, by path (none on good pages): all are read before the test judges. */
async function problemsOn(page: Page, paths: string[]): Promise<Record<string, string[]>> {
  const problems: Record<string, string[]> = {};
  for (const path of paths) {
    const found = await frenchProblems(page, path);
    if (found.length > 0) problems[path] = found;
  }
  return problems;
}

async function firstLink(page: Page, path: string, pattern: RegExp): Promise<string> {
  await page.goto(path);
  const hrefs = await page
    .locator('main a[href]')
    .evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
  const href = hrefs.find((value) => pattern.test(value));
  expect(href, `a link matching ${pattern} on ${path}`).toBeTruthy();
  return href as string;
}

test.describe('French pages behind sign-in', () => {
  test('a customer’s cart and checkout, with lines in the cart', async ({ context, page, request }) => {
    // A shopper of the test's own fills a cart: the demo customer's stays as the seed left it.
    const shopper = await createShopper(request, { label: 'fr-cart', locale: 'fr' });
    await shopper.client.dispose();
    await signIn(context, shopper.account);
    expect(await problemsOn(page, ['/fr/cart', '/fr/checkout'])).toEqual({});
  });

  test('a customer’s lists, profile and quote history, as the seed left them', async ({ context, page }) => {
    await signIn(context, 'customer');
    const pages = ['/fr/lists', '/fr/profile', '/fr/settings', '/fr/profile/quote-requests'];
    pages.push(await firstLink(page, '/fr/lists', /^\/fr\/lists\/\d+$/));
    pages.push(await firstLink(page, '/fr/profile/quote-requests', /^\/fr\/profile\/quote-requests\/\d+$/));
    expect(await problemsOn(page, pages)).toEqual({});
  });

  test('the admin: dashboard, products, a product and its photos, the quote desk and a request', async ({
    context,
    page,
  }) => {
    await signIn(context, 'admin');
    const pages = ['/fr/admin', '/fr/admin/products', '/fr/admin/quote-requests'];
    const product = await firstLink(page, '/fr/admin/products', /^\/fr\/admin\/products\/[^/?]+$/);
    pages.push(product, `${product}/images`);
    pages.push(await firstLink(page, '/fr/admin/quote-requests', /^\/fr\/admin\/quote-requests\/\d+$/));
    expect(await problemsOn(page, pages)).toEqual({});
  });
});

for (const locale of ['en', 'fr'] as const) {
  test(`the dashboard's chart legends are named by their visible words, drawn and toggled (${locale})`, async ({
    context,
    page,
  }) => {
    // The library named each legend item "<series>, visible. Press Enter or Space to toggle.",
    // in English on the French page too.
    await signIn(context, 'admin');
    await page.goto(locale === 'fr' ? '/fr/admin' : '/admin');
    const items = page.locator('.apexcharts-legend-series');
    await expect(items.first()).toBeVisible();
    const names = async () =>
      items.evaluateAll((all) => all.map((item) => item.getAttribute('aria-label') ?? item.textContent?.trim()));
    const first = (await items.first().textContent())?.trim() ?? '';
    await expect(page.getByRole('button', { name: first, exact: true }).first()).toBeVisible();
    await items.first().click();
    await expect(items.first()).toHaveAttribute('aria-pressed', 'true');
    await items.first().press('Enter');
    await expect(items.first()).toHaveAttribute('aria-pressed', 'false');
    for (const name of await names()) expect(name).not.toMatch(/Press Enter|visible|hidden/);
  });
}
