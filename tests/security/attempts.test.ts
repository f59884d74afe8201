import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO, postJson, SERVERS, signIn } from './probe.ts';

/**
 * Issue 9.1 and 9.2: guesses are counted before the password is checked, so they cannot be
 * raced past the limit, and guessing from one address never locks the owner out.
 */
describe.each(SERVERS)('failed-attempt limits on $engine', (server) => {
  it('brute-force race: 30 parallel wrong passwords for one account get at most 10 answers, the rest 429 with Retry-After', async () => {
    const responses = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        postJson(server, '/api/auth/sign-in', { email: DEMO.trade.email, password: `guess-${i}` }, {}, '127.0.0.3'),
      ),
    );
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(10);
    const refused = responses.filter((response) => response.status === 429);
    expect(refused.length).toBeGreaterThanOrEqual(20);
    for (const response of refused) expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('owner lockout: ten wrong passwords from one address, then the owner signs in from another at once', async () => {
    for (let i = 0; i < 10; i++) {
      const response = await postJson(
        server,
        '/api/auth/sign-in',
        { email: DEMO.trade.email, password: `x-${i}` },
        {},
        '127.0.0.4',
      );
      expect(response.status).toBe(401);
    }
    expect((await postJson(server, '/api/auth/sign-in', DEMO.trade, {}, '127.0.0.4')).status).toBe(429);
    expect((await postJson(server, '/api/auth/sign-in', DEMO.trade, {}, '127.0.0.5')).status).toBe(200);
  });

  describe('re-authentication', () => {
    let cookie = '';
    beforeAll(async () => {
      cookie = await signIn(server, DEMO.admin);
    });

    for (const [path, body, from] of [
      [
        '/api/profile/password',
        { password: 'a new passphrase 2026', confirmPassword: 'a new passphrase 2026' },
        '127.0.0.6',
      ],
      ['/api/profile/email', { newEmail: 'someone-else@example.com' }, '127.0.0.8'],
    ] as const) {
      it(`brute-force race on ${path}: 30 parallel wrong current passwords, at most 10 checked, the rest 429`, async () => {
        const responses = await Promise.all(
          Array.from({ length: 30 }, (_, i) =>
            postJson(server, path, { ...body, currentPassword: `wrong-${i}` }, { cookie }, from),
          ),
        );
        const statuses = responses.map((response) => response.status);
        expect(statuses.filter((status) => status === 403).length).toBeLessThanOrEqual(10);
        expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(20);
      });
    }
  });

  it('sign-up address check race: 130 parallel checks from one address, at most 100 answered, the rest 429', async () => {
    const details = (i: number) => ({
      firstName: 'Probe',
      lastName: 'Check',
      email: `probe.check.${i}.${Date.now()}@example.com`,
      phone: '',
      password: 'a long and unusual passphrase 2026',
      confirmPassword: 'a long and unusual passphrase 2026',
    });
    const responses = await Promise.all(
      Array.from({ length: 130 }, (_, i) =>
        postJson(server, '/api/auth/register/details', details(i), {}, '127.0.0.9'),
      ),
    );
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 204).length).toBeLessThanOrEqual(100);
    expect(statuses.filter((status) => status === 204).length).toBeGreaterThan(0);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(30);
  });

  it('trade-account link race: 30 parallel guesses of account number and phone, at most the limit looked up', async () => {
    const cookie = await signIn(server, DEMO.customer);
    const responses = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        postJson(
          server,
          '/api/profile/in-house-account/verify',
          { accountNumber: `TA-9${String(i).padStart(5, '0')}`, accountPhone: '905-555-0100' },
          { cookie },
          '127.0.0.7',
        ),
      ),
    );
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(25);
  });
});
