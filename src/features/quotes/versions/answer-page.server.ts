import type { Kysely } from 'kysely';
import type { Database } from '../../../lib/db/schema.ts';
import { formatDate, formatMoney } from '../../../lib/format.ts';
import { getT, type Locale } from '../../../lib/i18n/index.ts';
import { mailOutboxKick } from '../../../lib/mail/outbox-runner.server.ts';
import { type DecisionLinkState, inspectDecisionLink, linkVersionId } from '../decision/decision.server.ts';
import { loadQuoteLines } from '../model/quote.server.ts';
import { type AnswerResult, answerVersion, requestRenewal } from './answer.server.ts';
import { answerCountsText } from './describe.ts';
import { loadVersion, loadVersions } from './versions.server.ts';
import { answersFromForm, type QuoteVersion, type RequestedLine } from './versions.ts';

/**
 * What the answer pages show (decision 049): the version a link or the customer's history
 * names, the form while it is open, and a sentence that says why it is not (answered,
 * replaced, withdrawn, past its date, renewal asked) or what the answer came to.
 */

type Db = Kysely<Database>;

export interface AnswerView {
  status: number;
  reference: string | null;
  quoteId: number | null;
  version: QuoteVersion | null;
  previous: QuoteVersion | undefined;
  /** The request's lines, so that those the version leaves out are named. */
  requested: RequestedLine[];
  /** The form is shown (the version is open). */
  open: boolean;
  /** The version is past its date and a renewal may be asked. */
  canRenew: boolean;
  message: string | null;
  messageKind: 'status' | 'alert';
  result: string;
  chosen: Record<string, string>;
  error: string | null;
  /** The line left without an answer: the error is shown in its group of choices. */
  missingLine: number | null;
}

export interface AnswerPost {
  intent: string;
  entries: [string, unknown][];
  ipAddress: string;
  userAgent: string;
}

export function resultMessage(result: AnswerResult, reference: string, version: QuoteVersion | null, locale: Locale) {
  const n = getT(locale, 'negotiation');
  if (result.kind === 'recorded') {
    const { outcome } = result;
    return n(`answer.recorded.${outcome.outcome}`, {
      reference,
      total: formatMoney(outcome.acceptedTotalCents, locale),
      ...answerCountsText(outcome.lines, locale),
    });
  }
  if (result.kind === 'invalid_answers') return n('answer.missing', { line: result.line });
  if (result.kind === 'expired' && version) {
    return n('answer.expired', { date: formatDate(`${version.validUntil}T12:00:00Z`, locale) });
  }
  if (result.kind === 'answered' && version?.answeredAt) {
    return n('answer.answered', { date: formatDate(version.answeredAt, locale) });
  }
  return n('answer.invalid');
}

const empty = (status: number, message: string): AnswerView => ({
  status,
  reference: null,
  quoteId: null,
  version: null,
  previous: undefined,
  requested: [],
  open: false,
  canRenew: false,
  message,
  messageKind: 'alert',
  result: 'invalid',
  chosen: {},
  error: null,
  missingLine: null,
});

/**
 * The quote's versions, read once however many times the page asks (the link's state and the
 * page both need them). Read again, with a new one, after an answer or a renewal changed them.
 */
function versionsOnce(db: Db): (quoteId: number) => Promise<QuoteVersion[]> {
  const loaded = new Map<number, Promise<QuoteVersion[]>>();
  return (quoteId) => {
    let versions = loaded.get(quoteId);
    if (!versions) {
      versions = loadVersions(db, quoteId);
      loaded.set(quoteId, versions);
    }
    return versions;
  };
}

/** The page behind `/quotes/answer/{token}`: the token names the quote and the version. */
export async function answerPageView(
  db: Db,
  input: { token: string; locale: Locale; post: AnswerPost | null; now?: Date },
): Promise<AnswerView> {
  const now = input.now ?? new Date();
  const n = getT(input.locale, 'negotiation');
  const versionId = await linkVersionId(db, input.token);
  if (versionId === null) return empty(404, n('answer.invalid'));
  let outcome: { message: string; kind: 'status' | 'alert'; result: string } | null = null;
  let chosen: Record<string, string> = {};
  let error: string | null = null;
  let missingLine: number | null = null;
  let versionsOf = versionsOnce(db);
  const before = await inspectDecisionLink(db, input.token, now, versionsOf);
  // The link's state as read above, until a post changes it.
  let state: DecisionLinkState | undefined = before;
  if (input.post?.intent === 'renew' && before.kind === 'expired') {
    const renewal = await requestRenewal(db, { versionId, now });
    state = undefined;
    versionsOf = versionsOnce(db);
    outcome = {
      message: n(renewal === 'requested' ? 'answer.renewalSent' : 'answer.renewalAlready'),
      kind: 'status',
      result: renewal,
    };
  } else if (input.post?.intent === 'answer' && before.kind === 'open') {
    const answers = answersFromForm(input.post.entries);
    const result = await answerVersion(db, {
      versionId,
      answers,
      ipAddress: input.post.ipAddress,
      userAgent: input.post.userAgent,
      now,
    });
    state = undefined;
    versionsOf = versionsOnce(db);
    // The sales desk's notice was queued with the answer.
    if (result.kind === 'recorded') mailOutboxKick.kick();
    if (result.kind === 'invalid_answers') {
      chosen = Object.fromEntries(
        input.post.entries.filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
      );
      error = n('answer.missing', { line: result.line });
      missingLine = result.line;
    } else if (result.kind === 'recorded') {
      const answered = (await versionsOf(before.quote.id)).find((candidate) => candidate.id === versionId);
      outcome = {
        message: resultMessage(result, before.quote.reference, answered ?? null, input.locale),
        kind: 'status',
        result: 'recorded',
      };
    }
  }
  return viewOf(db, {
    versionId,
    token: input.token,
    locale: input.locale,
    now,
    state,
    versionsOf,
    outcome,
    chosen,
    error,
    missingLine,
  });
}

