import { expect, test } from '@playwright/test';
import { SAME_ORIGIN, signIn } from '../support/accounts.ts';
import { createShopper } from '../support/shopper.ts';

/**
 * The quote's computed taxes at the desk (decision 051), in both languages: the pricing form
 * shows them read-only with the province, and the tax-exemption endpoint refuses a missing
 * reason and a retail customer in the staff's language, saving nothing.
 */

type Locale = 'en' | 'fr';
const LOCALES: Locale[] = ['en', 'fr'];
const prefix = (locale: Locale) => (locale === 'fr' ? '/fr' : '');

const words = {
  en: { required: 'Give the reason', tradeOnly: 'Only a trade customer', heading: 'Taxes', computed: 'not typed' },
  fr: {
    required: 'Indiquez le motif',
    tradeOnly: 'Seul un client professionnel',
    heading: 'Taxes',
    computed: 'non saisies',
  },
} as const;

for (const locale of LOCALES) {
  test(`computed taxes and the exemption's checks at the desk (${locale})`, async ({ page, context, request }) => {
    const w = words[locale];
    await signIn(context, 'admin');
    const shopper = await createShopper(request, { label: `tax-${locale}`, locale });
    await shopper.client.dispose();
    const endpoint = `/api/admin/quote-requests/${shopper.quoteId}/tax-exemption`;
    const headers = { ...SAME_ORIGIN, 'accept-language': locale === 'fr' ? 'fr-CA' : 'en-CA' };

    const missing = await page.request.post(endpoint, {
      headers,
      data: { exempt: true, reason: '  ' },
    });
    expect(missing.status()).toBeGreaterThanOrEqual(400);
    expect(missing.status()).toBeLessThan(500);
    expect(await missing.text()).toContain(w.required);

    const retail = await page.request.post(endpoint, { headers, data: { exempt: true, reason: 'R-4411' } });
    expect(retail.status()).toBe(422);
    const refused = (await retail.json()) as { error: { code: string; message: string } };
    expect(refused.error.code).toBe('trade_only');
    expect(refused.error.message).toContain(w.tradeOnly);

    // The desk's page: the request is not exempt, and the pricing form computes its taxes.
    await page.goto(`${prefix(locale)}/admin/quote-requests/${shopper.quoteId}`);
    const detail = (await (await page.request.get(`/api/admin/quote-requests/${shopper.quoteId}`)).json()) as {
      taxExemptReason: string | null;
      status: string;
    };
    expect(detail.taxExemptReason).toBeNull();
    await expect(page.locator('[data-tax-exemption-panel]')).toHaveCount(0);
    if (detail.status === 'submitted') {
      await page.locator('[data-move-to="in_review"]').click();
      await expect(page.locator('[data-quote-status]')).toHaveAttribute('data-quote-status', 'in_review');
    }
    const preview = page.locator('[data-tax-preview]');
    await expect(preview.getByRole('heading', { name: w.heading })).toBeVisible();
    await expect(preview.locator('[data-tax-line]').first()).toBeVisible();
    await expect(preview).toContainText(w.computed);
  });
}
