import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, ENGINES, type TestDatabase } from '../../../tests/support/databases.ts';
import {
  accountBucket,
  addressBucket,
  consume,
  RateLimitedError,
  recordHit,
  requireUnderLimit,
} from './rate-limit.server.ts';

describe.each(ENGINES)('rate limits on %s', (engine) => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase(engine);
  });
  afterAll(async () => {
    await test?.drop();
  });
  const limit = { max: 3, windowMs: 60_000 };

  it('allows up to the limit in a window, then refuses with the seconds until the next one', async () => {
    const bucket = accountBucket('test', 'Someone@Example.com', limit);
    const now = new Date('2026-05-01T12:00:10Z');
    for (let i = 0; i < limit.max; i++) await consume(test.handle.db, [bucket], now);
    const refused = await consume(test.handle.db, [bucket], now).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(RateLimitedError);
    expect((refused as RateLimitedError).retryAfterSeconds).toBe(50);
    // The next window starts afresh, and the past one is cleaned away.
    await consume(test.handle.db, [bucket], new Date('2026-05-01T12:01:00Z'));
    const rows = await test.handle.db.selectFrom('rate_limits').selectAll().where('bucket', '=', bucket.key).execute();
    expect(rows).toHaveLength(1);
  });

  it('keys accounts case-insensitively and keeps addresses apart', async () => {
    const now = new Date();
    const a = accountBucket('case', 'Mixed@Example.com', limit);
    const b = accountBucket('case', 'mixed@example.com', limit);
    expect(a.key).toBe(b.key);
    await recordHit(test.handle.db, [addressBucket('x', '203.0.113.1', limit)], now);
    await requireUnderLimit(test.handle.db, [addressBucket('x', '203.0.113.2', limit)], now);
  });

  it('refuses when any one of several buckets is full', async () => {
    const now = new Date();
    const full = addressBucket('multi', '203.0.113.9', limit);
    for (let i = 0; i < limit.max; i++) await recordHit(test.handle.db, [full], now);
    await expect(
      consume(test.handle.db, [accountBucket('multi', 'fresh@example.com', limit), full], now),
    ).rejects.toBeInstanceOf(RateLimitedError);
  });

  it('counts concurrent hits exactly', async () => {
    const now = new Date();
    const bucket = addressBucket('race', '203.0.113.50', { max: 100, windowMs: 60_000 });
    await Promise.all(Array.from({ length: 20 }, () => recordHit(test.handle.db, [bucket], now)));
    const [count] = await recordHit(test.handle.db, [bucket], now);
    expect(count).toBe(21);
  });
});
