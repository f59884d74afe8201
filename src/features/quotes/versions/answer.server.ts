import { type Kysely, sql } from 'kysely';
import type { Database } from '../../../lib/db/schema.ts';
import { settleVersionHolds } from '../holds/holds.server.ts';
import { recordAcceptedTaxes } from '../taxes/taxes.server.ts';
import { applyTransition, recordCustomerDecision } from '../workflow/workflow.server.ts';
import { loadVersion, versionClosed } from './versions.server.ts';
import { type AnswerOutcome, answerOutcome, isAnswerProblem, type LineAnswerInput, nurseryDate } from './versions.ts';

/**
 * The customer's answer to a version (docs/decisions/049-negotiated-quote.md): line by line,
 * recorded once; and, past its date, the request for a renewal.
 */

type Db = Kysely<Database>;

export type AnswerResult =
  | { kind: 'recorded'; quoteId: number; versionId: number; outcome: AnswerOutcome }
  | { kind: 'answered'; quoteId: number; versionId: number }
  | { kind: 'superseded'; quoteId: number; versionId: number }
  | { kind: 'expired'; quoteId: number; versionId: number }
  | { kind: 'invalid_answers'; line: number }
  | { kind: 'not_found' };

/**
 * The customer's answer to a version, line by line. Recorded once: the version's row is
 * claimed by an update that names what it expects (not answered, not superseded, still valid
 * today at the nursery), so of two answers sent together exactly one is recorded and the other
 * is told it was answered. The request moves to approved (accepted or partly accepted) or
 * cancelled (every line refused) with its history row and its answer, and every link of the
 * quote is used up.
 */
export async function answerVersion(
  db: Db,
  input: {
    versionId: number;
    answers: readonly LineAnswerInput[];
    ipAddress: string;
    userAgent: string;
    now?: Date;
  },
): Promise<AnswerResult> {
  const now = input.now ?? new Date();
  const found = await loadVersion(db, input.versionId);
  if (!found) return { kind: 'not_found' };
  const { quoteId, version } = found;
  const ids = { quoteId, versionId: version.id };
  const closed = versionClosed(version, now);
  if (closed) return { kind: closed, ...ids };
  const outcome = answerOutcome(version, input.answers);
  if (isAnswerProblem(outcome)) return { kind: 'invalid_answers', line: outcome.line };
  const recorded = await db.transaction().execute(async (trx) => {
    const claimed = await trx
      .updateTable('quote_versions')
      .set({
        answered_at: now,
        outcome: outcome.outcome,
        answered_by: found.userId,
        accepted_items_cents: outcome.acceptedItemsCents,
        accepted_taxes_cents: outcome.acceptedTaxesCents,
        accepted_total_cents: outcome.acceptedTotalCents,
      })
      .where('id', '=', version.id)
      .where('answered_at', 'is', null)
      .where('superseded_at', 'is', null)
      .where('valid_until', '>=', nurseryDate(now))
      .returning('id')
      .executeTakeFirst();
    if (!claimed) return false;
    await recordAcceptedTaxes(trx, version.id, outcome.taxes);
    const values = outcome.lines.map(
      (line) => sql`(${line.line}::int, ${line.answer}::text, ${line.chosenAlternative}::int)`,
    );
    await sql`update quote_version_lines as l
      set answer = v.answer, chosen_alternative = v.alt
      from (values ${sql.join(values)}) as v(line, answer, alt)
      where l.version_id = ${version.id} and l.line = v.line`.execute(trx);
    // Accepted lines are sold from the yard, the others' holds released (decision 054).
    await settleVersionHolds(trx, {
      quoteId,
      versionId: version.id,
      outcome: outcome.outcome,
      lines: outcome.lines,
      now,
    });
    await recordCustomerDecision(trx, {
      quoteId,
      decision: outcome.outcome === 'declined' ? 'declined' : 'approved',
      ipAddress: input.ipAddress,
      userAgent: input.userAgent,
      now,
    });
    return true;
  });
  if (recorded) return { kind: 'recorded', ...ids, outcome };
  const after = await loadVersion(db, version.id);
  return { kind: (after && versionClosed(after.version, now)) || 'answered', ...ids };
}

/**
 * Past its date, the customer asks for the version to be renewed: the request goes back to the
 * desk (quoted → in review, by the customer) with a note, once. Nothing happens to a version
 * still valid, answered or superseded.
 */
export async function requestRenewal(
  db: Db,
  input: { versionId: number; now?: Date },
): Promise<'requested' | 'already' | 'not_expired' | 'closed' | 'not_found'> {
  const now = input.now ?? new Date();
  const found = await loadVersion(db, input.versionId);
  if (!found) return 'not_found';
  if (found.version.renewalRequestedAt !== null) return 'already';
  const closed = versionClosed(found.version, now);
  if (closed !== 'expired') return closed ? 'closed' : 'not_expired';
  return db.transaction().execute(async (trx) => {
    const quote = await trx
      .selectFrom('quote_requests')
      .select(['status', 'user_id'])
      .where('id', '=', found.quoteId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    const current = await trx
      .selectFrom('quote_versions')
      .select('renewal_requested_at')
      .where('id', '=', input.versionId)
      .executeTakeFirstOrThrow();
    if (current.renewal_requested_at !== null) return 'already' as const;
    if (quote.status !== 'quoted') return 'closed' as const;
    const claimed = await trx
      .updateTable('quote_versions')
      .set({ renewal_requested_at: now })
      .where('id', '=', input.versionId)
      .where('renewal_requested_at', 'is', null)
      .where('answered_at', 'is', null)
      .where('superseded_at', 'is', null)
      .returning('id')
      .executeTakeFirst();
    if (!claimed) return 'already' as const;
    await applyTransition(trx, {
      quoteId: found.quoteId,
      from: 'quoted',
      to: 'in_review',
      actor: 'customer',
      by: quote.user_id,
      now,
    });
    return 'requested' as const;
  });
}
