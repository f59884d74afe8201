import type { Kysely, Transaction } from 'kysely';
import type { Database, Locale, QuoteDecision } from '../../../lib/db/schema.ts';
import { issueToken, parseToken, secretMatches } from '../../accounts/tokens.server.ts';
import { answerVersion } from '../versions/answer.server.ts';
import { loadVersion, loadVersions, versionClosed } from '../versions/versions.server.ts';
import type { QuoteVersion } from '../versions/versions.ts';
import { validityEnd } from '../versions/versions.ts';
import { recordCustomerDecision } from '../workflow/workflow.server.ts';
import { DECISION_LINK_TTL_MS } from './decision.ts';

/**
 * The customer's answer to a priced quote through the e-mailed links: the single-use token
 * behind them, what a link leads to, and the answer recorded once.
 */

type Db = Kysely<Database>;
type Trx = Transaction<Database>;

/**
 * A new approve/decline token for the priced quote of `pricedAt`, made when its e-mail is
 * composed (the secret exists only in that e-mail; the table keeps its hash). Undefined when
 * that quote is no longer the one waiting for an answer (taken back, priced again, answered):
 * its e-mail has nothing to offer. The request's row is locked, so a revision that removes
 * the open links waits for this one, and removes it too.
 */
export async function issueDecisionToken(
  db: Db,
  quoteId: number,
  pricedAt: Date,
  now = new Date(),
  versionId?: number,
): Promise<{ token: string; expiresAt: Date } | undefined> {
  return db.transaction().execute(async (trx) => {
    const quote = await trx
      .selectFrom('quote_requests as q')
      .innerJoin('quote_request_pricing as p', 'p.quote_request_id', 'q.id')
      .select(['q.status', 'p.priced_at'])
      .where('q.id', '=', quoteId)
      .forUpdate('q')
      .executeTakeFirst();
    if (quote?.status !== 'quoted' || quote.priced_at.getTime() !== pricedAt.getTime()) return undefined;
    let expiresAt = new Date(now.getTime() + DECISION_LINK_TTL_MS);
    if (versionId !== undefined) {
      // A version's links expire with it (decision 049), and a closed version has none to offer.
      const found = await loadVersion(trx, versionId);
      if (!found || found.quoteId !== quoteId || versionClosed(found.version, now)) return undefined;
      expiresAt = validityEnd(found.version.validUntil);
    }
    const token = issueToken();
    await trx
      .insertInto('quote_decision_tokens')
      .values({
        id: token.id,
        secret_hash: token.secretHash,
        quote_request_id: quoteId,
        created_at: now,
        expires_at: expiresAt,
        version_id: versionId ?? null,
      })
      .execute();
    return { token: token.token, expiresAt };
  });
}

export interface DecisionQuote {
  id: number;
  reference: string;
  locale: Locale;
  customerFirstName: string;
  totalCents: number | null;
}

export type DecisionLinkState =
  | { kind: 'open'; quote: DecisionQuote }
  | { kind: 'decided'; quote: DecisionQuote; decision: QuoteDecision; decidedAt: Date }
  | { kind: 'expired'; quote: DecisionQuote; versionId?: number; validUntil?: string; renewalRequested?: boolean }
  | { kind: 'superseded'; quote: DecisionQuote; versionNumber: number; withdrawn: boolean }
  | { kind: 'invalid' };

async function decisionQuote(db: Db | Trx, quoteId: number): Promise<DecisionQuote> {
  const row = await db
    .selectFrom('quote_requests as q')
    .leftJoin('quote_request_pricing as p', 'p.quote_request_id', 'q.id')
    .select(['q.id', 'q.reference', 'q.locale', 'q.customer_first_name', 'p.total_cents'])
    .where('q.id', '=', quoteId)
    .executeTakeFirstOrThrow();
  return {
    id: row.id,
    reference: row.reference,
    locale: row.locale,
    customerFirstName: row.customer_first_name,
    totalCents: row.total_cents,
  };
}

async function decisionOf(db: Db | Trx, quoteId: number) {
  return db
    .selectFrom('quote_request_decisions')
    .select(['decision', 'decided_at'])
    .where('quote_request_id', '=', quoteId)
    .executeTakeFirst();
}

