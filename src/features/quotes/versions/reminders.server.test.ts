import { beforeAll, describe, expect, it } from 'vitest';
import {
  type AccountFixtures,
  createUser,
  memoryMailer,
  seedAccountReference,
} from '../../../../tests/factories/accounts.ts';
import { createPricedQuote } from '../../../../tests/factories/quotes.ts';
import { ENGINES } from '../../../../tests/support/databases.ts';
import { useTestDatabase } from '../../../../tests/support/suite-database.ts';
import { drainOutbox } from '../../../lib/mail/outbox.server.ts';
import { quoteMailComposers } from '../mail/mail.server.ts';
import { loadQuoteDetail } from '../model/quote.server.ts';
import { answerFromAccount } from './answer-page.server.ts';
import { queueVersionReminders } from './reminders.server.ts';

const composers = quoteMailComposers({ siteUrl: 'https://shop.example.ca', salesDesk: 'desk@example.com' });

describe.each(ENGINES)('version reminders and answers from the account on %s', (engine) => {
  const db = useTestDatabase(engine);
  let fixtures: AccountFixtures;
  let staff: { id: string; email: string };
  beforeAll(async () => {
    fixtures = await seedAccountReference(db());
    staff = await createUser(db(), { role: 'admin' });
  });

  const quoted = (locale: 'en' | 'fr', daysValid: number) =>
    createPricedQuote(db(), { staffId: staff.id, locationId: fixtures.locationId, locale, daysValid });

  async function drain() {
    const mailer = memoryMailer();
    await drainOutbox(db(), mailer, composers);
    return mailer.sent;
  }

  it('reminds once of a version within three days of its last day, in the customer’s language, whoever runs it', async () => {
    await drain();
    const soon = await quoted('fr', 2);
    const later = await quoted('en', 6);
    await drain();
    const runs = await Promise.all([queueVersionReminders(db()), queueVersionReminders(db())]);
    expect(runs.reduce((sum, count) => sum + count, 0)).toBeGreaterThanOrEqual(1);
    expect(await queueVersionReminders(db())).toBe(0);
    const sent = await drain();
    const reminders = sent.filter((mail) => mail.kind === 'quote_version_reminder');
    expect(reminders.map((mail) => mail.to)).toEqual([soon.customer.email]);
    expect(reminders[0]?.subject).toContain(soon.quote.reference);
    expect(reminders[0]?.text).toContain('/fr/quotes/answer/');
    expect(sent.some((mail) => mail.to === later.customer.email)).toBe(false);
  });

  it('lets the signed-in customer answer the open version from their request, and tells a stale page it was replaced', async () => {
    const { quote } = await quoted('en', 7);
    const post = (entries: [string, string][]) => ({ intent: 'answer', entries, ipAddress: '', userAgent: 'account' });
    const missing = await answerFromAccount(db(), {
      quoteId: quote.id,
      reference: quote.reference,
      locale: 'en',
      versionNumber: 1,
      post: post([['line-1', 'accept']]),
    });
    expect(missing).toMatchObject({ kind: 'alert', chosen: { 'line-1': 'accept' } });
    expect(missing.error).toContain('line 2');
    const done = await answerFromAccount(db(), {
      quoteId: quote.id,
      reference: quote.reference,
      locale: 'en',
      versionNumber: 1,
      post: post([
        ['line-1', 'accept'],
        ['line-2', 'refuse'],
      ]),
    });
    expect(done.kind).toBe('status');
    expect(done.message).toContain('partly accepted');
    const detail = await loadQuoteDetail(db(), quote.id);
    expect(detail?.versions[0]).toMatchObject({ outcome: 'partial', acceptedTotalCents: 2000 + 260 }); // with its HST, 13 %
    expect(detail?.decision?.userAgent).toBe('account');
  });
});
