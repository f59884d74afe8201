import { z } from 'zod';
import type { Locale, QuoteDecision } from '../../../lib/db/schema.ts';
import { localizePath } from '../../../lib/i18n/index.ts';

/** A priced quote's approve and decline links (docs/decisions/025-quote-workflow-and-approval-links.md). */

/** A priced quote's approve and decline links last 30 days. */
export const DECISION_LINK_TTL_MS = 30 * 24 * 60 * 60 * 1000;

/** The customer's answer from the approve or decline page. */
export const QuoteDecisionSchema = z.object({
  token: z.string().min(1).max(200),
  decision: z.enum(['approved', 'declined']),
});

export function decisionLink(siteUrl: string, locale: Locale, decision: QuoteDecision, token: string): string {
  const action = decision === 'approved' ? 'approve' : 'decline';
  return new URL(localizePath(`/quotes/${action}/${token}`, locale), siteUrl).href;
}

/** The line-by-line answer page of a version (decision 049): the same token as the approve and decline links. */
export function answerLink(siteUrl: string, locale: Locale, token: string): string {
  return new URL(localizePath(`/quotes/answer/${token}`, locale), siteUrl).href;
}