/** What an approve or decline link leads to, without using it (the page shows a button). */
export async function inspectDecisionLink(
  db: Db,
  token: string,
  now = new Date(),
  /** The quote's versions; a page that shows them too passes its own loader, so they are read once. */
  versionsOf: (quoteId: number) => Promise<QuoteVersion[]> = (quoteId) => loadVersions(db, quoteId),
): Promise<DecisionLinkState> {
  const parsed = parseToken(token);
  if (!parsed) return { kind: 'invalid' };
  const row = await db
    .selectFrom('quote_decision_tokens')
    .select(['quote_request_id', 'secret_hash', 'expires_at', 'used_at', 'version_id'])
    .where('id', '=', parsed.id)
    .executeTakeFirst();
  if (!row || !secretMatches(parsed.secret, row.secret_hash)) return { kind: 'invalid' };
  const quote = await decisionQuote(db, row.quote_request_id);
  if (row.used_at !== null) {
    const decided = await decisionOf(db, row.quote_request_id);
    if (!decided) return { kind: 'invalid' };
    return { kind: 'decided', quote, decision: decided.decision, decidedAt: decided.decided_at };
  }
  if (row.version_id !== null) {
    const versionId = row.version_id;
    const version = (await versionsOf(row.quote_request_id)).find((candidate) => candidate.id === versionId);
    if (!version) return { kind: 'invalid' };
    const closed = versionClosed(version, now);
    if (closed === 'superseded') {
      const newer = await db
        .selectFrom('quote_versions')
        .select('number')
        .where('quote_request_id', '=', row.quote_request_id)
        .where('number', '>', version.number)
        .orderBy('number', 'desc')
        .executeTakeFirst();
      return {
        kind: 'superseded',
        quote,
        versionNumber: newer?.number ?? version.number,
        withdrawn: newer === undefined,
      };
    }
    if (closed === 'expired') {
      return {
        kind: 'expired',
        quote,
        versionId: version.id,
        validUntil: version.validUntil,
        renewalRequested: version.renewalRequestedAt !== null,
      };
    }
  }
  if (row.expires_at.getTime() <= now.getTime()) return { kind: 'expired', quote };
  return { kind: 'open', quote };
}

/** The version an open link answers, when it names one. */
export async function linkVersionId(db: Db, token: string): Promise<number | null> {
  const parsed = parseToken(token);
  if (!parsed) return null;
  const row = await db
    .selectFrom('quote_decision_tokens')
    .select(['version_id', 'secret_hash'])
    .where('id', '=', parsed.id)
    .executeTakeFirst();
  if (!row || !secretMatches(parsed.secret, row.secret_hash)) return null;
  return row.version_id;
}

export type DecisionResult =
  | { kind: 'recorded'; quote: DecisionQuote; decision: QuoteDecision }
  | { kind: 'already'; quote: DecisionQuote; decision: QuoteDecision; decidedAt: Date }
  | Extract<DecisionLinkState, { kind: 'expired' | 'superseded' | 'invalid' }>;

/**
 * The customer approves or declines through the e-mailed link. The token is used once: of
 * two requests presenting it together, only one marks it used and records the answer; the
 * other is told what was decided. The quote's other open links (an e-mail sent twice) are
 * used up with it, so they too say what was decided.
 */
export async function decideQuote(
  db: Db,
  input: { token: string; decision: QuoteDecision; ipAddress: string; userAgent: string; now?: Date },
): Promise<DecisionResult> {
  const now = input.now ?? new Date();
  const state = await inspectDecisionLink(db, input.token, now);
  if (state.kind === 'invalid' || state.kind === 'expired' || state.kind === 'superseded') return state;
  if (state.kind === 'decided') return { kind: 'already', ...stateFields(state) };
  const parsed = parseToken(input.token);
  if (!parsed) return { kind: 'invalid' };
  const versionId = await linkVersionId(db, input.token);
  if (versionId !== null) {
    // A version's whole answer: every line accepted as offered, or every line refused.
    const found = await loadVersion(db, versionId);
    const answer = input.decision === 'approved' ? ('accept' as const) : ('refuse' as const);
    const result = await answerVersion(db, {
      versionId,
      answers: (found?.version.lines ?? []).map((line) => ({ line: line.line, answer })),
      ipAddress: input.ipAddress,
      userAgent: input.userAgent,
      now,
    });
    if (result.kind === 'recorded') return { kind: 'recorded', quote: state.quote, decision: input.decision };
    const after = await inspectDecisionLink(db, input.token, now);
    if (after.kind === 'decided') return { kind: 'already', ...stateFields(after) };
    return after.kind === 'open' ? { kind: 'invalid' } : after;
  }
  const outcome = await db.transaction().execute(async (trx) => {
    const used = await trx
      .updateTable('quote_decision_tokens')
      .set({ used_at: now })
      .where('id', '=', parsed.id)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .returning('quote_request_id')
      .executeTakeFirst();
    if (!used) return 'lost' as const;
    await recordCustomerDecision(trx, {
      quoteId: used.quote_request_id,
      decision: input.decision,
      ipAddress: input.ipAddress,
      userAgent: input.userAgent,
      now,
    });
    return 'recorded' as const;
  });
  if (outcome === 'recorded') return { kind: 'recorded', quote: state.quote, decision: input.decision };
  const after = await inspectDecisionLink(db, input.token, now);
  if (after.kind === 'decided') return { kind: 'already', ...stateFields(after) };
  return after.kind === 'open' ? { kind: 'invalid' } : after;
}

function stateFields(state: Extract<DecisionLinkState, { kind: 'decided' }>) {
  return { quote: state.quote, decision: state.decision, decidedAt: state.decidedAt };
}
