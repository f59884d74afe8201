import type { Kysely } from 'kysely';
import type { Database } from '../../src/lib/db/schema.ts';
import type { MailMessage } from '../../src/lib/mail/mail.server.ts';
import { drainOutbox, type MailComposer } from '../../src/lib/mail/outbox.server.ts';
import { memoryMailer } from '../factories/accounts.ts';

/**
 * The mail outbox as a feature test sees it: the kicks a function gave after its commits are
 * counted, and `sentTo` drains the outbox as the worker does (into a mailer of its own) and
 * answers what went to one address. Tests of one suite share a database, so each reads the
 * mail of addresses it made itself.
 */
export interface TestOutbox {
  kick(): void;
  readonly kicks: number;
  sentTo(address: string): Promise<MailMessage[]>;
}

export function testOutbox(db: () => Kysely<Database>, composers: Readonly<Record<string, MailComposer>>): TestOutbox {
  const mailer = memoryMailer();
  let kicks = 0;
  return {
    kick() {
      kicks += 1;
    },
    get kicks() {
      return kicks;
    },
    async sentTo(address) {
      await drainOutbox(db(), mailer, composers);
      return mailer.sent.filter((message) => message.to === address);
    },
  };
}
