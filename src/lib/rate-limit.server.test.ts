import { describe, expect, it } from 'vitest';
import { ENGINES } from '../../tests/support/databases.ts';
import { useTestDatabase } from '../../tests/support/suite-database.ts';
import {
  accountAddressBucket,
  accountBucket,
  addressBucket,
  ceilingDelayMs,
  consume,
  countAttempt,
  RateLimitedError,
  recordHit,
} from './rate-limit.server.ts';

describe.each(ENGINES)('rate limits on %s', (engine) => {
  const db = useTestDatabase(engine);
  const limit = { max: 3, windowMs: 60_000 };

  it('allows up to the limit in a window, then refuses with the seconds until the next one', async () => {
    const bucket = accountBucket('test', 'Someone@Example.com', limit);
    const now = new Date('2026-05-01T12:00:10Z');
    for (let i = 0; i < limit.max; i++) await consume(db(), [bucket], now);
    const refused = await consume(db(), [bucket], now).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(RateLimitedError);
    expect((refused as RateLimitedError).retryAfterSeconds).toBe(50);
    // The next window starts afresh, and the past one is cleaned away.
    await consume(db(), [bucket], new Date('2026-05-01T12:01:00Z'));
    const rows = await db().selectFrom('rate_limits').selectAll().where('bucket', '=', bucket.key).execute();
    expect(rows).toHaveLength(1);
  });

  it('keys accounts case-insensitively', () => {
    expect(accountBucket('case', 'Mixed@Example.com', limit).key).toBe(
      accountBucket('case', 'mixed@example.com', limit).key,
    );
  });

  it('keeps addresses apart: a full bucket for one address leaves another its own count', async () => {
    const now = new Date();
    const kinds = [
      ['per address', (address: string) => addressBucket('apart', address, limit)],
      ['per account and address', (address: string) => accountAddressBucket('apart', 'a@example.com', address, limit)],
    ] as const;
    for (const [kind, bucketFor] of kinds) {
      const full = bucketFor('203.0.113.1');
      for (let i = 0; i < limit.max; i++) await consume(db(), [full], now);
      await expect(consume(db(), [full], now), kind).rejects.toBeInstanceOf(RateLimitedError);
      // Another address gets all of its own attempts, then is refused in turn: a limiter
      // keyed on nothing (one count for everyone) or on no address fails here.
      const other = bucketFor('203.0.113.2');
      for (let i = 0; i < limit.max; i++) await consume(db(), [other], now);
      await expect(consume(db(), [other], now), kind).rejects.toBeInstanceOf(RateLimitedError);
    }
  });

  it('keeps accounts apart from one address: another account there has its own count', async () => {
    const now = new Date();
    const full = accountAddressBucket('apart-accounts', 'first@example.com', '203.0.113.3', limit);
    for (let i = 0; i < limit.max; i++) await consume(db(), [full], now);
    await expect(consume(db(), [full], now)).rejects.toBeInstanceOf(RateLimitedError);
    const other = accountAddressBucket('apart-accounts', 'second@example.com', '203.0.113.3', limit);
    for (let i = 0; i < limit.max; i++) await consume(db(), [other], now);
  });

  it('refuses when any one of several buckets is full', async () => {
    const now = new Date();
    const full = addressBucket('multi', '203.0.113.9', limit);
    for (let i = 0; i < limit.max; i++) await recordHit(db(), [full], now);
    await expect(consume(db(), [accountBucket('multi', 'fresh@example.com', limit), full], now)).rejects.toBeInstanceOf(
      RateLimitedError,
    );
  });

  it('race: 30 parallel attempts on a limit of 10 let exactly 10 through, counted before the work', async () => {
    const now = new Date();
    const bucket = accountBucket('parallel', 'race@example.com', { max: 10, windowMs: 60_000 });
    let work = 0;
    const results = await Promise.allSettled(
      Array.from({ length: 30 }, async () => {
        await countAttempt(db(), [bucket], now);
        work += 1;
      }),
    );
    expect(work).toBe(10);
    expect(results.filter((result) => result.status === 'rejected')).toHaveLength(20);
  });

  it('gives a released attempt back, and a counted-only bucket never refuses', async () => {
    const now = new Date();
    const bucket = accountBucket('release', 'owner@example.com', limit);
    for (let i = 0; i < limit.max + 3; i++) await (await countAttempt(db(), [bucket], now)).release();
    const ceiling = { ...accountBucket('ceiling', 'owner@example.com', limit), refuse: false as const };
    for (let i = 0; i < limit.max + 3; i++) await countAttempt(db(), [ceiling], now);
    const [count] = await recordHit(db(), [ceiling], now);
    expect(count).toBe(limit.max + 4);
  });

  it('counts concurrent hits exactly', async () => {
    const now = new Date();
    const bucket = addressBucket('race', '203.0.113.50', { max: 100, windowMs: 60_000 });
    await Promise.all(Array.from({ length: 20 }, () => recordHit(db(), [bucket], now)));
    const [count] = await recordHit(db(), [bucket], now);
    expect(count).toBe(21);
  });
});

describe('ceilingDelayMs', () => {
  it('waits nothing up to the ceiling, then a little more for each attempt, up to five seconds', () => {
    const ceiling = { max: 20, windowMs: 60_000 };
    expect(ceilingDelayMs(20, ceiling)).toBe(0);
    expect(ceilingDelayMs(21, ceiling)).toBeLessThan(ceilingDelayMs(24, ceiling));
    expect(ceilingDelayMs(10_000, ceiling)).toBe(5000);
  });
});
