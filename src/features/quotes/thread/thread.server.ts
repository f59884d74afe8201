import type { Kysely } from 'kysely';
import type { Database } from '../../../lib/db/schema.ts';
import { outboxRow } from '../../../lib/mail/outbox.server.ts';
import { accountBucket, consume, type Limit } from '../../../lib/rate-limit.server.ts';
import { isAdmin, type SessionUser } from '../../accounts/session.ts';
import { THREAD_MESSAGE_MAIL } from '../mail/thread-mail.ts';
import { type ThreadMessage, type ThreadPost, type ThreadReader, threadOpen } from './thread.ts';

/**
 * A quote request's thread on the server (decision 053): who may read and post, and the
 * message with its e-mail's outbox row in one transaction (the caller kicks the worker
 * after the commit).
 */

type Db = Kysely<Database>;

/** A customer's messages, over all their requests: enough for a conversation, not for a flood. */
export const CUSTOMER_MESSAGE_LIMIT: Limit = { max: 10, windowMs: 10 * 60_000 };

/** Not the request, or not the author's: the page answers 404 and says nothing of it. */
export class ThreadNotFoundError extends Error {
  override name = 'ThreadNotFoundError';
}

/** The request is cancelled: its thread is read-only (internal notes aside). */
export class ThreadClosedError extends Error {
  override name = 'ThreadClosedError';
}

/** The message names a line the request does not have. */
export class UnknownLineError extends Error {
  override name = 'UnknownLineError';
}

/** The thread, oldest first; a customer's read leaves out internal notes in the query itself. */
export async function listThread(db: Db, quoteId: number, reader: ThreadReader): Promise<ThreadMessage[]> {
  let query = db
    .selectFrom('quote_messages as m')
    .leftJoin('users as u', 'u.id', 'm.author_id')
    .select(['m.id', 'm.author_role', 'm.internal', 'm.line', 'm.body', 'm.created_at', 'u.first_name', 'u.last_name'])
    .where('m.quote_request_id', '=', quoteId);
  if (reader === 'customer') query = query.where('m.internal', '=', false);
  const rows = await query.orderBy('m.created_at').orderBy('m.id').execute();
  return rows.map((row) => ({
    id: row.id,
    authorRole: row.author_role,
    author: row.first_name === null ? null : { firstName: row.first_name, lastName: row.last_name ?? '' },
    internal: row.internal,
    line: row.line,
    body: row.body,
    createdAt: row.created_at,
  }));
}

export interface PostedMessage {
  id: number;
  /** Whether an e-mail was queued (every message but an internal note): kick the worker. */
  queued: boolean;
}

/**
 * Posts a message on a request. Staff post on any request; a customer only on their own
 * (another's is a ThreadNotFoundError, as if it did not exist), never an internal note (the
 * box is ignored: the customer's form has none), at most CUSTOMER_MESSAGE_LIMIT messages. The
 * limit counts the message in one statement before it is written, so parallel posts cannot
 * slip past it (RateLimitedError).
 */
export async function postMessage(
  db: Db,
  options: { quoteId: number; author: Pick<SessionUser, 'id' | 'role'>; post: ThreadPost; now?: Date },
): Promise<PostedMessage> {
  const { quoteId, author, post, now = new Date() } = options;
  const staff = isAdmin(author);
  const request = await db
    .selectFrom('quote_requests')
    .select(['user_id', 'status'])
    .where('id', '=', quoteId)
    .executeTakeFirst();
  if (!request || (!staff && request.user_id !== author.id)) {
    throw new ThreadNotFoundError(`Quote request ${quoteId} is not open to this user's thread`);
  }
  const internal = staff && post.internal;
  if (!threadOpen(request.status) && !internal) throw new ThreadClosedError(`Quote request ${quoteId} is closed`);
  if (post.line !== null) {
    const line = await db
      .selectFrom('quote_request_items')
      .select('line')
      .where('quote_request_id', '=', quoteId)
      .where('line', '=', post.line)
      .executeTakeFirst();
    if (!line) throw new UnknownLineError(`Quote request ${quoteId} has no line ${post.line}`);
  }
  if (!staff) await consume(db, [accountBucket('quote-thread', author.id, CUSTOMER_MESSAGE_LIMIT)], now);
  return db.transaction().execute(async (trx) => {
    const { id } = await trx
      .insertInto('quote_messages')
      .values({
        quote_request_id: quoteId,
        author_id: author.id,
        author_role: staff ? 'staff' : 'customer',
        internal,
        line: post.line,
        body: post.body,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    // An internal note e-mails nobody: no row, so no composer can ever send it.
    if (!internal)
      await trx
        .insertInto('mail_outbox')
        .values(outboxRow(THREAD_MESSAGE_MAIL, { messageId: id }))
        .execute();
    return { id, queued: !internal };
  });
}
