import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { env } from '../../lib/env.ts';

/**
 * Password hashing with scrypt at OWASP's parameters (N=2^17, r=8, p=1), from Node's own
 * crypto: no native addon to build. Stored as `scrypt$<N>$<r>$<p>$<salt>$<hash>` (base64url)
 * so the parameters can be raised later and old hashes still verify.
 */
export interface ScryptCost {
  N: number;
  r: number;
  p: number;
}

export const PASSWORD_COST: ScryptCost = { N: 2 ** 17, r: 8, p: 1 };

/**
 * APP_ENV=test only: the test suites sign up and sign in hundreds of times, and at OWASP's
 * cost each hash is ~0.3 s of CPU and 128 MiB. Every stored hash names its own parameters,
 * so a hash made at this cost verifies anywhere, and production never makes one.
 */
export const TEST_PASSWORD_COST: ScryptCost = { N: 2 ** 10, r: 8, p: 1 };

export function passwordCost(appEnv = env().APP_ENV): ScryptCost {
  return appEnv === 'test' ? TEST_PASSWORD_COST : PASSWORD_COST;
}

const KEY_LENGTH = 32;
const SALT_LENGTH = 16;

function derive(password: string, salt: Buffer, { N, r, p }: ScryptCost): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    // scrypt needs 128 * N * r bytes; allow twice that.
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { N, r, p, maxmem: 256 * N * r }, (error, key) => {
      if (error) reject(error);
      else resolve(key);
    });
  });
}

export async function hashPassword(password: string, cost = passwordCost()): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const key = await derive(password, salt, cost);
  return ['scrypt', cost.N, cost.r, cost.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const actual = await derive(password, Buffer.from(salt, 'base64url'), { N: Number(n), r: Number(r), p: Number(p) });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
