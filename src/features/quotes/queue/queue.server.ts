import type { Kysely } from 'kysely';
import type { Database } from '../../../lib/db/schema.ts';
import { ApiError } from '../../../lib/http/api.ts';
import { getT, type Locale } from '../../../lib/i18n/index.ts';

/**
 * Who works a request (docs/decisions/052-the-desks-queue.md): assigning is last write wins,
 * and every assignment and unassignment is kept with who made it and when.
 */

type Db = Kysely<Database>;

export interface StaffMember {
  id: string;
  name: string;
  email: string;
}

/** The named assignee is not a staff account (a customer, or no account). */
export class NotStaffError extends Error {
  override name = 'NotStaffError';
}

/** Every staff account, for "Assign to…". */
export async function listStaff(db: Db): Promise<StaffMember[]> {
  const rows = await db
    .selectFrom('users')
    .select(['id', 'first_name', 'last_name', 'email'])
    .where('role', 'in', ['admin', 'super_admin'])
    .orderBy('first_name')
    .orderBy('last_name')
    .orderBy('email')
    .execute();
  return rows.map((row) => ({ id: row.id, name: `${row.first_name} ${row.last_name}`, email: row.email }));
}

export interface Assignment {
  quoteId: number;
  /** The new owner, or null to unassign. */
  assigneeId: string | null;
  /** The staff member who acts. */
  staffId: string;
}

/**
 * Gives the request to a staff member (or to nobody), whoever held it: the row is locked, so
 * the log names the owner it replaced. Returns false for an unknown request.
 */
export async function assignQuoteRequest(db: Db, assignment: Assignment): Promise<boolean> {
  const { quoteId, assigneeId, staffId } = assignment;
  return db.transaction().execute(async (trx) => {
    if (assigneeId !== null) {
      const staff = await trx
        .selectFrom('users')
        .select('id')
        .where('id', '=', assigneeId)
        .where('role', 'in', ['admin', 'super_admin'])
        .executeTakeFirst();
      if (!staff) throw new NotStaffError(`${assigneeId} is not a staff account`);
    }
    const current = await trx
      .selectFrom('quote_requests')
      .select('assignee_id')
      .where('id', '=', quoteId)
      .forUpdate()
      .executeTakeFirst();
    if (!current) return false;
    const now = new Date();
    await trx
      .updateTable('quote_requests')
      .set({ assignee_id: assigneeId, assigned_at: assigneeId ? now : null, assigned_by: assigneeId ? staffId : null })
      .where('id', '=', quoteId)
      .execute();
    await trx
      .insertInto('quote_request_assignments')
      .values({
        quote_request_id: quoteId,
        assignee_id: assigneeId,
        previous_assignee_id: current.assignee_id,
        assigned_by: staffId,
        assigned_at: now,
      })
      .execute();
    return true;
  });
}

export interface AssignmentEntry {
  unassigned: boolean;
  /** Null once that account is deleted. */
  assigneeName: string | null;
  byName: string | null;
  at: Date;
}

/** A request's assignments, oldest first, for its page. */
export async function assignmentLog(db: Db, quoteId: number): Promise<AssignmentEntry[]> {
  const rows = await db
    .selectFrom('quote_request_assignments as x')
    .leftJoin('users as a', 'a.id', 'x.assignee_id')
    .leftJoin('users as b', 'b.id', 'x.assigned_by')
    .select([
      'x.assigned_at',
      'x.assignee_id',
      'a.first_name as a_first',
      'a.last_name as a_last',
      'b.first_name as b_first',
      'b.last_name as b_last',
    ])
    .where('x.quote_request_id', '=', quoteId)
    .orderBy('x.id')
    .execute();
  const name = (first: string | null, last: string | null) => (first === null ? null : `${first} ${last ?? ''}`.trim());
  return rows.map((row) => ({
    unassigned: row.assignee_id === null,
    assigneeName: name(row.a_first, row.a_last),
    byName: name(row.b_first, row.b_last),
    at: row.assigned_at,
  }));
}

/** `assignQuoteRequest` for the endpoint: a non-staff assignee is a 422 in the staff's language. */
export async function assignOwner(db: Db, assignment: Assignment, locale: Locale): Promise<boolean> {
  try {
    return await assignQuoteRequest(db, assignment);
  } catch (error) {
    if (error instanceof NotStaffError) {
      throw new ApiError(422, 'not_staff', getT(locale, 'quoteQueue')('owner.notStaff'), { cause: error });
    }
    throw error;
  }
}

/** The request's owner now, or null. */
export async function currentOwner(db: Db, quoteId: number): Promise<string | null> {
  const row = await db.selectFrom('quote_requests').select('assignee_id').where('id', '=', quoteId).executeTakeFirst();
  return row?.assignee_id ?? null;
}
