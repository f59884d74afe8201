import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Tokens in Lucia's reference shape: `<id>.<secret>`, both from the CSPRNG. The id finds the
 * row; only the SHA-256 of the secret is stored and it is compared in constant time, so a
 * stolen table gives no usable token and a guessed id gives no timing signal about the secret.
 */
const ID_BYTES = 15;
const SECRET_BYTES = 32;

export interface IssuedToken {
  id: string;
  /** The whole token to give out: `<id>.<secret>`. */
  token: string;
  secretHash: Uint8Array;
}

export function issueToken(): IssuedToken {
  const id = randomBytes(ID_BYTES).toString('base64url');
  const secret = randomBytes(SECRET_BYTES).toString('base64url');
  return { id, token: `${id}.${secret}`, secretHash: hashSecret(secret) };
}

export function hashSecret(secret: string): Uint8Array {
  return new Uint8Array(createHash('sha256').update(secret).digest());
}

/** Splits a presented token; anything not shaped like one of ours is rejected before a query. */
export function parseToken(token: string | null | undefined): { id: string; secret: string } | null {
  if (!token || token.length > 200) return null;
  const dot = token.indexOf('.');
  if (dot <= 0 || dot !== token.lastIndexOf('.')) return null;
  const id = token.slice(0, dot);
  const secret = token.slice(dot + 1);
  if (!/^[A-Za-z0-9_-]{16,64}$/.test(id) || !/^[A-Za-z0-9_-]{32,128}$/.test(secret)) return null;
  return { id, secret };
}

/** Compares the presented secret with the stored hash in constant time. */
export function secretMatches(secret: string, storedHash: Uint8Array): boolean {
  const presented = hashSecret(secret);
  const stored = Buffer.from(storedHash);
  return stored.length === presented.length && timingSafeEqual(presented, stored);
}
