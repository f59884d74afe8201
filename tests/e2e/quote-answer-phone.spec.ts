import { expect, type Page, test } from '@playwright/test';
import { apiClient, SAME_ORIGIN, signIn } from '../support/accounts.ts';
import { waitForMail } from '../support/outbox.ts';
import { createShopper, inStockLines } from '../support/shopper.ts';

/**
 * A priced quote read and answered in part on a 390 px phone, in both languages: every figure
 * of the version (line totals, answers, tax labels) lies inside its card, none cut off or out
 * of sight to the right; and the request's page in the account then says the quote was partly
 * accepted, for the total of the lines taken, not « Accepted » beside the whole quote's total.
 * A line left without an answer is said in the store's words, under that line; a line of the
 * request the desk took out of the version is named beside it.
 */

type Locale = 'en' | 'fr';
const LOCALES: Locale[] = ['en', 'fr'];
const prefix = (locale: Locale) => (locale === 'fr' ? '/fr' : '');

const words = {
  en: {
    accept: 'Accept this line',
    refuse: 'Refuse this line',
    confirm: 'Confirm my answers',
    partly: /^Partly accepted on /,
    missing: 'Choose an answer for line 1, then confirm again.',
    notOffered: 'Lines of your request not in this version',
    notOfferedLine: /^Line 3: 4 × .+ · .+ · [A-Z]{3}-\d+-\w+$/,
  },
  fr: {
    accept: 'Accepter cette ligne',
    refuse: 'Refuser cette ligne',
    confirm: 'Confirmer mes réponses',
    partly: /^Acceptée en partie le /,
    missing: 'Choisissez une réponse pour la ligne 1, puis confirmez de nouveau.',
    notOffered: 'Lignes de votre demande absentes de cette version',
    notOfferedLine: /^Ligne 3\u00a0: 4 × .+ · .+ · [A-Z]{3}-\d+-\w+$/,
  },
} as const;

/** The day it is at the nursery, plus `days`, as YYYY-MM-DD. */
function nurseryDay(days: number): string {
  const day = new Date(Date.now() + days * 86_400_000);
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Toronto' }).format(day);
}

/** What of a version sticks out of its card, or hides in a frame that scrolls sideways. */
async function versionOverflow(page: Page): Promise<string[]> {
  return page.locator('article.qv').evaluateAll((versions) =>
    versions.flatMap((version) => {
      const box = version.getBoundingClientRect();
      const out: string[] = [];
      for (const cell of version.querySelectorAll('.qv-table td, .qv-totals dt, .qv-totals dd')) {
        const r = cell.getBoundingClientRect();
        if (r.left < box.left - 1 || r.right > box.right + 1) out.push(`${cell.tagName} "${cell.textContent?.trim()}"`);
      }
      for (const frame of version.querySelectorAll('.qv-table-wrap')) {
        if (frame.scrollWidth > frame.clientWidth + 1)
          out.push(`table frame scrolls ${frame.scrollWidth - frame.clientWidth}px`);
      }
      return out;
    }),
  );
}

for (const locale of LOCALES) {
  test(`a quote answered in part on a phone: all of it in view, and the account says so (${locale}) @phone`, async ({
    page,
    context,
    request,
  }) => {
    test.setTimeout(90_000);
    const w = words[locale];
    await page.setViewportSize({ width: 390, height: 844 });
    const shopper = await createShopper(request, {
      label: `answer-phone-${locale}`,
      locale,
      lines: await inStockLines(request, [2, 1, 4]),
    });
    await shopper.client.dispose();
    const admin = await apiClient('admin');
    try {
      const path = `/api/admin/quote-requests/${shopper.quoteId}`;
      const review = await admin.post(`${path}/status`, { headers: SAME_ORIGIN, data: { to: 'in_review' } });
      expect(review.ok(), await review.text()).toBe(true);
      const sent = await admin.post(`${path}/quote`, {
        headers: SAME_ORIGIN,
        data: {
          lines: [
            { line: 1, unitPrice: '185.50' },
            { line: 2, unitPrice: '291.75' },
            // Taken out of the version: the customer is told, not left to notice a line gone.
            { line: 3, unitPrice: '10', quantity: '0' },
          ],
          fees: '150',
          note: '',
          validUntil: nurseryDay(7),
        },
      });
      expect(sent.ok(), await sent.text()).toBe(true);
    } finally {
      await admin.dispose();
    }
    const mail = await waitForMail(shopper.account.email, 'priced_quote');
    const link = /https?:\/\/\S+\/quotes\/answer\/[A-Za-z0-9_.-]+/.exec(mail.text)?.[0];
    if (!link) throw new Error(`No answer link in ${mail.text}`);

    await page.goto(new URL(link).pathname);
    await expect(page.locator('article.qv')).toHaveCount(1);
    expect(await versionOverflow(page)).toEqual([]);
    const notOffered = page.locator('[data-not-offered]');
    await expect(notOffered.getByRole('heading')).toHaveText(w.notOffered);
    await expect(notOffered.locator('li')).toHaveText([w.notOfferedLine]);

    // A line left unanswered is said under it in the page's language (not by the browser's
    // bubble, in the browser's), and the answer given to the other line is kept.
    await page.locator('[data-answer-line="2"]').getByLabel(w.refuse).check();
    await page.getByRole('button', { name: w.confirm }).click();
    const first = page.locator('[data-answer-line="1"]');
    await expect(first.locator('[data-answer-error]')).toHaveText(w.missing);
    await expect(first.getByLabel(w.accept)).toHaveAttribute('aria-invalid', 'true');
    await expect(page.locator('[data-answer-line="2"]').getByLabel(w.refuse)).toBeChecked();
    await first.getByLabel(w.accept).check();
    await page.getByRole('button', { name: w.confirm }).click();
    await expect(page.locator('[data-version-outcome="partial"]')).toBeVisible();
    // Answered, the version has one more column (each line's answer), still in view.
    expect(await versionOverflow(page)).toEqual([]);

    await signIn(context, shopper.account);
    await page.goto(`${prefix(locale)}/profile/quote-requests/${shopper.quoteId}`);
    expect(await versionOverflow(page)).toEqual([]);
    await expect(page.locator('[data-not-offered] li')).toHaveText([w.notOfferedLine]);
    await expect(page.locator('[data-your-answer]')).toHaveText(w.partly);
    const taken = (await page.locator('[data-versions] [data-accepted-total]').textContent()) ?? '';
    await expect(page.locator('[data-answer-accepted-total]')).toHaveText(taken);
    expect(taken).not.toBe(await page.locator('[data-versions] [data-version-total]').textContent());
  });
}
