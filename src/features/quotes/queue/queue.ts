import { z } from 'zod';
import type { QuoteStatus } from '../../../lib/db/schema.ts';

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
 * A waiting time as the list shows it: whole minutes under an hour, whole hours under two
 * days, else whole days (rounded down: "3 h" is at least three hours). Never below one minute,
 * and a moment in the future (clocks a little apart) waits one minute.
 */
export type WaitingUnit = 'minute' | 'hour' | 'day';
export interface Waiting {
  unit: WaitingUnit;
  count: number;
}

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

export function waitingTime(since: Date, now: Date): Waiting {
  const elapsed = Math.max(0, now.getTime() - since.getTime());
  if (elapsed < HOUR_MS) return { unit: 'minute', count: Math.max(1, Math.floor(elapsed / MINUTE_MS)) };
  if (elapsed < 2 * DAY_MS) return { unit: 'hour', count: Math.floor(elapsed / HOUR_MS) };
  return { unit: 'day', count: Math.floor(elapsed / DAY_MS) };
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
export function waitingText(waiting: Waiting, t: (key: string, options: { count: number }) => string): string {
  return t(`waiting.${waiting.unit}`, { count: waiting.count });
}
