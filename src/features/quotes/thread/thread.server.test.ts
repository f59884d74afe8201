import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../../tests/factories/accounts.ts';
import { createQuoteRequest } from '../../../../tests/factories/quotes.ts';
import { ENGINES } from '../../../../tests/support/databases.ts';
import { testOutbox } from '../../../../tests/support/mail-outbox.ts';
import { useTestDatabase } from '../../../../tests/support/suite-database.ts';
import type { QuoteStatus } from '../../../lib/db/schema.ts';
import { RateLimitedError } from '../../../lib/rate-limit.server.ts';
import { threadMailComposers } from '../mail/thread-mail.server.ts';
import { THREAD_MESSAGE_MAIL } from '../mail/thread-mail.ts';
import {
  CUSTOMER_MESSAGE_LIMIT,
  listThread,
  postMessage,
  ThreadClosedError,
  ThreadNotFoundError,
  UnknownLineError,
} from './thread.server.ts';

const DESK = 'desk@example.com';
const SITE = 'https://shop.example';

describe.each(ENGINES)("a quote request's thread on %s", (engine) => {
  const db = useTestDatabase(engine);
  let staff: { id: string; role: 'admin' };
  beforeAll(async () => {
    staff = { id: (await createUser(db(), { role: 'admin' })).id, role: 'admin' };
  });
  const outbox = testOutbox(db, threadMailComposers({ siteUrl: SITE, salesDesk: DESK }));

  async function requestOf(options: { locale?: 'en' | 'fr'; status?: QuoteStatus } = {}) {
    const user = await createUser(db(), { locale: options.locale ?? 'en' });
    const quote = await createQuoteRequest(db(), {
      user: { ...user, first_name: 'Ada', last_name: 'Byron' },
      fulfilment: 'delivery',
      locale: options.locale ?? 'en',
      status: options.status ?? 'submitted',
      lines: [
        { nameEn: 'Sugar maple', nameFr: 'Érable à sucre', quantity: 3, unitPriceCents: 4500 },
        { nameEn: 'Red oak', nameFr: 'Chêne rouge', quantity: 1, unitPriceCents: 9000 },
      ],
    });
    return { customer: { id: user.id, role: 'customer' as const }, email: user.email, quote };
  }
  const post = (body: string, line: number | null = null, internal = false) => ({ body, line, internal });
  const outboxRowsFor = (messageId: number) =>
    db()
      .selectFrom('mail_outbox')
      .select(['kind', 'payload'])
      .where(sql<boolean>`payload->>'messageId' = ${String(messageId)}`)
      .execute();
  const messageCount = async (quoteId: number) =>
    (await db().selectFrom('quote_messages').select('id').where('quote_request_id', '=', quoteId).execute()).length;

  it('carries messages both ways, oldest first, each e-mailed to the other side in the language of the request', async () => {
    const { customer, email, quote } = await requestOf({ locale: 'fr' });
    const asked = await postMessage(db(), {
      quoteId: quote.id,
      author: customer,
      post: post('Le format 2 gal est-il disponible ?', 1),
      now: new Date('2026-11-26T14:00:00Z'),
    });
    const answered = await postMessage(db(), {
      quoteId: quote.id,
      author: staff,
      post: post('Oui, nous en avons 12.'),
      now: new Date('2026-11-26T14:05:00Z'),
    });
    expect([asked.queued, answered.queued]).toEqual([true, true]);
    // The payload names the message only (decision 043).
    expect((await outboxRowsFor(asked.id)).map((row) => [row.kind, row.payload])).toEqual([
      [THREAD_MESSAGE_MAIL, { messageId: asked.id }],
    ]);
    const thread = await listThread(db(), quote.id, 'customer');
    expect(thread.map((m) => [m.authorRole, m.line, m.body])).toEqual([
      ['customer', 1, 'Le format 2 gal est-il disponible ?'],
      ['staff', null, 'Oui, nous en avons 12.'],
    ]);
    expect(thread[0]?.author).toEqual({ firstName: 'Ada', lastName: 'Lovelace' });

    const [toCustomer] = await outbox.sentTo(email);
    expect(toCustomer?.subject).toBe(`Un message sur votre demande de soumission ${quote.reference}`);
    expect(toCustomer?.locale).toBe('fr');
    expect(toCustomer?.text).toContain('Oui, nous en avons 12.');
    expect(toCustomer?.text).toContain(`${SITE}/fr/profile/quote-requests/${quote.id}`);
    const toDesk = (await outbox.sentTo(DESK)).filter((mail) => mail.subject.includes(quote.reference));
    expect(toDesk.map((mail) => mail.subject)).toEqual([
      `Message d'Ada Byron sur la demande de soumission ${quote.reference}`,
    ]);
    expect(toDesk[0]?.text).toContain('À propos de\u00a0: Érable à sucre, ');
    expect(toDesk[0]?.text).toContain('Le format 2 gal est-il disponible ?');
    expect(toDesk[0]?.text).toContain(`${SITE}/fr/admin/quote-requests/${quote.id}`);
  });

  it('writes in English to an English request, to the customer and to the desk', async () => {
    const { customer, email, quote } = await requestOf({ locale: 'en' });
    await postMessage(db(), { quoteId: quote.id, author: customer, post: post('Can you deliver on Friday?', 2) });
    await postMessage(db(), { quoteId: quote.id, author: staff, post: post('Friday works <before noon> & after.', 2) });
    const [toCustomer] = await outbox.sentTo(email);
    expect(toCustomer?.subject).toBe(`A message about your quote request ${quote.reference}`);
    expect(toCustomer?.text).toContain('About: Red oak, ');
    expect(toCustomer?.text).toContain('Friday works <before noon> & after.');
    // What a message says is text in the e-mail's HTML, never markup.
    expect(toCustomer?.html).toContain('Friday works &lt;before noon&gt; &amp; after.');
    expect(toCustomer?.text).toContain(`${SITE}/profile/quote-requests/${quote.id}`);
    const toDesk = (await outbox.sentTo(DESK)).filter((mail) => mail.subject.includes(quote.reference));
    expect(toDesk.map((mail) => mail.subject)).toEqual([`Message from Ada Byron on quote request ${quote.reference}`]);
    expect(toDesk[0]?.text).toContain(`${SITE}/admin/quote-requests/${quote.id}`);
  });

  it("keeps internal notes from the customer's thread and from every e-mail", async () => {
    const { customer, email, quote } = await requestOf();
    const note = await postMessage(db(), {
      quoteId: quote.id,
      author: staff,
      post: post('Customer called: wants it before May.', 1, true),
    });
    expect(note.queued).toBe(false);
    expect(await outboxRowsFor(note.id)).toEqual([]);
    // A customer's box is ignored: their message is an ordinary one, which they read.
    const forged = await postMessage(db(), { quoteId: quote.id, author: customer, post: post('Hello', null, true) });
    expect(forged.queued).toBe(true);
    expect((await listThread(db(), quote.id, 'customer')).map((m) => [m.id, m.internal])).toEqual([[forged.id, false]]);
    expect((await listThread(db(), quote.id, 'staff')).map((m) => [m.id, m.internal])).toEqual([
      [note.id, true],
      [forged.id, false],
    ]);
    // Even an outbox row naming the note (none is ever written) would send nothing.
    await db()
      .insertInto('mail_outbox')
      .values({ kind: THREAD_MESSAGE_MAIL, payload: JSON.stringify({ messageId: note.id }) })
      .execute();
    const sent = [...(await outbox.sentTo(email)), ...(await outbox.sentTo(DESK))];
    expect(sent.some((mail) => mail.text.includes('wants it before May'))).toBe(false);
  });

  it("answers another customer's request, or none, as not found, and saves nothing", async () => {
    const { quote } = await requestOf();
    const stranger = { id: (await createUser(db())).id, role: 'customer' as const };
    await expect(postMessage(db(), { quoteId: quote.id, author: stranger, post: post('Hi') })).rejects.toThrow(
      ThreadNotFoundError,
    );
    await expect(postMessage(db(), { quoteId: 2_000_000, author: staff, post: post('Hi') })).rejects.toThrow(
      ThreadNotFoundError,
    );
    expect(await messageCount(quote.id)).toBe(0);
  });

  it("refuses a line that is not the request's, and saves nothing", async () => {
    const { customer, quote } = await requestOf();
    await expect(postMessage(db(), { quoteId: quote.id, author: customer, post: post('Hi', 3) })).rejects.toThrow(
      UnknownLineError,
    );
    await expect(postMessage(db(), { quoteId: quote.id, author: staff, post: post('Hi', 9) })).rejects.toThrow(
      UnknownLineError,
    );
    expect(await messageCount(quote.id)).toBe(0);
  });

  it('keeps a cancelled request read-only, except for internal notes', async () => {
    const { customer, quote } = await requestOf({ status: 'cancelled' });
    await expect(postMessage(db(), { quoteId: quote.id, author: customer, post: post('Hi') })).rejects.toThrow(
      ThreadClosedError,
    );
    await expect(postMessage(db(), { quoteId: quote.id, author: staff, post: post('Hi') })).rejects.toThrow(
      ThreadClosedError,
    );
    const note = await postMessage(db(), { quoteId: quote.id, author: staff, post: post('Refund sent.', null, true) });
    expect((await listThread(db(), quote.id, 'staff')).map((m) => m.id)).toEqual([note.id]);
    expect(await listThread(db(), quote.id, 'customer')).toEqual([]);
  });

  it("lets through exactly the limit of a customer's parallel posts, and none of the rest", async () => {
    const { customer, quote } = await requestOf();
    const attempts = CUSTOMER_MESSAGE_LIMIT.max + 5;
    const results = await Promise.allSettled(
      Array.from({ length: attempts }, (_, i) =>
        postMessage(db(), { quoteId: quote.id, author: customer, post: post(`Message ${i + 1}`) }),
      ),
    );
    const posted = results.filter((result) => result.status === 'fulfilled');
    const refused = results.flatMap((result) => (result.status === 'rejected' ? [result.reason] : []));
    expect(posted).toHaveLength(CUSTOMER_MESSAGE_LIMIT.max);
    expect(refused).toHaveLength(5);
    for (const reason of refused) expect(reason).toBeInstanceOf(RateLimitedError);
    expect(await messageCount(quote.id)).toBe(CUSTOMER_MESSAGE_LIMIT.max);
    // Staff answer however many the customer sent.
    await postMessage(db(), { quoteId: quote.id, author: staff, post: post('Answered') });
    expect(await messageCount(quote.id)).toBe(CUSTOMER_MESSAGE_LIMIT.max + 1);
  });
});
