import { z } from 'zod';
import type { QuoteStatus } from '../../../lib/db/schema.ts';
import { durationText, type RoundedDuration, roundedDuration } from '../../../lib/duration.ts';

/**
 * The desk's queue, safe on both sides (docs/decisions/052-the-desks-queue.md): whose turn a
 * request is, how long it has waited, the owner form's schema and the queue's own filters.
 */

export type Turn = 'desk' | 'customer';

/**
 * Whose move it is. The desk's: a new request (submitted), one being priced or revised
 * (in_review, where a customer's renewal request also lands), and an answered quote, accepted
 * whole or in part (approved), which the desk turns into an order. The customer's: a sent
 * quote waiting for an answer (quoted). Nobody's: a cancelled or declined request.
 */
const TURNS: Record<QuoteStatus, Turn | null> = {
  submitted: 'desk',
  in_review: 'desk',
  approved: 'desk',
  quoted: 'customer',
  cancelled: null,
};

export function whoseTurn(status: QuoteStatus): Turn | null {
  return TURNS[status];
}

export const DESK_TURN_STATUSES = (Object.keys(TURNS) as QuoteStatus[]).filter((status) => TURNS[status] === 'desk');

/**
 * The waiting time: from the last customer or desk action to now, as the list shows it
 * (src/lib/duration.ts: minutes, hours under two days, then days). A moment a little in the
 * future (clocks apart) waits one minute.
 */
export type Waiting = RoundedDuration;

export function waitingTime(since: Date, now: Date): Waiting {
  return roundedDuration(now.getTime() - since.getTime());
}

/** A version expiring "within 7 days": its last day is today or one of the next six. */
export const EXPIRING_DAYS = 7;

/** The queue's filters in the list's query string: `mine=1`, `turn=desk`, `expiring=1`. */
export const QueueQuerySchema = z.object({
  mine: z.literal('1').optional().catch(undefined),
  turn: z.literal('desk').optional().catch(undefined),
  expiring: z.literal('1').optional().catch(undefined),
});
export const QUEUE_KEYS = ['mine', 'turn', 'expiring'] as const;

/**
 * The owner form: `me`, a staff member's id, or null to unassign. The endpoint checks that an
 * id names a staff account.
 */
export const AssignOwnerSchema = z.object({
  assignee: z.union([z.literal('me'), z.uuid(), z.null()]),
});
export type AssignOwnerInput = z.input<typeof AssignOwnerSchema>;

/** The waiting time in the reader's language through the `quoteQueue` namespace: "3 h", « 2 jours ». */
export const waitingText = durationText;
