import { type Kysely, sql } from 'kysely';
import type { Database } from '../../lib/db/schema.ts';

/**
 * Fixed-window counters in the database, so every server process (and every serverless
 * instance) shares them. Each limited action counts per account (the address typed in, or
 * the signed-in user) and per client address.
 */
export interface Limit {
  max: number;
  windowMs: number;
}

const MINUTE = 60_000;

export const LIMITS = {
  /** Failed sign-ins only: a customer who types the password right is never slowed down. */
  signInAccount: { max: 10, windowMs: 15 * MINUTE },
  signInAddress: { max: 100, windowMs: 15 * MINUTE },
  forgotAccount: { max: 3, windowMs: 60 * MINUTE },
  forgotAddress: { max: 20, windowMs: 60 * MINUTE },
  resendAccount: { max: 3, windowMs: 15 * MINUTE },
  resendAddress: { max: 20, windowMs: 15 * MINUTE },
  linkAccount: { max: 5, windowMs: 15 * MINUTE },
  linkAddress: { max: 30, windowMs: 15 * MINUTE },
  registerAddress: { max: 50, windowMs: 60 * MINUTE },
} as const satisfies Record<string, Limit>;

export interface Bucket {
  key: string;
  limit: Limit;
}

export class RateLimitedError extends Error {
  override name = 'RateLimitedError';
  readonly retryAfterSeconds: number;
  constructor(retryAfterSeconds: number) {
    super('Rate limit reached');
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

function windowStart(limit: Limit, now: Date): Date {
  return new Date(Math.floor(now.getTime() / limit.windowMs) * limit.windowMs);
}

function retryAfter(limit: Limit, now: Date): number {
  return Math.max(1, Math.ceil((windowStart(limit, now).getTime() + limit.windowMs - now.getTime()) / 1000));
}

/** Throws RateLimitedError when any bucket is already full; counts nothing. */
export async function requireUnderLimit(db: Kysely<Database>, buckets: Bucket[], now = new Date()): Promise<void> {
  for (const bucket of buckets) {
    const row = await db
      .selectFrom('rate_limits')
      .select('hits')
      .where('bucket', '=', bucket.key)
      .where('window_start', '=', windowStart(bucket.limit, now))
      .executeTakeFirst();
    if (row && row.hits >= bucket.limit.max) throw new RateLimitedError(retryAfter(bucket.limit, now));
  }
}

/** Counts one hit in every bucket (and drops the bucket's past windows). */
export async function recordHit(db: Kysely<Database>, buckets: Bucket[], now = new Date()): Promise<number[]> {
  const counts: number[] = [];
  for (const bucket of buckets) {
    const start = windowStart(bucket.limit, now);
    const row = await db
      .insertInto('rate_limits')
      .values({ bucket: bucket.key, window_start: start, hits: 1 })
      .onConflict((conflict) =>
        conflict.columns(['bucket', 'window_start']).doUpdateSet({ hits: sql`rate_limits.hits + 1` }),
      )
      .returning('hits')
      .executeTakeFirstOrThrow();
    await db.deleteFrom('rate_limits').where('bucket', '=', bucket.key).where('window_start', '<', start).execute();
    counts.push(row.hits);
  }
  return counts;
}

/** Counts a hit and throws when it went over: for actions limited on every attempt. */
export async function consume(db: Kysely<Database>, buckets: Bucket[], now = new Date()): Promise<void> {
  await requireUnderLimit(db, buckets, now);
  const counts = await recordHit(db, buckets, now);
  const over = buckets.findIndex((bucket, index) => (counts[index] ?? 0) > bucket.limit.max);
  const bucket = buckets[over];
  if (bucket) throw new RateLimitedError(retryAfter(bucket.limit, now));
}

export function accountBucket(action: string, account: string, limit: Limit): Bucket {
  return { key: `${action}:account:${account.trim().toLowerCase()}`, limit };
}

export function addressBucket(action: string, address: string, limit: Limit): Bucket {
  return { key: `${action}:address:${address}`, limit };
}
