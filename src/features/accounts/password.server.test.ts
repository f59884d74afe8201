import * as crypto from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';

vi.mock('node:crypto', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:crypto')>();
  return { ...actual, timingSafeEqual: vi.fn(actual.timingSafeEqual) };
});

const { hashPassword, verifyPassword } = await import('./password.server.ts');
const { hashSecret, secretMatches } = await import('./tokens.server.ts');

describe('password hashing', () => {
  afterEach(() => vi.mocked(crypto.timingSafeEqual).mockClear());

  it("uses scrypt at OWASP's parameters (N=2^17, r=8, p=1) with a 16-byte salt", async () => {
    const stored = await hashPassword('correct horse battery staple');
    const [scheme, n, r, p, salt, hash] = stored.split('$');
    expect([scheme, n, r, p]).toEqual(['scrypt', '131072', '8', '1']);
    expect(Buffer.from(salt ?? '', 'base64url')).toHaveLength(16);
    expect(Buffer.from(hash ?? '', 'base64url')).toHaveLength(32);
    expect(stored).not.toBe(await hashPassword('correct horse battery staple'));
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
