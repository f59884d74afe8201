import type { APIContext } from 'astro';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { type AccountFixtures, createUser, seedAccountReference } from '../../../../tests/factories/accounts.ts';
import { checkoutInput, createQuoteRequest, shopperWithCart } from '../../../../tests/factories/quotes.ts';
import { ENGINES } from '../../../../tests/support/databases.ts';
import { useTestDatabase } from '../../../../tests/support/suite-database.ts';
import type { QuoteStatus } from '../../../lib/db/schema.ts';
import { ApiError } from '../../../lib/http/api.ts';
import { POST as assignOwnerEndpoint } from '../../../pages/api/admin/quote-requests/[id]/owner.ts';
import { listQuoteRequests } from '../desk/desk.server.ts';
import { parseQuoteListQuery } from '../desk/desk.ts';
import { submitQuoteRequest } from '../submit/checkout.server.ts';
import { changeQuoteStatus } from '../workflow/workflow.server.ts';
import { assignmentLog, assignQuoteRequest, currentOwner, listStaff, NotStaffError } from './queue.server.ts';

describe.each(ENGINES)('the desk queue on %s', (engine) => {
  const db = useTestDatabase(engine);
  let fixtures: AccountFixtures;
  beforeAll(async () => {
    fixtures = await seedAccountReference(db());
  });
  const request = (status: QuoteStatus, user: { id: string; email: string }, submittedAt?: Date) =>
    createQuoteRequest(db(), {
      user,
      status,
      locationId: fixtures.locationId,
      ...(submittedAt ? { submittedAt } : {}),
    });
  /** A history row, as every customer or desk action writes one. */
  const acted = (quoteId: number, to: QuoteStatus, at: Date) =>
    db()
      .insertInto('quote_request_status_history')
      .values({ quote_request_id: quoteId, from_status: null, to_status: to, changed_by: null, changed_at: at })
      .execute();
  /** An open version whose last day is `days` from today at the nursery. */
  const openVersion = (quoteId: number, days: number) =>
    db()
      .insertInto('quote_versions')
      .values({
        quote_request_id: quoteId,
        number: 1,
        valid_until: sql<string>`(now() at time zone 'America/Toronto')::date + ${days}::integer`,
        items_cents: 1000,
        fees_cents: 0,
        taxes_cents: 0,
        total_cents: 1000,
      })
      .execute();

  it('assigns, reassigns and unassigns, last write wins, and logs who and when', async () => {
    const alice = await createUser(db(), { role: 'admin' });
    const bob = await createUser(db(), { role: 'admin' });
    const customer = await createUser(db());
    const quote = await request('submitted', customer);

    expect(await assignQuoteRequest(db(), { quoteId: quote.id, assigneeId: alice.id, staffId: alice.id })).toBe(true);
    expect(await currentOwner(db(), quote.id)).toBe(alice.id);
    // Bob takes it while Alice holds it: allowed, and the log names whom it replaced.
    await assignQuoteRequest(db(), { quoteId: quote.id, assigneeId: bob.id, staffId: bob.id });
    expect(await currentOwner(db(), quote.id)).toBe(bob.id);
    await assignQuoteRequest(db(), { quoteId: quote.id, assigneeId: null, staffId: alice.id });
    expect(await currentOwner(db(), quote.id)).toBeNull();

    const rows = await db()
      .selectFrom('quote_request_assignments')
      .select(['assignee_id', 'previous_assignee_id', 'assigned_by', 'assigned_at'])
      .where('quote_request_id', '=', quote.id)
      .orderBy('id')
      .execute();
    expect(rows.map((row) => [row.assignee_id, row.previous_assignee_id, row.assigned_by])).toEqual([
      [alice.id, null, alice.id],
      [bob.id, alice.id, bob.id],
      [null, bob.id, alice.id],
    ]);
    expect(rows.every((row) => row.assigned_at instanceof Date)).toBe(true);
    const log = await assignmentLog(db(), quote.id);
    expect(log.map((entry) => entry.unassigned)).toEqual([false, false, true]);
    expect(log[1]?.assigneeName).toBe('Ada Lovelace');
  });

  it('keeps the last action from the submit and each status change, never from an assignment', async () => {
    const staff = await createUser(db(), { role: 'admin' });
    const { user } = await shopperWithCart(db());
    const { result } = await submitQuoteRequest(db(), user, checkoutInput('delivery'), 'en');
    const lastAction = async () =>
      (
        await db()
          .selectFrom('quote_requests')
          .select(['last_action_at', 'submitted_at'])
          .where('id', '=', result.id)
          .executeTakeFirstOrThrow()
      ).last_action_at?.getTime();
    const submitted = await lastAction();
    expect(submitted).toBeTypeOf('number');
    await assignQuoteRequest(db(), { quoteId: result.id, assigneeId: staff.id, staffId: staff.id });
    expect(await lastAction()).toBe(submitted);
    await changeQuoteStatus(db(), { quoteId: result.id, to: 'in_review', staffId: staff.id });
    const reviewed = await lastAction();
    const history = await db()
      .selectFrom('quote_request_status_history')
      .select((eb) => eb.fn.max('changed_at').as('latest'))
      .where('quote_request_id', '=', result.id)
      .executeTakeFirstOrThrow();
    expect(reviewed).toBe(new Date(history.latest as Date).getTime());
    expect(reviewed).toBeGreaterThanOrEqual(submitted ?? 0);
  });

  it('refuses a customer who calls the owner endpoint (403), even to take their own request', async () => {
    const customer = await createUser(db());
    const quote = await request('submitted', customer);
    const url = new URL(`http://127.0.0.1/api/admin/quote-requests/${quote.id}/owner`);
    const context = {
      url,
      params: { id: String(quote.id) },
      request: new Request(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ assignee: 'me' }),
      }),
      locals: {
        user: { id: customer.id, email: customer.email, role: 'customer', locale: 'en' },
        session: null,
        locale: 'en',
      },
    } as unknown as APIContext;
    const refused = await Promise.resolve(assignOwnerEndpoint(context)).then(
      () => null,
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).status).toBe(403);
    expect(await currentOwner(db(), quote.id)).toBeNull();
  });

  it('refuses a customer as the owner and an unknown request, and saves nothing', async () => {
    const staff = await createUser(db(), { role: 'admin' });
    const customer = await createUser(db());
    const quote = await request('submitted', customer);
    await expect(
      assignQuoteRequest(db(), { quoteId: quote.id, assigneeId: customer.id, staffId: staff.id }),
    ).rejects.toBeInstanceOf(NotStaffError);
    expect(await currentOwner(db(), quote.id)).toBeNull();
    expect(await assignQuoteRequest(db(), { quoteId: 2_000_000_000, assigneeId: staff.id, staffId: staff.id })).toBe(
      false,
    );
    const staffIds = (await listStaff(db())).map((member) => member.id);
    expect(staffIds).toContain(staff.id);
    expect(staffIds).not.toContain(customer.id);
  });

  it('filters Mine, Waiting on the desk and Expiring, combined with the others, longest wait first', async () => {
    const me = await createUser(db(), { role: 'admin' });
    const colleague = await createUser(db(), { role: 'admin' });
    const customer = await createUser(db(), { email: `queue.${engine}.${Date.now()}@example.com` });
    const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000);
    const fresh = await request('submitted', customer, hoursAgo(2));
    const old = await request('in_review', customer, hoursAgo(200));
    await acted(old.id, 'in_review', hoursAgo(100));
    const answered = await request('approved', customer, hoursAgo(300));
    await acted(answered.id, 'approved', hoursAgo(50));
    const sent = await request('quoted', customer, hoursAgo(400));
    const expiring = await request('quoted', customer, hoursAgo(10));
    const later = await request('quoted', customer, hoursAgo(10));
    const closed = await request('cancelled', customer, hoursAgo(500));
    await openVersion(expiring.id, 6);
    await openVersion(later.id, 7);
    await openVersion(sent.id, -1);
    await assignQuoteRequest(db(), { quoteId: fresh.id, assigneeId: me.id, staffId: me.id });
    await assignQuoteRequest(db(), { quoteId: expiring.id, assigneeId: me.id, staffId: colleague.id });
    await assignQuoteRequest(db(), { quoteId: old.id, assigneeId: colleague.id, staffId: colleague.id });

    const idsFor = async (search: string, viewerId: string | undefined) =>
      (await listQuoteRequests(db(), { ...parseQuoteListQuery(new URLSearchParams(search)), viewerId })).rows.map(
        (row) => row.id,
      );
    const ids = (search: string) => idsFor(search, me.id);
    const mine = `q=${encodeURIComponent(customer.email)}`;
    expect(new Set(await ids(`${mine}&mine=1`))).toEqual(new Set([fresh.id, expiring.id]));
    expect(await idsFor(`${mine}&mine=1`, undefined)).toEqual([]);
    // The desk's turn, the longest wait since the last action first: answered 50 h ago, the
    // review 100 h ago, the new request 2 h ago.
    expect(await ids(`${mine}&turn=desk`)).toEqual([old.id, answered.id, fresh.id]);
    expect(await ids(`${mine}&turn=desk&mine=1`)).toEqual([fresh.id]);
    expect(await ids(`${mine}&turn=desk&status=approved`)).toEqual([answered.id]);
    expect(await ids(`${mine}&expiring=1`)).toEqual([expiring.id]);
    expect(await ids(`${mine}&expiring=1&mine=1`)).toEqual([expiring.id]);
    expect(await ids(`${mine}&expiring=1&turn=desk`)).toEqual([]);

    const rows = (await listQuoteRequests(db(), { ...parseQuoteListQuery(new URLSearchParams(mine)), viewerId: me.id }))
      .rows;
    const row = (id: number) => rows.find((candidate) => candidate.id === id);
    expect(row(fresh.id)?.owner?.id).toBe(me.id);
    expect(row(closed.id)?.owner).toBeNull();
    expect(row(old.id)?.lastActionAt.getTime()).toBeLessThan(Date.now() - 99 * 3_600_000);
    expect(row(sent.id)?.lastActionAt.getTime()).toBeLessThan(Date.now() - 399 * 3_600_000);
  });
});
