import * as crypto from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';

vi.mock('node:crypto', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:crypto')>();
  return { ...actual, timingSafeEqual: vi.fn(actual.timingSafeEqual) };
});

const { hashPassword, verifyPassword, passwordCost, PASSWORD_COST, TEST_PASSWORD_COST } = await import(
  './password.server.ts'
);
const { hashSecret, secretMatches } = await import('./tokens.server.ts');

describe('password hashing', () => {
  afterEach(() => vi.mocked(crypto.timingSafeEqual).mockClear());

  it("uses scrypt at OWASP's parameters (N=2^17, r=8, p=1) with a 16-byte salt outside APP_ENV=test", async () => {
    expect(passwordCost('production')).toEqual({ N: 131072, r: 8, p: 1 });
    expect(passwordCost('development')).toEqual({ N: 131072, r: 8, p: 1 });
    const stored = await hashPassword('correct horse battery staple', passwordCost('production'));
    const [scheme, n, r, p, salt, hash] = stored.split('$');
    expect([scheme, n, r, p]).toEqual(['scrypt', '131072', '8', '1']);
    expect(Buffer.from(salt ?? '', 'base64url')).toHaveLength(16);
    expect(Buffer.from(hash ?? '', 'base64url')).toHaveLength(32);
    // Two hashes at production's cost cost ~0.6 s of CPU: the salt's randomness is checked at the test cost.
    expect(await hashPassword('correct horse battery staple', passwordCost('test'))).not.toContain(salt ?? '');
    expect(await verifyPassword(stored, 'correct horse battery staple')).toBe(true);
  });

  it('hashes at a lower cost under APP_ENV=test only, stored in the hash so that it verifies anywhere', async () => {
    expect(passwordCost('test')).toEqual(TEST_PASSWORD_COST);
    expect(TEST_PASSWORD_COST.N).toBeLessThan(PASSWORD_COST.N);
    const stored = await hashPassword('a test passphrase', passwordCost('test'));
    expect(stored.split('$').slice(0, 4)).toEqual(['scrypt', '1024', '8', '1']);
    expect(await verifyPassword(stored, 'a test passphrase')).toBe(true);
    expect(await verifyPassword(stored, 'a test passphrasf')).toBe(false);
  });

  it('verifies in constant time', async () => {
    const stored = await hashPassword('a passphrase');
    expect(await verifyPassword(stored, 'a passphrase')).toBe(true);
    expect(await verifyPassword(stored, 'a passphrasf')).toBe(false);
    expect(crypto.timingSafeEqual).toHaveBeenCalledTimes(2);
  });

  it('compares token secrets in constant time too', () => {
    secretMatches('a'.repeat(43), hashSecret('b'.repeat(43)));
    expect(crypto.timingSafeEqual).toHaveBeenCalledTimes(1);
  });

  it('refuses a hash it does not understand', async () => {
    expect(await verifyPassword('md5$abc', 'x')).toBe(false);
  });
});
