import { expect, type Page, test } from '@playwright/test';
import { SAME_ORIGIN, signIn } from '../support/accounts.ts';
import { violations } from '../support/axe.ts';
import { mailsTo, waitForMail } from '../support/outbox.ts';
import { createShopper } from '../support/shopper.ts';

/**
 * A quote request's thread (issue 22 item 7, decision 053) in both languages, a plain form
 * (the shopper's browser runs no JavaScript): a new shopper asks about one line of their
 * request from their request page; the sales desk is e-mailed, reads it on the desk's page,
 * adds an internal note and answers; the shopper is e-mailed in their language and reads the
 * answer, never the note. Both pages, with their thread, pass axe.
 */

type Locale = 'en' | 'fr';
const LOCALES: Locale[] = ['en', 'fr'];
const prefix = (locale: Locale) => (locale === 'fr' ? '/fr' : '');
const SALES_DESK = 'sales@northfieldnurseries.ca';
const KIND = 'quote_thread_message';

const words = {
  en: {
    about: 'About',
    line2: /Line 2: /,
    aboutShown: 'About: ',
    send: 'Send',
    internalBox: 'Internal note: seen only by staff, never e-mailed to the customer',
    internal: 'Internal note',
    question: 'Could the second line come in a larger size?',
    note: 'Checked with the Milton yard: 3 left.',
    answer: 'Yes: we can offer the next size up at the same price.',
    you: 'You',
    subject: 'A message about your quote request',
    empty: 'Write a message before sending it.',
    startReview: 'Start the review',
  },
  fr: {
    about: 'À propos de',
    line2: /Ligne 2\u00a0: /,
    aboutShown: 'À propos de\u00a0: ',
    send: 'Envoyer',
    internalBox: 'Note interne\u00a0: vue seulement par le personnel, jamais envoyée au client',
    internal: 'Note interne',
    question: 'La deuxième ligne existe-t-elle en plus grand format\u202f?',
    note: 'Vérifié avec le centre de vente de Milton\u00a0: il en reste 3.',
    answer: 'Oui\u00a0: nous pouvons offrir le format suivant au même prix.',
    you: 'Vous',
    subject: 'Un message sur votre demande de soumission',
    empty: "Écrivez un message avant de l'envoyer.",
    startReview: 'Commencer la révision',
  },
} as const;

