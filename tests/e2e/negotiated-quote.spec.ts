import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { hydrated, signIn } from '../support/accounts.ts';
import { waitForMail } from '../support/outbox.ts';
import { createShopper, inStockLines } from '../support/shopper.ts';

/**
 * The negotiated quote (issue 22, decision 049) in both languages: the desk sends version 1
 * with an alternative on a line; takes it back and sends version 2 with a new quantity and a
 * new price, which lists what changed; version 1's e-mailed link then says it was replaced;
 * the customer, from version 2's e-mailed link and without signing in, accepts one line,
 * refuses another and takes the alternative on a third; the desk sees the partial acceptance
 * and the new total at once.
 */

type Locale = 'en' | 'fr';
const LOCALES: Locale[] = ['en', 'fr'];
const prefix = (locale: Locale) => (locale === 'fr' ? '/fr' : '');

interface Detail {
  id: number;
  status: string;
  reference: string;
  locale: Locale;
  customer: { email: string };
  lines: { line: number; sku: string; quantity: number }[];
}

const words = {
  en: {
    addAlternative: 'Add an alternative to line 3',
    altSku: 'SKU of alternative 1 (line 3)',
    altPrice: 'Unit price of alternative 1 (line 3)',
    altReason: 'Reason for alternative 1 (line 3)',
    reason: 'Sold out in #2 pots',
    fees: 'Fulfilment fees',
    send: 'Send the priced quote',
    quantity: 'Quantity of line 1',
    badQuantity: 'Enter a whole number from 0 to 100,000.',
    validUntil: 'Valid until',
    badDay: 'Choose a day, today or later.',
    note: 'Note to the customer (optional)',
    price2: 'Final unit price of line 2',
    accept: 'Accept this line',
    refuse: 'Refuse this line',
    take: /^Take /,
    confirm: 'Confirm my answers',
    partial: 'partly accepted, 2 lines taken and 1 refused',
    awaiting: 'Waiting for your answer',
    partialDesk: 'Partly accepted',
    replaced: 'replaced by version 2',
    changed: 'What changed since version 1',
    taxLine: /(HST|GST) \(\d+(\.\d+)?%\), registration no\. /,
  },
  fr: {
    addAlternative: 'Ajouter une solution de rechange à la ligne 3',
    altSku: 'UGS de la solution de rechange 1 (ligne 3)',
    altPrice: 'Prix unitaire de la solution de rechange 1 (ligne 3)',
    altReason: 'Motif de la solution de rechange 1 (ligne 3)',
    reason: 'Épuisé en pots no 2',
    fees: 'Frais de livraison ou de cueillette',
    send: 'Envoyer la soumission chiffrée',
    quantity: 'Quantité de la ligne 1',
    badQuantity: 'Entrez un nombre entier de 0 à 100\u00a0000.',
    validUntil: "Valide jusqu'au",
    badDay: "Choisissez une date, aujourd'hui ou plus tard.",
    note: 'Note au client (facultative)',
    price2: 'Prix unitaire définitif de la ligne 2',
    accept: 'Accepter cette ligne',
    refuse: 'Refuser cette ligne',
    take: /^Retenir /,
    confirm: 'Confirmer mes réponses',
    partial: 'acceptée en partie, 2 lignes retenues et 1 refusée',
    awaiting: 'En attente de votre réponse',
    partialDesk: 'Acceptée en partie',
    replaced: 'remplacée par la version 2',
    changed: 'Ce qui a changé depuis la version 1',
    taxLine: /(TVH|TPS) \(\d+(,\d+)?\u00a0%\), numéro d'inscription /,
  },
} as const;

/**
 * A request of the test's own, waiting on the desk: a new customer sends three lines from a
 * checkout in the test's language (tests/support/shopper.ts), so runs in parallel and runs
 * again never compete for the seed's requests.
 */
async function newRequest(request: APIRequestContext, page: Page, locale: Locale): Promise<Detail> {
  const shopper = await createShopper(request, {
    label: `nego-${locale}`,
    locale,
    // Sizes the pickup yard has: the version holds them there (decision 054).
    lines: await inStockLines(request, [2, 1, 3]),
  });
  await shopper.client.dispose();
  const detail = (await (await page.request.get(`/api/admin/quote-requests/${shopper.quoteId}`)).json()) as Detail;
  expect(detail.locale).toBe(locale);
  expect(detail.lines.length).toBe(3);
  return detail;
}

