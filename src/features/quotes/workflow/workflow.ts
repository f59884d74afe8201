import type { QuoteDecision, QuoteStatus } from '../../../lib/db/schema.ts';

/**
 * A quote request's statuses and the one table of who may move it where
 * (docs/decisions/025-quote-workflow-and-approval-links.md), safe on both sides.
 */

export const QUOTE_STATUSES = [
  'submitted',
  'in_review',
  'quoted',
  'approved',
  'cancelled',
] as const satisfies readonly QuoteStatus[];

/** The status every request starts in, written by the submit (workflow.server.ts `submissionHistory`). */
export const FIRST_STATUS = 'submitted' satisfies QuoteStatus;

/** Staff work on the request; the customer sends it and answers a priced quote through the e-mail. */
export type Actor = 'staff' | 'customer';

const TRANSITIONS: Record<QuoteStatus, Partial<Record<QuoteStatus, readonly Actor[]>>> = {
  submitted: { in_review: ['staff'], cancelled: ['staff'] },
  // A request becomes `quoted` only by sending the priced quote.
  in_review: { quoted: ['staff'], cancelled: ['staff'] },
  // Staff may take a sent quote back to revise it; its links then stop working. The customer
  // sends it back to the desk by asking, past its date, for a renewal (decision 049).
  quoted: { approved: ['customer'], cancelled: ['customer', 'staff'], in_review: ['staff', 'customer'] },
  approved: {},
  cancelled: {},
};

export function canTransition(from: QuoteStatus, to: QuoteStatus, actor: Actor): boolean {
  return TRANSITIONS[from][to]?.includes(actor) ?? false;
}

/** The statuses staff may pick from a request's page (sending a priced quote is its own form). */
export function staffStatusChoices(from: QuoteStatus): QuoteStatus[] {
  return QUOTE_STATUSES.filter((to) => to !== 'quoted' && canTransition(from, to, 'staff'));
}

/** Pricing and sending are open while the request is in review. */
export function canSendQuote(status: QuoteStatus): boolean {
  return canTransition(status, 'quoted', 'staff');
}

/** What the customer's answer does to the request. */
export function decisionTarget(decision: QuoteDecision): QuoteStatus {
  return decision === 'approved' ? 'approved' : 'cancelled';
}