async function viewOf(
  db: Db,
  input: {
    versionId: number;
    token: string;
    locale: Locale;
    now: Date;
    /** The link's state when nothing has changed it since it was read. */
    state: DecisionLinkState | undefined;
    versionsOf: (quoteId: number) => Promise<QuoteVersion[]>;
    outcome: { message: string; kind: 'status' | 'alert'; result: string } | null;
    chosen: Record<string, string>;
    error: string | null;
    missingLine: number | null;
  },
): Promise<AnswerView> {
  const n = getT(input.locale, 'negotiation');
  const state = input.state ?? (await inspectDecisionLink(db, input.token, input.now, input.versionsOf));
  if (state.kind === 'invalid') return empty(404, n('answer.invalid'));
  const quoteId = state.quote.id;
  const [versions, requested] = await Promise.all([input.versionsOf(quoteId), loadQuoteLines(db, quoteId)]);
  const index = versions.findIndex((candidate) => candidate.id === input.versionId);
  const version = versions[index];
  if (!version) return empty(404, n('answer.invalid'));
  const base = {
    reference: state.quote.reference,
    quoteId,
    version,
    previous: index > 0 ? versions[index - 1] : undefined,
    requested,
    chosen: input.chosen,
    error: input.error,
    missingLine: input.missingLine,
  };
  const date = (day: string) => formatDate(`${day}T12:00:00Z`, input.locale);
  if (input.outcome) {
    return {
      ...base,
      status: 200,
      open: false,
      canRenew: false,
      message: input.outcome.message,
      messageKind: input.outcome.kind,
      result: input.outcome.result,
    };
  }
  switch (state.kind) {
    case 'open':
      return {
        ...base,
        status: 200,
        open: true,
        canRenew: false,
        message: null,
        messageKind: 'status',
        result: 'open',
      };
    case 'decided':
      return {
        ...base,
        status: 200,
        open: false,
        canRenew: false,
        message: n('answer.answered', { date: formatDate(state.decidedAt, input.locale) }),
        messageKind: 'status',
        result: 'decided',
      };
    case 'superseded':
      return {
        ...base,
        status: 410,
        open: false,
        canRenew: false,
        message: state.withdrawn ? n('answer.withdrawn') : n('answer.superseded', { number: state.versionNumber }),
        messageKind: 'alert',
        result: 'superseded',
      };
    case 'expired':
      return {
        ...base,
        status: 410,
        open: false,
        canRenew: !state.renewalRequested,
        message: state.renewalRequested
          ? n('answer.renewalAlready')
          : n('answer.expired', { date: date(version.validUntil) }),
        messageKind: 'alert',
        result: 'expired',
      };
  }
}

/**
 * The signed-in customer's answer from their request's page: the version posted must be the
 * quote's open one (a page left open while a new version came is told it was replaced).
 * The caller has checked the quote is theirs.
 */
export async function answerFromAccount(
  db: Db,
  input: { quoteId: number; reference: string; locale: Locale; post: AnswerPost; versionNumber: number; now?: Date },
): Promise<{
  message: string;
  kind: 'status' | 'alert';
  chosen: Record<string, string>;
  error: string | null;
  missingLine: number | null;
}> {
  const now = input.now ?? new Date();
  const n = getT(input.locale, 'negotiation');
  const versions = await loadVersions(db, input.quoteId);
  const version = versions.find((candidate) => candidate.number === input.versionNumber);
  const none = { chosen: {}, error: null, missingLine: null };
  if (!version) return { ...none, message: n('answer.invalid'), kind: 'alert' };
  if (input.post.intent === 'renew') {
    const renewal = await requestRenewal(db, { versionId: version.id, now });
    if (renewal === 'requested' || renewal === 'already') {
      return {
        ...none,
        message: n(renewal === 'requested' ? 'answer.renewalSent' : 'answer.renewalAlready'),
        kind: 'status',
      };
    }
    return { ...none, message: n('answer.invalid'), kind: 'alert' };
  }
  const result = await answerVersion(db, {
    versionId: version.id,
    answers: answersFromForm(input.post.entries),
    ipAddress: input.post.ipAddress,
    userAgent: input.post.userAgent,
    now,
  });
  if (result.kind === 'recorded') mailOutboxKick.kick();
  if (result.kind === 'invalid_answers') {
    return {
      message: '',
      kind: 'alert',
      chosen: Object.fromEntries(
        input.post.entries.filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
      ),
      error: n('answer.missing', { line: result.line }),
      missingLine: result.line,
    };
  }
  if (result.kind === 'superseded') {
    const newest = versions.at(-1);
    const withdrawn = !newest || newest.number === version.number;
    return {
      ...none,
      message: withdrawn ? n('answer.withdrawn') : n('answer.superseded', { number: newest.number }),
      kind: 'alert',
    };
  }
  const after = (await loadVersion(db, version.id))?.version ?? version;
  return {
    ...none,
    message: resultMessage(result, input.reference, after, input.locale),
    kind: result.kind === 'recorded' ? 'status' : 'alert',
  };
}