async function sendVersion(page: Page, locale: Locale, fill: (form: ReturnType<Page['locator']>) => Promise<void>) {
  const form = await hydrated(page.locator('section.qd-actions'));
  await fill(form);
  await form.getByLabel(words[locale].fees).fill('75');
  // The taxes are computed, read-only (decision 051): the yard's or the delivery's province.
  await expect(form.locator('[data-tax-preview] [data-tax-line]').first()).toBeVisible();
  await form.getByRole('button', { name: words[locale].send }).click();
  // The desk reads that it went to the customer, then the page reloads by itself.
  await expect(page.locator('[data-quote-status]')).toHaveAttribute('data-quote-status', 'quoted', {
    timeout: 30_000,
  });
  await expect(page.locator('[data-pricing]')).toBeVisible();
}

for (const locale of LOCALES) {
  test(`a negotiated quote, answered line by line from the e-mail (${locale}) @phone`, async ({
    page,
    context,
    browser,
    request,
  }) => {
    test.setTimeout(150_000);
    const w = words[locale];
    await signIn(context, 'admin');
    const target = await newRequest(request, page, locale);
    const detailPath = `${prefix(locale)}/admin/quote-requests/${target.id}`;
    await page.goto(detailPath);
    if (target.status === 'submitted') {
      await hydrated(page.locator('section.qd-actions'));
      await page.locator('[data-move-to="in_review"]').click();
      await expect(page.locator('[data-quote-status]')).toHaveAttribute('data-quote-status', 'in_review');
    }

    // Version 1: an alternative on line 3 (another catalogue SKU), with its price and reason.
    const alternativeSku = target.lines[0]?.sku ?? '';
    await sendVersion(page, locale, async (form) => {
      // A quantity on its way to being typed never takes the form away, and a wrong one is
      // refused under its field in the page's words; the form keeps everything else.
      const quantity = form.getByLabel(w.quantity, { exact: true });
      const typed = await quantity.inputValue();
      for (const wrong of ['-', '-3', '2.5']) {
        await quantity.fill(wrong);
        await form.getByRole('button', { name: w.send }).click();
        await expect(form.getByText(w.badQuantity, { exact: true })).toBeVisible();
      }
      await quantity.fill(typed);
      await expect(form.getByText(w.badQuantity, { exact: true })).toBeHidden();
      // A valid-until day already past is refused at once, in the page's words, before anything is sent.
      const day = form.getByLabel(w.validUntil, { exact: true });
      const offered = await day.inputValue();
      await day.fill('2020-01-31');
      await form.getByRole('button', { name: w.send }).click();
      await expect(form.getByText(w.badDay, { exact: true })).toBeVisible();
      await day.fill(offered);
      // The note goes to the customer, and says so.
      await expect(form.getByLabel(w.note, { exact: true })).toBeVisible();
      await form.getByRole('button', { name: w.addAlternative }).click();
      await form.getByLabel(w.altSku).fill(alternativeSku);
      await form.getByLabel(w.altPrice).fill(locale === 'fr' ? '9,75' : '9.75');
      await form.getByLabel(w.altReason).fill(w.reason);
    });
    await expect(page.locator('[data-versions] [data-version="1"]')).toContainText(w.reason);
    // Each line is held at the pickup yard while the version is open (decision 054).
    await expect(
      page.locator('[data-versions] [data-version="1"] [data-version-line="1"] [data-hold="held"]'),
    ).toHaveText(
      locale === 'fr'
        ? new RegExp(`^Réservé au .+\u00a0: ${target.lines[0]?.quantity}$`)
        : new RegExp(`^Held at .+: ${target.lines[0]?.quantity}$`),
    );
    const first = await waitForMail(target.customer.email, 'priced_quote');
    expect(first.text).toContain(w.reason);
    // Its taxes, computed (decision 051): each named with the nursery's number, in the customer's language.
    expect(first.text).toMatch(w.taxLine);
    const firstLink = /https?:\/\/\S+\/quotes\/answer\/[A-Za-z0-9_.-]+/.exec(first.text)?.[0];
    if (!firstLink) throw new Error(`No answer link in ${first.text}`);

    // Version 2: taken back, a new quantity on line 1 and a new price on line 2.
    await page.reload();
    await hydrated(page.locator('section.qd-actions'));
    await page.locator('[data-move-to="in_review"]').click();
    await expect(page.locator('[data-quote-status]')).toHaveAttribute('data-quote-status', 'in_review');
    const quantity = (target.lines[0]?.quantity ?? 1) + 2;
    await sendVersion(page, locale, async (form) => {
      await form.getByLabel(w.quantity).fill(String(quantity));
      await form.getByLabel(w.price2).fill('1');
    });
    const v2 = page.locator('[data-versions] [data-version="2"]');
    await expect(v2.locator('[data-version-changes]')).toContainText(w.changed);
    await expect(v2.locator('[data-change="quantity"]')).toHaveCount(1);
    await expect(v2.locator('[data-change="price"]')).toHaveCount(1);
    await expect(page.locator('[data-versions] [data-version="1"]')).toHaveAttribute(
      'data-version-state',
      'superseded',
    );

    // The customer, signed out: version 1's link says why it no longer works.
    const customer = await browser.newContext();
    const customerPage = await customer.newPage();
    await customerPage.goto(new URL(firstLink).pathname);
    await expect(customerPage.locator('[data-answer-result="superseded"]')).toContainText(w.replaced);

    // Version 2's link: accept line 1, refuse line 2, take the alternative on line 3, confirm.
    let second = first;
    await expect
      .poll(async () => {
        second = await waitForMail(target.customer.email, 'priced_quote');
        return second.file !== first.file;
      })
      .toBe(true);
    const secondLink = /https?:\/\/\S+\/quotes\/answer\/[A-Za-z0-9_.-]+/.exec(second.text)?.[0];
    if (!secondLink) throw new Error(`No answer link in ${second.text}`);
    await customerPage.goto(new URL(secondLink).pathname);
    await expect(customerPage.locator('[data-version-changes]')).toContainText(w.changed);
    await expect(customerPage.locator('[data-tax-line]').first()).toBeVisible();
    // The customer's own version waits for their answer (the desk reads "Waiting for the customer").
    await expect(customerPage.locator('[data-version-outcome]')).toHaveText(w.awaiting);
    await customerPage.locator('[data-answer-line="1"]').getByRole('radio', { name: w.accept }).check();
    await customerPage.locator('[data-answer-line="2"]').getByRole('radio', { name: w.refuse }).check();
    await customerPage.locator('[data-answer-line="3"]').getByRole('radio', { name: w.take }).check();
    for (const line of target.lines.slice(3)) {
      await customerPage.locator(`[data-answer-line="${line.line}"]`).getByRole('radio', { name: w.accept }).check();
    }
    await customerPage.getByRole('button', { name: w.confirm }).click();
    await expect(customerPage.locator('[data-answer-result="recorded"]')).toContainText(w.partial);
    await expect(customerPage.locator('[data-version-line="2"]')).toHaveAttribute('data-line-answer', 'refuse');
    await expect(customerPage.locator('[data-version-line="3"]')).toHaveAttribute('data-line-answer', 'alternative');
    await customer.close();

    // The desk sees the partial acceptance and its new total at once.
    await page.reload();
    await expect(page.locator('[data-quote-status]')).toHaveAttribute('data-quote-status', 'approved');
    await expect(v2.locator('[data-version-outcome]')).toHaveText(w.partialDesk);
    // The customer's answer card says so too, with the total of the lines taken.
    await expect(page.locator('[data-decision-kind]')).toHaveText(w.partialDesk);
    await expect(page.locator('[data-accepted-total-answer]')).toBeVisible();
    await expect(v2.locator('[data-accepted-total]')).toBeVisible();
    await expect(v2.locator('[data-accepted-tax-line]').first()).toBeVisible();
    await expect(v2.locator('[data-version-line="1"]')).toHaveAttribute('data-line-answer', 'accept');
    // The accepted line was sold from the yard, the refused one's hold released.
    await expect(v2.locator('[data-version-line="1"] [data-hold]')).toHaveAttribute('data-hold', 'sold');
    await expect(v2.locator('[data-version-line="2"] [data-hold]')).toHaveAttribute('data-hold', 'released');
  });
}
