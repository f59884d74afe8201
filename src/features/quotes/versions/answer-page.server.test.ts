import type { KyselyPlugin } from 'kysely';
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
import { answerPageView } from './answer-page.server.ts';

const composers = quoteMailComposers({ siteUrl: 'https://shop.example.ca', salesDesk: 'desk@example.com' });

/** Counts the reads of a quote's version lines: loadVersions makes one per load. */
function versionLoads(): { plugin: KyselyPlugin; count: () => number } {
  let count = 0;
  return {
    plugin: {
      transformQuery(args) {
        const node = args.node as {
          kind: string;
          from?: {
            froms: {
              kind: string;
              table?: { identifier?: { name?: string } };
              node?: { table?: { identifier?: { name?: string } } };
            }[];
          };
        };
        const names = (node.from?.froms ?? []).map(
          (from) => from.table?.identifier?.name ?? from.node?.table?.identifier?.name,
        );
        if (node.kind === 'SelectQueryNode' && names.includes('quote_version_lines')) count += 1;
        return args.node;
      },
      async transformResult(args) {
        return args.result;
      },
    },
    count: () => count,
  };
}

describe.each(ENGINES)('the answer page on %s', (engine) => {
  const db = useTestDatabase(engine);
  let fixtures: AccountFixtures;
  let staff: { id: string; email: string };
  beforeAll(async () => {
    fixtures = await seedAccountReference(db());
    staff = await createUser(db(), { role: 'admin' });
  });

  /** A priced quote of two lines and the token of its e-mailed answer link. */
  async function quoted() {
    const mailer = memoryMailer();
    await drainOutbox(db(), mailer, composers);
    const { customer, quote } = await createPricedQuote(db(), { staffId: staff.id, locationId: fixtures.locationId });
    const sent = memoryMailer();
    await drainOutbox(db(), sent, composers);
    const text = sent.sent.find((mail) => mail.to === customer.email)?.text ?? '';
    const token = /\/quotes\/answer\/([^\s/?#]+)/.exec(text)?.[1];
    if (!token) throw new Error(`no answer link in the customer's e-mail:\n${text}`);
    return { quote, token };
  }

  it('shows an open version having read the quote’s versions once', async () => {
    const { quote, token } = await quoted();
    const loads = versionLoads();
    const view = await answerPageView(db().withPlugin(loads.plugin), { token, locale: 'en', post: null });
    expect(view).toMatchObject({
      status: 200,
      open: true,
      result: 'open',
      reference: quote.reference,
      quoteId: quote.id,
    });
    expect(view.version?.lines.map((line) => line.line)).toEqual([1, 2]);
    expect(view.previous).toBeUndefined();
    expect(view.requested).toHaveLength(2);
    expect(loads.count()).toBe(1);
  });

  it('after an answer, shows the version as answered (read again once the answer is in)', async () => {
    const { token } = await quoted();
    const view = await answerPageView(db(), {
      token,
      locale: 'en',
      post: {
        intent: 'answer',
        entries: [
          ['line-1', 'accept'],
          ['line-2', 'refuse'],
        ],
        ipAddress: '',
        userAgent: 'test',
      },
    });
    expect(view).toMatchObject({ status: 200, open: false, result: 'recorded', messageKind: 'status' });
    expect(view.message).toContain('partly accepted');
    expect(view.version?.answeredAt).not.toBeNull();
    const again = await answerPageView(db(), { token, locale: 'en', post: null });
    expect(again).toMatchObject({ status: 200, open: false, result: 'decided' });
  });
});
