import { expect, test } from '@playwright/test';
import { apiClient, SAME_ORIGIN } from '../support/accounts.ts';
import { waitForMail } from '../support/outbox.ts';
import { createShopper, inStockLines } from '../support/shopper.ts';

/**
 * A version past its last day (issue 22 item 3, decision 049), in both languages, on a desktop
 * and a phone: its e-mailed links no longer accept it, the answer page says until when it was
 * valid and offers a renewal, which puts the request back in the desk's queue.
 *
 * The suite cannot wait a week: the test server (APP_ENV=test only) reads the time of a
 * request from the `x-test-now` header (src/lib/http/request-time.ts), so the customer's
 * pages are opened two days after the version's last day.
 */

type Locale = 'en' | 'fr';
const LOCALES: Locale[] = ['en', 'fr'];

const words = {
  en: {
    expired: /This quote was valid until .+: it can no longer be accepted\./,
    renew: 'Ask for a renewal',
    renewed: 'Your renewal request is sent.',
    confirm: 'Confirm my answers',
    approve: /^Approve/,
  },
  fr: {
    expired: /Cette soumission était valide jusqu.au .+\u00a0: elle ne peut plus être acceptée\./,
    renew: 'Demander un renouvellement',
    renewed: 'Votre demande de renouvellement est envoyée.',
    confirm: 'Confirmer mes réponses',
    approve: /^Approuver/,
  },
} as const;

/** The day it is at the nursery, plus `days`, as YYYY-MM-DD. */
function nurseryDay(days: number): string {
  const day = new Date(Date.now() + days * 86_400_000);
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Toronto' }).format(day);
}

const linkOf = (text: string, action: 'answer' | 'approve') => {
  const link = new RegExp(`https?://\\S+/quotes/${action}/[A-Za-z0-9_.-]+`).exec(text)?.[0];
  if (!link) throw new Error(`No ${action} link in ${text}`);
  return new URL(link).pathname;
};

for (const locale of LOCALES) {
  test(`a version past its last day cannot be accepted, and asks for a renewal (${locale}) @phone`, async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const w = words[locale];
    const shopper = await createShopper(request, {
      label: `expiry-${locale}`,
      locale,
      lines: await inStockLines(request, [1]),
    });
    await shopper.client.dispose();
    const admin = await apiClient('admin');
    try {
      const path = `/api/admin/quote-requests/${shopper.quoteId}`;
      const review = await admin.post(`${path}/status`, { headers: SAME_ORIGIN, data: { to: 'in_review' } });
      expect(review.ok(), await review.text()).toBe(true);
      const lastDay = nurseryDay(1);
      const sent = await admin.post(`${path}/quote`, {
        headers: SAME_ORIGIN,
        data: { lines: [{ line: 1, unitPrice: '12' }], fees: '0', note: '', validUntil: lastDay },
      });
      expect(sent.ok(), await sent.text()).toBe(true);
      const mail = await waitForMail(shopper.account.email, 'priced_quote');

      // Two days after its last day.
      await page.setExtraHTTPHeaders({ 'x-test-now': `${nurseryDay(3)}T16:00:00Z` });
      // The whole-quote approve link no longer approves.
      await page.goto(linkOf(mail.text, 'approve'));
      await expect(page.getByRole('main')).toContainText(w.expired);
      await expect(page.getByRole('button', { name: w.approve })).toHaveCount(0);

      await page.goto(linkOf(mail.text, 'answer'));
      await expect(page.locator('[data-answer-result="expired"]')).toContainText(w.expired);
      await expect(page.getByRole('button', { name: w.confirm })).toHaveCount(0);
      await page.getByRole('button', { name: w.renew }).click();
      await expect(page.getByRole('status')).toContainText(w.renewed);

      // Back in the desk's queue; the version is still unanswered.
      const detail = (await (await admin.get(path)).json()) as { status: string };
      expect(detail.status).toBe('in_review');
    } finally {
      await admin.dispose();
    }
  });
}
