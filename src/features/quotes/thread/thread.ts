import type { TFunction } from 'i18next';
import { z } from 'zod';
import type { QuoteMessageAuthor, QuoteStatus } from '../../../lib/db/schema.ts';
import { formatDateTime } from '../../../lib/format.ts';
import type { Locale } from '../../../lib/i18n/index.ts';
import { lineName, lineSize, type QuoteLine } from '../model/quote.ts';

/**
 * A quote request's thread (docs/decisions/053-quote-thread.md): short messages between the
 * customer and the sales desk, each optionally about one line of the request, and the desk's
 * internal notes. Pure: the form's schema, who reads what, and how a message is labelled.
 */

export const MESSAGE_MAX_LENGTH = 2000;

/** The form's `intent`: the request page also takes the line-by-line answer (decision 049). */
export const THREAD_INTENT = 'message';

/** Who reads the thread: the request's customer, or staff on the desk. */
export type ThreadReader = QuoteMessageAuthor;

export interface ThreadMessage {
  id: number;
  authorRole: QuoteMessageAuthor;
  /** The author's name, or null once the account is gone. */
  author: { firstName: string; lastName: string } | null;
  internal: boolean;
  /** The request's line the message is about, or null for the whole request. */
  line: number | null;
  body: string;
  createdAt: Date;
}

export interface ThreadErrorMessages {
  empty: string;
  tooLong: string;
  line: string;
}

export function threadErrorMessages(t: TFunction): ThreadErrorMessages {
  return { empty: t('errors.empty'), tooLong: t('errors.tooLong'), line: t('errors.line') };
}

/**
 * The form as posted: the body (trimmed, 1 to 2,000 characters), the line it is about ('' for
 * the whole request) and, for staff, the internal-note box (a checkbox: 'on' or absent).
 */
export function ThreadPostSchema(messages: ThreadErrorMessages) {
  return z.object({
    body: z
      .string({ error: messages.empty })
      .trim()
      .min(1, { error: messages.empty })
      .max(MESSAGE_MAX_LENGTH, { error: messages.tooLong }),
    line: z.preprocess(
      (value) => (value === '' || value === undefined || value === null ? null : Number(value)),
      z.int({ error: messages.line }).min(1, { error: messages.line }).max(32767, { error: messages.line }).nullable(),
    ),
    internal: z.preprocess((value) => value === 'on' || value === true, z.boolean()),
  });
}

export type ThreadPost = z.infer<ReturnType<typeof ThreadPostSchema>>;

/** A posted form's fields as the schema reads them (repeated or file fields keep their first text). */
export function threadFormFields(form: FormData): Record<string, string | undefined> {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === 'string' ? value : undefined;
  };
  // A browser sends a textarea's line breaks as CRLF; the 2,000 count is of what was typed.
  return { body: text('body')?.replace(/\r\n?/g, '\n'), line: text('line'), internal: text('internal') };
}

/**
 * A cancelled request keeps its thread to read, and takes no new message; staff may still
 * add internal notes (a call logged after the cancellation). An approved request stays open:
 * its pickup or delivery is still to be arranged.
 */
export function threadOpen(status: QuoteStatus): boolean {
  return status !== 'cancelled';
}

/** What the reader may see: internal notes are for staff only. */
export function visibleTo(messages: readonly ThreadMessage[], reader: ThreadReader): ThreadMessage[] {
  return reader === 'staff' ? [...messages] : messages.filter((message) => !message.internal);
}

/** When a message was written, in the reader's language and the nursery's time zone. */
export function messageTime(at: Date, locale: Locale): string {
  return formatDateTime(at, locale);
}

/** The line a message is about, as the reader's language names it: "Sugar maple, 2 gal". */
export function anchorText(line: QuoteLine, locale: Locale): string {
  return `${lineName(line, locale)}, ${lineSize(line, locale)}`;
}

/** Who wrote a message, as its reader sees it (the `thread` namespace's t). */
export function authorLabel(message: ThreadMessage, reader: ThreadReader, t: TFunction): string {
  const { author } = message;
  // The customer reads a staff member's first name only; staff read everyone's full name.
  if (reader === 'customer') {
    if (message.authorRole === 'customer') return t('author.you');
    return author ? t('author.deskNamed', { name: author.firstName }) : t('author.desk');
  }
  if (!author) return message.authorRole === 'staff' ? t('author.desk') : t('author.gone');
  const name = `${author.firstName} ${author.lastName}`;
  return t(message.authorRole === 'staff' ? 'author.staff' : 'author.customer', { name });
}
