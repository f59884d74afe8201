import { type Expression, type InsertObject, type Kysely, type QueryCreator, sql, type Transaction } from 'kysely';
import { insertFrom } from '../../../lib/db/insert-from.ts';
import type { Database, QuoteDecision, QuoteStatus } from '../../../lib/db/schema.ts';
import { outboxRow } from '../../../lib/mail/outbox.server.ts';
import { DECISION_MAIL, type DecisionMailPayload } from '../mail/kinds.ts';
import { supersedeOpenVersion } from '../versions/versions.server.ts';
import { type Actor, canTransition, decisionTarget, FIRST_STATUS } from './workflow.ts';

/**
 * The only writer of a request's status and of its history: the submit's first step
 * (`submissionHistory`), and every move after it (`applyTransition`), each recording who
 * made it and when (docs/decisions/025-quote-workflow-and-approval-links.md).
 */

type Db = Kysely<Database>;
type Trx = Transaction<Database>;

export type TransitionErrorCode = 'transition_not_allowed' | 'status_changed' | 'not_found';

export class QuoteTransitionError extends Error {
  override name = 'QuoteTransitionError';
  readonly code: TransitionErrorCode;
  constructor(code: TransitionErrorCode, message: string) {
    super(message);
    this.code = code;
  }
}

interface HistoryStep {
  quoteId: number | Expression<number>;
  from: QuoteStatus | null;
  to: QuoteStatus;
  by: string | null;
  note?: string;
  now?: Date;
}

function historyRow(step: HistoryStep): InsertObject<Database, 'quote_request_status_history'> {
  return {
    quote_request_id: step.quoteId,
    from_status: step.from,
    to_status: step.to,
    changed_by: step.by,
    note: step.note ?? '',
    ...(step.now ? { changed_at: step.now } : {}),
  };
}

/**
 * The first step of a new request's history: submitted, by the customer who sent it. A
 * statement for the submit to run inside its own (a data-modifying CTE, decision 040): one
 * step for each request the statement's CTE `requests` made (its `id`), none if it made none.
 */
export function submissionHistory(db: QueryCreator<Database>, requests: string, customerId: string) {
  const row = historyRow({ quoteId: sql.ref<number>(`${requests}.id`), from: null, to: FIRST_STATUS, by: customerId });
  return insertFrom(db, 'quote_request_status_history', row, requests).returning('quote_request_id');
}

export interface Transition {
  quoteId: number;
  from: QuoteStatus;
  to: QuoteStatus;
  actor: Actor;
  by: string | null;
  note?: string;
  now: Date;
}

/**
 * Moves a request from `from` to `to` if the rules allow it and nobody moved it meanwhile
 * (the update names the status it expects), and records who did it and when.
 */
export async function applyTransition(trx: Trx, transition: Transition): Promise<void> {
  const { quoteId, from, to, actor } = transition;
  if (!canTransition(from, to, actor)) {
    throw new QuoteTransitionError('transition_not_allowed', `A ${actor} cannot move a request from ${from} to ${to}`);
  }
  const moved = await trx
    .updateTable('quote_requests')
    .set({ status: to })
    .where('id', '=', quoteId)
    .where('status', '=', from)
    .returning('id')
    .executeTakeFirst();
  if (!moved) throw new QuoteTransitionError('status_changed', `Quote request ${quoteId} is no longer ${from}`);
  await trx.insertInto('quote_request_status_history').values(historyRow(transition)).execute();
}

/**
 * The customer's decision on their quote, by a decision link or by answering a version: the
 * request, locked, moves to approved or cancelled by the customer who asked for it (the one
 * the quote was sent to), the decision is recorded with where it came from, every open
 * decision link of the quote is used up, so that each one says what was decided, and the
 * sales desk's notice is queued.
 */
export async function recordCustomerDecision(
  trx: Trx,
  input: { quoteId: number; decision: QuoteDecision; ipAddress: string; userAgent: string; now: Date },
): Promise<void> {
  const { quoteId, decision, now } = input;
  const quote = await trx
    .selectFrom('quote_requests')
    .select(['status', 'user_id'])
    .where('id', '=', quoteId)
    .forUpdate()
    .executeTakeFirstOrThrow();
  await applyTransition(trx, {
    quoteId,
    from: quote.status,
    to: decisionTarget(decision),
    actor: 'customer',
    by: quote.user_id,
    now,
  });
  await trx
    .insertInto('quote_request_decisions')
    .values({
      quote_request_id: quoteId,
      decision,
      decided_by: quote.user_id,
      decided_at: now,
      ip_address: input.ipAddress.slice(0, 100),
      user_agent: input.userAgent.slice(0, 500),
    })
    .execute();
  await trx
    .updateTable('quote_decision_tokens')
    .set({ used_at: now })
    .where('quote_request_id', '=', quoteId)
    .where('used_at', 'is', null)
    .execute();
  // The sales desk hears of it by e-mail, written once this commits (the caller kicks the worker).
  await trx
    .insertInto('mail_outbox')
    .values(outboxRow(DECISION_MAIL, { quoteRequestId: quoteId } satisfies DecisionMailPayload))
    .execute();
}

/** The request's status, its row locked until the transaction ends. */
export async function lockedStatus(trx: Trx, quoteId: number): Promise<QuoteStatus> {
  const row = await trx
    .selectFrom('quote_requests')
    .select('status')
    .where('id', '=', quoteId)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw new QuoteTransitionError('not_found', `No quote request ${quoteId}`);
  return row.status;
}

/** A staff member moves a request (to review, or cancels it). */
export async function changeQuoteStatus(
  db: Db,
  input: { quoteId: number; to: QuoteStatus; staffId: string; note?: string; now?: Date },
): Promise<void> {
  const now = input.now ?? new Date();
  await db.transaction().execute(async (trx) => {
    const from = await lockedStatus(trx, input.quoteId);
    await applyTransition(trx, {
      quoteId: input.quoteId,
      from,
      to: input.to,
      actor: 'staff',
      by: input.staffId,
      note: input.note,
      now,
    });
    // A quote taken back for revision: its version is withdrawn, so the links already sent
    // stop working and say why; links sent before versions existed are removed.
    if (from === 'quoted') {
      await supersedeOpenVersion(trx, input.quoteId, now);
      await trx
        .deleteFrom('quote_decision_tokens')
        .where('quote_request_id', '=', input.quoteId)
        .where('used_at', 'is', null)
        .where('version_id', 'is', null)
        .execute();
    }
  });
}
