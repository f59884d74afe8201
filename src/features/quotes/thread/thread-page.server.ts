import type { AstroGlobal } from 'astro';
import { getDb } from '../../../lib/db/index.server.ts';
import { getT, type Locale } from '../../../lib/i18n/index.ts';
import { mailOutboxKick } from '../../../lib/mail/outbox-runner.server.ts';
import { RateLimitedError } from '../../../lib/rate-limit.server.ts';
import { parseQuoteId } from '../model/quote.ts';
import { postMessage, ThreadClosedError, ThreadNotFoundError, UnknownLineError } from './thread.server.ts';
import { THREAD_INTENT, ThreadPostSchema, threadErrorMessages, threadFormFields } from './thread.ts';

/**
 * The thread's plain form (decision 048) posts to the request's page, customer's or desk's,
 * with `intent=message`: a message posted answers 303 back to the page at the new message
 * (post/redirect/get: a reload sends nothing twice); a refused one renders the page again
 * with the error in the page's language and what was typed, so nothing is lost.
 */

export interface ThreadFormState {
  error: string;
  /** The field the error is about, marked invalid on the form; none for a refusal of the whole post. */
  field?: 'body' | 'line' | undefined;
  values: { body: string; line: string; internal: boolean };
}

type PageContext = Pick<AstroGlobal, 'request' | 'locals' | 'url' | 'redirect' | 'response' | 'params'>;

/**
 * The page's thread post, if this request is one: a redirect once posted, the form's state
 * when refused, undefined for any other request (a GET, the line-by-line answer).
 */
export async function threadPostFromPage(
  context: PageContext,
  locale: Locale,
): Promise<Response | ThreadFormState | undefined> {
  const quoteId = parseQuoteId(context.params.id);
  if (context.request.method !== 'POST' || quoteId === null) return undefined;
  // A copy: when the post is not the thread's, the page reads the body itself.
  const form = await context.request.clone().formData();
  if (form.get('intent') !== THREAD_INTENT) return undefined;
  const t = getT(locale, 'thread');
  const fields = threadFormFields(form);
  const values = { body: fields.body ?? '', line: fields.line ?? '', internal: fields.internal === 'on' };
  const refuse = (status: number, error: string, field?: ThreadFormState['field']): ThreadFormState => {
    context.response.status = status;
    return { error, field, values };
  };
  const author = context.locals.user;
  if (!author) return refuse(404, t('errors.notFound'));
  const parsed = ThreadPostSchema(threadErrorMessages(t)).safeParse(fields);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return refuse(422, issue?.message ?? t('errors.empty'), issue?.path[0] === 'line' ? 'line' : 'body');
  }
  try {
    const posted = await postMessage(await getDb(), { quoteId, author, post: parsed.data });
    if (posted.queued) mailOutboxKick.kick();
    return context.redirect(`${context.url.pathname}#message-${posted.id}`, 303);
  } catch (error) {
    if (error instanceof RateLimitedError) {
      context.response.headers.set('Retry-After', String(error.retryAfterSeconds));
      return refuse(429, t('errors.rateLimited', { minutes: Math.ceil(error.retryAfterSeconds / 60) }));
    }
    if (error instanceof ThreadClosedError) return refuse(409, t('errors.closed'));
    if (error instanceof UnknownLineError) return refuse(422, t('errors.line'), 'line');
    if (error instanceof ThreadNotFoundError) return refuse(404, t('errors.notFound'));
    throw error;
  }
}
