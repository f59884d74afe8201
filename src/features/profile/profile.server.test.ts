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
import { type TestOutbox, testOutbox } from '../../../tests/support/mail-outbox.ts';
import { useTestDatabase } from '../../../tests/support/suite-database.ts';
import { RateLimitedError } from '../../lib/rate-limit.server.ts';
import { accountMailComposers } from '../accounts/account-mail-composers.server.ts';
import { type AccountDeps, confirmEmail } from '../accounts/accounts.server.ts';
import { createSession, validateSessionToken } from '../accounts/session.server.ts';
import {
  changePassword,
  linkInHouseAccount,
  listSummaries,
  loadProfile,
  recentPurchases,
  requestEmailChange,
  setDefaultLocation,
  unlinkInHouseAccount,
  updateDetails,
  verifyInHouseAccount,
} from './profile.server.ts';

describe.each(ENGINES)('profile on %s', (engine) => {
  const db = useTestDatabase(engine);
  let fixtures: AccountFixtures;
  beforeAll(async () => {
    fixtures = await seedAccountReference(db());
  });
  const composers = accountMailComposers({ siteUrl: 'https://shop.example.ca' });
  const deps = (): AccountDeps & { mailOutbox: TestOutbox } => ({ db: db(), mailOutbox: testOutbox(db, composers) });
  let address = 0;
  const client = () => `192.0.2.${++address}`;

  it('updates the details and the customer type with the professional flag', async () => {
    const user = await createUser(db());
    expect(
      await updateDetails(db(), user.id, {
        firstName: 'Grace',
        lastName: 'Hopper',
        phone: '613-555-0101',
        isLandscapeProfessional: true,
      }),
    ).toBe('updated');
    const row = await db().selectFrom('users').selectAll().where('id', '=', user.id).executeTakeFirstOrThrow();
    expect([row.first_name, row.phone, row.is_landscape_professional, row.customer_type_id]).toEqual([
      'Grace',
      '613-555-0101',
      true,
      2,
    ]);
  });

  it('keeps the professional flag while a trade account is linked', async () => {
    const user = await createUser(db(), { inHouseAccountId: null });
    await db()
      .updateTable('users')
      .set({ in_house_account_id: fixtures.inHouseAccount.id })
      .where('id', '=', user.id)
      .execute();
    expect(
      await updateDetails(db(), user.id, {
        firstName: 'A',
        lastName: 'B',
        phone: null,
        isLandscapeProfessional: false,
      }),
    ).toBe('trade_linked');
    await db().updateTable('users').set({ in_house_account_id: null }).where('id', '=', user.id).execute();
  });

  it('changes the e-mail address only through a link sent to the new one', async () => {
    const user = await createUser(db());
    const other = await createUser(db());
    const d = deps();
    expect(
      await requestEmailChange(d, user.id, { newEmail: uniqueEmail('n'), currentPassword: 'wrong' }, '203.0.113.7'),
    ).toBe('wrong_password');
    expect(
      await requestEmailChange(d, user.id, { newEmail: user.email, currentPassword: PASSWORD }, '203.0.113.7'),
    ).toBe('same');
    expect(
      await requestEmailChange(d, user.id, { newEmail: other.email, currentPassword: PASSWORD }, '203.0.113.7'),
    ).toBe('taken');
    const target = uniqueEmail('new');
    expect(await requestEmailChange(d, user.id, { newEmail: target, currentPassword: PASSWORD }, '203.0.113.7')).toBe(
      'sent',
    );
    expect(d.mailOutbox.kicks).toBe(1);
    const [link] = await d.mailOutbox.sentTo(target);
    expect(link?.kind).toBe('change_email');
    // The address in use is told, with the address asked for.
    const [notice] = await d.mailOutbox.sentTo(user.email);
    expect(notice?.kind).toBe('email_change_notice');
    expect(notice?.text).toContain(target);
    expect((await loadProfile(db(), user.id))?.email).toBe(user.email);
    const token = tokenFromMail(link as NonNullable<typeof link>, 'confirm');
    expect(await confirmEmail(d, token)).toMatchObject({ kind: 'email_changed', email: target });
    expect((await loadProfile(db(), user.id))?.email).toBe(target);
    // The notice went to the address in use when the change was asked for, not the new one.
    expect((await d.mailOutbox.sentTo(target)).map((mail) => mail.kind)).toEqual(['change_email']);
  });

  it('changes the password, keeping this sign-in and ending the others', async () => {
    const user = await createUser(db());
    const here = await createSession(db(), user.id);
    const elsewhere = await createSession(db(), user.id);
    expect(
      await changePassword(
        deps(),
        user.id,
        { currentPassword: 'nope', password: 'new passphrase' },
        here.familyId,
        '203.0.113.7',
      ),
    ).toBe('wrong_password');
    expect(
      await changePassword(
        deps(),
        user.id,
        { currentPassword: PASSWORD, password: 'iloveyou' },
        here.familyId,
        '203.0.113.7',
      ),
    ).toBe('common');
    const d = deps();
    expect(
      await changePassword(
        d,
        user.id,
        { currentPassword: PASSWORD, password: 'new passphrase' },
        here.familyId,
        '203.0.113.7',
      ),
    ).toBe('changed');
    expect(await validateSessionToken(db(), here.accessToken)).not.toBeNull();
    expect(await validateSessionToken(db(), elsewhere.accessToken)).toBeNull();
    // The owner hears of it at their address, in their language.
    expect(d.mailOutbox.kicks).toBe(1);
    expect((await d.mailOutbox.sentTo(user.email)).map((mail) => [mail.to, mail.kind])).toEqual([
      [user.email, 'password_changed'],
    ]);
  });

  it('links an in-house account after checking number and phone, and signs the user out', async () => {
    const user = await createUser(db());
    const session = await createSession(db(), user.id);
    const wrong = { accountNumber: fixtures.inHouseAccount.accountNumber, accountPhone: '905-555-0000' };
    expect(await verifyInHouseAccount(deps(), user.id, wrong, client())).toEqual({ kind: 'not_found' });
    const right = {
      accountNumber: fixtures.inHouseAccount.accountNumber,
      accountPhone: fixtures.inHouseAccount.accountPhone,
    };
    expect(await verifyInHouseAccount(deps(), user.id, right, client())).toMatchObject({
      kind: 'found',
      companyName: fixtures.inHouseAccount.companyName,
    });
    expect((await linkInHouseAccount(deps(), user.id, right, client())).kind).toBe('found');
    expect(await validateSessionToken(db(), session.accessToken)).toBeNull();
    const profile = await loadProfile(db(), user.id);
    expect(profile?.inHouseAccount?.accountNumber).toBe('TA-100300');
    expect(profile?.isLandscapeProfessional).toBe(true);

    const someoneElse = await createUser(db());
    expect((await linkInHouseAccount(deps(), someoneElse.id, right, client())).kind).toBe('taken');

    const again = await createSession(db(), user.id);
    expect(await unlinkInHouseAccount(db(), user.id)).toBe(true);
    expect(await validateSessionToken(db(), again.accessToken)).toBeNull();
    expect(await unlinkInHouseAccount(db(), user.id)).toBe(false);
  });

  it('limits guessing, not linking: slips, then the right details, can always link', async () => {
    const user = await createUser(db());
    const address = client();
    const wrong = { accountNumber: fixtures.inHouseAccount.accountNumber, accountPhone: '905-555-0000' };
    const right = {
      accountNumber: fixtures.inHouseAccount.accountNumber,
      accountPhone: fixtures.inHouseAccount.accountPhone,
    };
    // Four slips of the five a quarter hour allows, then a check and a link with the right details.
    for (let slip = 0; slip < 4; slip++) {
      expect(await verifyInHouseAccount(deps(), user.id, wrong, address)).toEqual({ kind: 'not_found' });
    }
    expect((await verifyInHouseAccount(deps(), user.id, right, address)).kind).toBe('found');
    expect((await verifyInHouseAccount(deps(), user.id, right, address)).kind).toBe('found');
    expect((await linkInHouseAccount(deps(), user.id, right, address)).kind).toBe('found');
    await unlinkInHouseAccount(db(), user.id);

    // Guessing is still held to five, even all at once.
    const guesser = await createUser(db());
    const guesses = await Promise.allSettled(
      Array.from({ length: 8 }, () => verifyInHouseAccount(deps(), guesser.id, wrong, client())),
    );
    expect(guesses.filter((guess) => guess.status === 'fulfilled')).toHaveLength(5);
    expect(guesses.filter((guess) => guess.status === 'rejected').map((guess) => guess.reason)).toEqual(
      Array.from({ length: 3 }, () => expect.any(RateLimitedError)),
    );
  });

  it('shows the purchase history of a linked account, newest first', async () => {
    await db()
      .insertInto('in_house_purchases')
      .values([
        {
          in_house_account_id: fixtures.inHouseAccount.id,
          invoice_number: 'NF-1',
          purchased_at: '2026-01-05T15:00:00Z',
          total_cents: 1000,
          location_id: fixtures.locationId,
        },
        {
          in_house_account_id: fixtures.inHouseAccount.id,
          invoice_number: 'NF-2',
          purchased_at: '2026-03-05T15:00:00Z',
          total_cents: 2500,
          location_id: null,
        },
      ])
      .execute();
    const purchases = await recentPurchases(db(), fixtures.inHouseAccount.id, 'fr');
    expect(purchases.map((p) => p.invoiceNumber)).toEqual(['NF-2', 'NF-1']);
    expect(purchases[1]?.yard).toBe('Centre de Milton');
  });

  it('sets my sales yard to an active yard, or none', async () => {
    const user = await createUser(db());
    expect(await setDefaultLocation(db(), user.id, fixtures.locationId)).toBe(true);
    expect((await loadProfile(db(), user.id))?.defaultLocationId).toBe(fixtures.locationId);
    expect(await setDefaultLocation(db(), user.id, 999_999)).toBe(false);
    expect(await setDefaultLocation(db(), user.id, null)).toBe(true);
    expect((await loadProfile(db(), user.id))?.defaultLocationId).toBeNull();
  });

  it('summarises the lists with their item counts, the default first', async () => {
    const user = await createUser(db());
    await db()
      .transaction()
      .execute(async (trx) => {
        await trx
          .insertInto('wishlists')
          .values([
            { user_id: user.id, name: 'Back yard', is_default: false },
            { user_id: user.id, name: 'My List', is_default: true },
          ])
          .execute();
      });
    const lists = await listSummaries(db(), user.id);
    expect(lists.map((list) => [list.name, list.isDefault, list.itemCount])).toEqual([
      ['My List', true, 0],
      ['Back yard', false, 0],
    ]);
  });
});
