import { z } from 'zod';
import { IdSchema } from '../../lib/ids.ts';

/** The staff view of the mail outbox (docs/decisions/043-every-email-through-the-outbox.md). */

/**
 * An e-mail still unsent this long after it was queued is shown to staff. A healthy one goes
 * within seconds; after ten minutes it has failed about seven times (5 s, 10 s, 20 s … apart)
 * or no worker is running.
 */
export const WAITING_SHOWN_AFTER_MS = 10 * 60_000;

/** A staff member's "Retry": the outbox row's id. */
export const RetryMailSchema = z.object({ id: IdSchema }).strict();
export type RetryMailInput = z.infer<typeof RetryMailSchema>;

export type MailProblemStatus = 'dead' | 'waiting';
