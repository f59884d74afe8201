import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  type AccountFixtures,
  createUser,
  PASSWORD,
  seedAccountReference,
  tokenFromMail,
  uniqueEmail,
} from '../../../tests/factories/accounts.ts';
import { ENGINES } from '../../../tests/support/databases.ts';
import { startHangingSmtp } from '../../../tests/support/hanging-smtp.ts';
import { testOutbox } from '../../../tests/support/mail-outbox.ts';
import { useTestDatabase } from '../../../tests/support/suite-database.ts';
import { createSmtpMailer } from '../../lib/mail/mail.server.ts';
import { createOutboxWorker } from '../../lib/mail/outbox.server.ts';
import { accountMailComposers } from '../accounts/account-mail-composers.server.ts';
import { queuePasswordResetLink, register, resendConfirmation, resetPassword } from '../accounts/accounts.server.ts';
import type { RegisterData } from '../accounts/accounts.ts';
import { changePassword, requestEmailChange } from './profile.server.ts';

/**
 * Account and profile e-mails (profile sits above accounts, so both are tried here) go through the mail outbox
 * (docs/decisions/043-every-email-through-the-outbox.md): a request writes a row and answers;
 * the worker composes and sends. So a relay that hangs cannot hold an answer, and a payload
 * holds no link's secret.
 */
const SITE = 'https://shop.example.ca';

describe.each(ENGINES)('account e-mails through the outbox on %s', (engine) => {
  const db = useTestDatabase(engine);
  let fixtures: AccountFixtures;
  beforeAll(async () => {
    fixtures = await seedAccountReference(db());
  });
  const composers = accountMailComposers({ siteUrl: SITE });
  let address = 0;
  const client = () => `203.0.113.${++address}`;
  const signUp = (email: string): RegisterData => ({
    firstName: 'Grace',
    lastName: 'Hopper',
    email,
    phone: '905-555-0123',
    password: 'a long enough passphrase',
    confirmPassword: 'a long enough passphrase',
    isLandscapeProfessional: false,
    tradeAccount: null,
    locationId: fixtures.locationId,
  });
  const unsentTo = async (emails: string[]) =>
    (
      await db()
        .selectFrom('mail_outbox')
        .select(['kind', 'payload', 'sent_at', 'recipient'])
        .where('sent_at', 'is', null)
        .execute()
    ).filter((row) => emails.some((email) => JSON.stringify(row.payload).includes(email)));

  it('with an SMTP relay that hangs, sign-up, a password reset, a resend and a password change answer while the worker waits on it', async () => {
    const relay = await startHangingSmtp();
    // The store's own SMTP mailer and timeouts: the relay holds each delivery until they run out.
    const worker = createOutboxWorker({
      db: async () => db(),
      mailer: () => createSmtpMailer(relay.url, 'shop@example.com'),
      composers,
      intervalMs: 3_600_000,
    });
    try {
      const deps = { db: db(), mailOutbox: worker };
      const first = uniqueEmail('hang');
      expect(await register(deps, signUp(first), 'en', client())).toMatchObject({ kind: 'created' });
      // The worker has taken the confirmation and is waiting on the relay's greeting.
      await relay.waitForConnections(1);

      const second = uniqueEmail('hang');
      expect(await register(deps, signUp(second), 'fr', client())).toMatchObject({ kind: 'created' });
      await resendConfirmation(deps, second, client());
      const known = await createUser(db());
      await queuePasswordResetLink(deps, known.email);
      expect(
        await changePassword(
          deps,
          known.id,
          { currentPassword: PASSWORD, password: 'a patient new passphrase' },
          undefined,
          client(),
        ),
      ).toBe('changed');

      // All of them answered with the relay silent throughout: nothing was sent, everything is queued.
      const queued = await unsentTo([first, second, known.email]);
      expect(queued.map((row) => row.kind).sort()).toEqual([
        'confirm_email',
        'confirm_email',
        'confirm_email',
        'reset_password',
      ]);
      const passwordNotice = await db()
        .selectFrom('mail_outbox')
        .select(['kind', 'sent_at'])
        .where('kind', '=', 'password_changed')
        .where(sql<string>`payload->>'userId'`, '=', known.id)
        .execute();
      expect(passwordNotice).toEqual([{ kind: 'password_changed', sent_at: null }]);
    } finally {
      // The relay goes away: the delivery under way fails, and the worker's drain ends.
      await relay.close();
      await worker.stop();
    }
  });

  it('writes no link secret in a payload: the link is issued when the e-mail is composed', async () => {
    const outbox = testOutbox(db, composers);
    const deps = { db: db(), mailOutbox: outbox };
    const fresh = uniqueEmail('secret');
    await register(deps, signUp(fresh), 'en', client());
    const owner = await createUser(db());
    await queuePasswordResetLink(deps, owner.email);
    const newAddress = uniqueEmail('moved');
    await requestEmailChange(deps, owner.id, { newEmail: newAddress, currentPassword: PASSWORD }, client());

    const payloads = (await unsentTo([fresh, owner.email, newAddress, owner.id])).map((row) => row.payload);
    expect(payloads).toEqual(
      expect.arrayContaining([
        { email: fresh },
        { email: owner.email },
        { userId: owner.id, newEmail: newAddress },
        { userId: owner.id, to: owner.email, newEmail: newAddress },
      ]),
    );
    const [confirm] = await outbox.sentTo(fresh);
    const [reset] = (await outbox.sentTo(owner.email)).filter((mail) => mail.kind === 'reset_password');
    const [change] = await outbox.sentTo(newAddress);
    const tokens = [
      tokenFromMail(confirm as NonNullable<typeof confirm>, 'confirm'),
      tokenFromMail(reset as NonNullable<typeof reset>, 'reset-password'),
      tokenFromMail(change as NonNullable<typeof change>, 'confirm'),
    ];
    const stored = JSON.stringify(await db().selectFrom('mail_outbox').select(['payload', 'recipient']).execute());
    for (const token of tokens) {
      const secret = token.split('.')[1] ?? token;
      expect(stored).not.toContain(secret);
    }
    // The links work: the e-mails carry what the payloads did not.
    expect(await resetPassword(deps, tokens[1] ?? '', 'a different passphrase')).toBe('reset');
  });
});
