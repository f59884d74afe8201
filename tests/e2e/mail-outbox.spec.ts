import { expect, test } from '@playwright/test';
import { apiClient, SAME_ORIGIN, signIn } from '../support/accounts.ts';

/**
 * The staff view of undelivered e-mail (docs/decisions/043-every-email-through-the-outbox.md)
 * in both languages, and its retry endpoint: admins only, input checked. Dead e-mails cannot
 * be made here (the test server writes every e-mail to its .eml outbox, which does not fail),
 * so dead-lettering and the retry itself are tested against the database on both engines
 * (src/lib/mail/outbox.server.test.ts, src/features/mail-outbox/).
 */

const HEADINGS = { en: 'E-mail not delivered', fr: 'Courriels non distribués' } as const;
const NAV = { en: 'E-mail', fr: 'Courriels' } as const;

test('a visitor and a customer are refused the page and the retry', async () => {
  for (const who of [undefined, 'customer'] as const) {
    const client = await apiClient(who);
    for (const path of ['/admin/mail', '/fr/admin/mail']) {
      const response = await client.get(path, { maxRedirects: 0 });
      expect(response.status(), path).toBe(302);
    }
    const retry = await client.post('/api/admin/mail/retry', { headers: SAME_ORIGIN, data: { id: 1 } });
    expect(retry.status()).toBe(who ? 403 : 401);
    await client.dispose();
  }
});

test('an admin sees the undelivered e-mail page in both languages', async ({ page, context }) => {
  await signIn(context, 'admin');
  for (const locale of ['en', 'fr'] as const) {
    await page.goto(`${locale === 'fr' ? '/fr' : ''}/admin/mail`);
    await expect(page).toHaveTitle(/^\[ADMIN\] /);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(HEADINGS[locale]);
    await expect(page.locator('.admin-nav').getByRole('link', { name: NAV[locale] })).toHaveAttribute(
      'aria-current',
      'page',
    );
    // Either every e-mail went out, or the table lists those that did not, each with a Retry.
    await expect(page.locator('[data-mail-empty], .mail-table')).toBeVisible();
    const rows = page.locator('.mail-table tbody tr');
    for (const row of await rows.all()) await expect(row.locator('[data-mail-retry]')).toBeVisible();
  }
});

test('the retry endpoint takes one id, and says in the staff language when it names no e-mail', async () => {
  const admin = await apiClient('admin');
  for (const data of [{}, { id: '1' }, { id: 0 }, { id: 1, resend: true }]) {
    const response = await admin.post('/api/admin/mail/retry', { headers: SAME_ORIGIN, data });
    expect(response.status(), JSON.stringify(data)).toBe(422);
  }
  for (const [language, message] of [
    ['en', 'This e-mail no longer exists.'],
    ['fr', "Ce courriel n'existe plus."],
  ] as const) {
    const response = await admin.post('/api/admin/mail/retry', {
      headers: { ...SAME_ORIGIN, 'accept-language': language },
      data: { id: 2_147_483_647 },
    });
    expect(response.status()).toBe(404);
    expect(((await response.json()) as { error: { code: string; message: string } }).error).toMatchObject({
      code: 'not_found',
      message,
    });
  }
  await admin.dispose();
});