/** Writes a message with the page's plain form and waits for the page it is sent back to. */
async function post(page: Page, locale: Locale, body: string, options: { line?: RegExp; internal?: boolean } = {}) {
  const form = page.locator('[data-thread-form]');
  const w = words[locale];
  if (options.line) {
    const option = form.locator('option').filter({ hasText: options.line });
    await form.getByLabel(w.about, { exact: true }).selectOption((await option.getAttribute('value')) ?? '');
  }
  await form.getByLabel('Message', { exact: true }).fill(body);
  if (options.internal) await form.getByLabel(w.internalBox).check();
  await form.getByRole('button', { name: w.send, exact: true }).click();
  await expect(page).toHaveURL(/#message-\d+$/);
}

for (const locale of LOCALES) {
  test(`a shopper asks about a line, the desk notes and answers, the shopper reads the answer (${locale})`, async ({
    page,
    context,
    browser,
    request,
  }) => {
    test.setTimeout(150_000);
    const w = words[locale];
    const shopper = await createShopper(request, {
      label: `thread-${locale}`,
      locale,
      lines: [
        { variantId: 1, quantity: 2 },
        { variantId: 2, quantity: 1 },
      ],
    });
    await shopper.client.dispose();
    const customerPath = `${prefix(locale)}/profile/quote-requests/${shopper.quoteId}`;
    const deskPath = `${prefix(locale)}/admin/quote-requests/${shopper.quoteId}`;

    // The shopper asks about line 2; an empty message first is refused in their language.
    // Without JavaScript: the thread is a plain form (decision 048).
    const shopperContext = await browser.newContext({ javaScriptEnabled: false });
    const shopperPage = await shopperContext.newPage();
    await signIn(shopperContext, shopper.account);
    await shopperPage.goto(customerPath);
    const thread = shopperPage.locator('[data-thread]');
    await expect(thread.locator('[data-thread-empty]')).toBeVisible();
    // As a person would: Send pressed on an empty message (the browser does not stop it).
    await thread.getByRole('button', { name: w.send, exact: true }).click();
    await expect(shopperPage.locator('[data-thread-error]')).toHaveText(w.empty);
    await expect(thread.getByLabel('Message', { exact: true })).toHaveAttribute('aria-invalid', 'true');
    await post(shopperPage, locale, w.question, { line: w.line2 });
    const asked = thread.locator('[data-message="customer"]');
    await expect(asked).toHaveCount(1);
    await expect(asked).toContainText(w.question);
    await expect(asked).toContainText(w.you);
    await expect(asked.locator('[data-about]')).toContainText(w.aboutShown);

    // The desk is e-mailed in the request's language, then reads it on its page.
    await signIn(context, 'admin');
    const reference = (
      (await (await page.request.get(`/api/admin/quote-requests/${shopper.quoteId}`)).json()) as {
        reference: string;
      }
    ).reference;
    await expect
      .poll(async () => (await mailsTo(SALES_DESK, KIND)).filter((mail) => mail.subject.includes(reference)).length)
      .toBe(1);
    const [deskMail] = (await mailsTo(SALES_DESK, KIND)).filter((mail) => mail.subject.includes(reference));
    expect(deskMail?.text).toContain(w.question);
    expect(deskMail?.text).toContain(`${prefix(locale)}/admin/quote-requests/${shopper.quoteId}`);

    await page.goto(deskPath);
    const desk = page.locator('[data-thread]');
    await expect(desk.locator('[data-message="customer"]')).toContainText(w.question);
    await expect(desk.locator('[data-message="customer"] [data-about]')).toContainText(w.aboutShown);
    await post(page, locale, w.note, { internal: true });
    await expect(desk.locator('[data-internal]')).toContainText(w.note);
    await expect(desk.locator('[data-internal] [data-internal-label]')).toHaveText(w.internal);
    // The answer half written, the review is started: the page reloads itself, the words stay.
    await desk.getByLabel('Message', { exact: true }).fill(w.answer);
    await page.getByRole('button', { name: w.startReview, exact: true }).click();
    await expect(page.locator('[data-quote-status]')).toHaveAttribute('data-quote-status', 'in_review');
    await expect(desk.getByLabel('Message', { exact: true })).toHaveValue(w.answer);
    await desk.getByRole('button', { name: w.send, exact: true }).click();
    await expect(page).toHaveURL(/#message-\d+$/);
    await expect(desk.locator('[data-message="staff"]:not([data-internal])')).toContainText(w.answer);
    // Sent, the draft is gone: the form is empty after the next reload.
    await page.reload();
    await expect(desk.getByLabel('Message', { exact: true })).toHaveValue('');
    expect(await violations(page)).toEqual([]);

    // The shopper is e-mailed the answer (never the note) and reads it on their page.
    const answerMail = await waitForMail(shopper.account.email, KIND);
    expect(answerMail.subject).toBe(`${w.subject} ${reference}`);
    expect(answerMail.text).toContain(w.answer);
    expect((await mailsTo(shopper.account.email, KIND)).map((mail) => mail.text).join('\n')).not.toContain(w.note);
    await shopperPage.goto(customerPath);
    await expect(thread.locator('[data-message]')).toHaveCount(2);
    await expect(thread.locator('[data-message="staff"]')).toContainText(w.answer);
    await expect(thread).not.toContainText(w.note);
    await expect(thread.locator('[data-internal]')).toHaveCount(0);
    await shopperContext.close();
    // axe runs in the page: the customer's page again, in a browser that runs JavaScript.
    const axeContext = await browser.newContext();
    await signIn(axeContext, shopper.account);
    const axePage = await axeContext.newPage();
    await axePage.goto(customerPath, { waitUntil: 'networkidle' });
    await expect(axePage.locator('[data-thread] [data-message]')).toHaveCount(2);
    expect(await violations(axePage)).toEqual([]);
    await axeContext.close();
  });
}

test("the form's post: parallel posts past the limit are refused, another's request is not found", async ({
  request,
}) => {
  test.setTimeout(90_000);
  const [owner, stranger] = await Promise.all([
    createShopper(request, { label: 'thread-limit' }),
    createShopper(request, { label: 'thread-stranger' }),
  ]);
  const path = `/profile/quote-requests/${owner.quoteId}`;
  const send = (client: typeof owner.client, target: string, body: string) =>
    client.post(target, { headers: SAME_ORIGIN, form: { intent: 'message', body, line: '1' }, maxRedirects: 0 });

  // Another customer's request is a 404 that says nothing of it, and saves nothing.
  const foreign = await send(stranger.client, path, 'Not mine');
  expect(foreign.status()).toBe(404);
  expect(await foreign.text()).not.toContain('Not mine');
  // The desk's page is staff's only: a customer is sent home before it runs.
  expect((await send(owner.client, `/admin/quote-requests/${owner.quoteId}`, 'Desk?')).headers().location).toBe('/');

  // A line the request does not have: refused in the page's language, what was typed kept.
  const wrongLine = await owner.client.post(path, {
    headers: SAME_ORIGIN,
    form: { intent: 'message', body: 'About line seven', line: '7' },
    maxRedirects: 0,
  });
  expect(wrongLine.status()).toBe(422);
  const refusedPage = await wrongLine.text();
  expect(refusedPage).toContain('Choose a line of this request, or the whole request.');
  expect(refusedPage).toMatch(/<textarea[^>]*>About line seven<\/textarea>/);

  // 12 posts at once: 10 are sent back to their message, the rest refused with a wait.
  const answers = await Promise.all(
    Array.from({ length: 12 }, (_, i) => send(owner.client, path, `Question ${i + 1}`)),
  );
  const statuses = answers.map((answer) => answer.status()).sort();
  expect(statuses).toEqual([...Array(10).fill(303), 429, 429]);
  for (const answer of answers.filter((a) => a.status() === 303)) {
    expect(answer.headers().location).toMatch(new RegExp(`^${path}#message-\\d+$`));
  }
  const refused = answers.find((answer) => answer.status() === 429);
  expect(Number(refused?.headers()['retry-after'])).toBeGreaterThan(0);
  expect(await refused?.text()).toContain('You have sent many messages in a short time.');

  const page = await owner.client.get(path);
  const html = await page.text();
  expect(html.match(/data-message="customer"/g)).toHaveLength(10);
  expect(html).not.toContain('Not mine');
  await Promise.all([owner.client.dispose(), stranger.client.dispose()]);
});
