import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../lib/db/schema.ts';
import { type OutboxWorker, outboxRow } from '../../lib/mail/outbox.server.ts';
import type { AccountMailKind } from './emails.ts';

/**
 * The account e-mails as mail-outbox rows (docs/decisions/043-every-email-through-the-outbox.md).
 * A payload holds what the worker needs to compose the e-mail later, never a link's secret:
 * the links of confirm_email, reset_password and change_email are issued when the worker
 * composes them, so their secret exists only in the e-mail (the database keeps its hash, as
 * for every e-mail token). Composed in account-mail-composers.server.ts.
 */

/** Addressed by the address typed: the worker finds the account, if there is one. */
const ByAddress = z.object({ email: z.string().min(1) });
const ByUser = z.object({ userId: z.string().min(1) });

export const ACCOUNT_MAIL_PAYLOADS = {
  /** `redirect`: where the sign-up was going (checkout), for the link to carry on to. */
  confirm_email: ByAddress.extend({ redirect: z.string().optional() }),
  reset_password: ByAddress,
  welcome: ByUser,
  password_changed: ByUser,
  change_email: z.object({ userId: z.string().min(1), newEmail: z.string().min(1) }),
  /**
   * `to` is the address in use when the change was asked for: the notice goes there even if
   * the new address is confirmed before the worker composes it.
   */
  email_change_notice: z.object({ userId: z.string().min(1), to: z.string().min(1), newEmail: z.string().min(1) }),
} as const satisfies Record<AccountMailKind, z.ZodType>;

export type AccountMail = {
  [K in AccountMailKind]: { kind: K; payload: z.infer<(typeof ACCOUNT_MAIL_PAYLOADS)[K]> };
}[AccountMailKind];

/** Writes the e-mails' outbox rows: inside the caller's transaction when it passes one. */
export async function queueAccountMail(db: Kysely<Database>, ...mails: AccountMail[]): Promise<void> {
  await db
    .insertInto('mail_outbox')
    .values(mails.map((mail) => outboxRow(mail.kind, mail.payload)))
    .execute();
}

/** What an account function tells after its commit wrote outbox rows. */
export type MailOutboxKick = Pick<OutboxWorker, 'kick'>;
