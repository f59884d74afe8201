import { type Kysely, sql } from 'kysely';
import type { Database } from './db/schema.ts';

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
  /**
   * Failed sign-ins only (a right password gives its attempt back): per account from one
   * address, and per address. Refused past the limit, so one address cannot lock the
   * owner out from anywhere else (docs/decisions/022-attempt-limits.md).
   */
  signInAccountAddress: { max: 10, windowMs: 15 * MINUTE },
  signInAddress: { max: 100, windowMs: 15 * MINUTE },
  /** Per account from every address: past it, each attempt waits longer, none is refused. */
  signInAccountCeiling: { max: 20, windowMs: 15 * MINUTE },
  /** Re-authentication (password and e-mail change): per account and address, and per account. */
  reauthAccountAddress: { max: 10, windowMs: 15 * MINUTE },
  reauthAccount: { max: 30, windowMs: 15 * MINUTE },
  forgotAccount: { max: 3, windowMs: 60 * MINUTE },
  forgotAddress: { max: 20, windowMs: 60 * MINUTE },
  resendAccount: { max: 3, windowMs: 15 * MINUTE },
  resendAddress: { max: 20, windowMs: 15 * MINUTE },
  linkAccount: { max: 5, windowMs: 15 * MINUTE },
  linkAddress: { max: 30, windowMs: 15 * MINUTE },
  registerAddress: { max: 50, windowMs: 60 * MINUTE },
  /** The sign-up's first step, checked before the next (an address already used, a weak password). */
  registerCheckAddress: { max: 100, windowMs: 60 * MINUTE },
} as const satisfies Record<string, Limit>;

export interface Bucket {
  key: string;
  limit: Limit;
  /** False for a bucket that is only counted (a ceiling that slows, never refuses). */
  refuse?: false;
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

/** Adds one hit to the bucket's current window and returns the new count, in one statement. */
async function hit(db: Kysely<Database>, bucket: Bucket, now: Date, by = 1): Promise<number> {
  const start = windowStart(bucket.limit, now);
  const row = await db
    .insertInto('rate_limits')
    .values({ bucket: bucket.key, window_start: start, hits: by })
    .onConflict((conflict) =>
      conflict.columns(['bucket', 'window_start']).doUpdateSet({ hits: sql`rate_limits.hits + ${by}` }),
    )
    .returning('hits')
    .executeTakeFirstOrThrow();
  if (by > 0)
    await db.deleteFrom('rate_limits').where('bucket', '=', bucket.key).where('window_start', '<', start).execute();
  return row.hits;
}

/** Counts one hit in every bucket (and drops the bucket's past windows); returns the counts. */
export async function recordHit(db: Kysely<Database>, buckets: Bucket[], now = new Date()): Promise<number[]> {
  const counts: number[] = [];
  for (const bucket of buckets) counts.push(await hit(db, bucket, now));
  return counts;
}

export interface Attempt {
  /** The count each bucket reached with this attempt, in order. */
  counts: number[];
  /** Gives the attempt back (a right password): its hits no longer count. */
  release(): Promise<void>;
}

/**
 * Counts an attempt before the work it limits (a password check), bucket by bucket: one
 * statement records the hit and returns the count, so N parallel attempts see N different
 * counts and only the first `max` go on; the rest throw RateLimitedError (429, Retry-After)
 * without doing the work. A refused attempt stops at the bucket that refused it.
 */
export async function countAttempt(db: Kysely<Database>, buckets: Bucket[], now = new Date()): Promise<Attempt> {
  const counted: Bucket[] = [];
  const counts: number[] = [];
  for (const bucket of buckets) {
    const count = await hit(db, bucket, now);
    if (bucket.refuse !== false && count > bucket.limit.max) throw new RateLimitedError(retryAfter(bucket.limit, now));
    counted.push(bucket);
    counts.push(count);
  }
  return {
    counts,
    async release() {
      for (const bucket of counted) await hit(db, bucket, now, -1);
    },
  };
}

/** Counts a hit and throws when it went over: for actions limited on every attempt. */
export async function consume(db: Kysely<Database>, buckets: Bucket[], now = new Date()): Promise<void> {
  await countAttempt(db, buckets, now);
}

/**
 * How long an attempt on an account waits once failures from every address together pass
 * the ceiling: a quarter second more for each, up to five. Guessing from many addresses
 * slows down; the owner, from an address that has not failed, still gets in.
 */
export function ceilingDelayMs(count: number, limit: Limit): number {
  return count <= limit.max ? 0 : Math.min(250 * (count - limit.max), 5000);
}

export function accountBucket(action: string, account: string, limit: Limit): Bucket {
  return { key: `${action}:account:${account.trim().toLowerCase()}`, limit };
}

export function accountAddressBucket(action: string, account: string, address: string, limit: Limit): Bucket {
  return { key: `${action}:account-address:${account.trim().toLowerCase()}|${address}`, limit };
}

export function addressBucket(action: string, address: string, limit: Limit): Bucket {
  return { key: `${action}:address:${address}`, limit };
}
