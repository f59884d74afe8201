import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  FIRST_TOKEN_CHECK_DELAY_MS,
  SESSION_REFETCH_INTERVAL_MS,
  TOKEN_CHECK_MIN_INTERVAL_MS,
  TOKEN_FETCH_RETRY_DELAY_MS,
  TOKEN_REFRESH_THRESHOLD_MS,
  TokenSchedule,
  type TokenScheduleEffects,
  type TokenStatus,
} from './token-schedule.ts';

function effects(overrides: Partial<TokenScheduleEffects> = {}) {
  const base = {
    fetchToken: vi.fn<() => Promise<TokenStatus>>(async () => ({
      kind: 'valid',
      exp: Math.floor(Date.now() / 1000) + 1800,
    })),
    refresh: vi.fn(async () => true),
    isAuthenticated: vi.fn(() => true),
    onRefreshed: vi.fn(),
    onRefreshFailed: vi.fn(),
    log: vi.fn(),
  };
  return { ...base, ...overrides } as typeof base;
}

const expiresIn = (ms: number): TokenStatus => ({ kind: 'valid', exp: Math.floor((Date.now() + ms) / 1000) });

describe('token schedule', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-05-01T12:00:00Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("uses the spec's numbers", () => {
    expect(TOKEN_REFRESH_THRESHOLD_MS).toBe(300_000);
    expect(TOKEN_CHECK_MIN_INTERVAL_MS).toBe(2000);
    expect(FIRST_TOKEN_CHECK_DELAY_MS).toBe(500);
    expect(SESSION_REFETCH_INTERVAL_MS).toBe(600_000);
    expect(TOKEN_FETCH_RETRY_DELAY_MS).toBe(500);
  });

  it('checks first 500 ms after load', async () => {
    const fx = effects();
    new TokenSchedule(fx).start();
    await vi.advanceTimersByTimeAsync(499);
    expect(fx.fetchToken).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(fx.fetchToken).toHaveBeenCalledTimes(1);
  });

  it('checks at most once per 2000 ms', async () => {
    const fx = effects();
    const schedule = new TokenSchedule(fx);
    await schedule.check();
    await schedule.check();
    await vi.advanceTimersByTimeAsync(1999);
    await schedule.check();
    expect(fx.fetchToken).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    await schedule.check();
    expect(fx.fetchToken).toHaveBeenCalledTimes(2);
  });

  it('refreshes when fewer than five minutes remain, not before', async () => {
    const fx = effects({ fetchToken: vi.fn(async () => expiresIn(TOKEN_REFRESH_THRESHOLD_MS + 2000)) });
    const schedule = new TokenSchedule(fx);
    await schedule.check();
    expect(fx.refresh).not.toHaveBeenCalled();
    fx.fetchToken.mockImplementation(async () => expiresIn(TOKEN_REFRESH_THRESHOLD_MS - 1000));
    await vi.advanceTimersByTimeAsync(TOKEN_CHECK_MIN_INTERVAL_MS);
    await schedule.check();
    expect(fx.refresh).toHaveBeenCalledTimes(1);
    expect(fx.onRefreshed).toHaveBeenCalledTimes(1);
  });

  it('retries the token call once, 500 ms later', async () => {
    const fx = effects();
    fx.fetchToken.mockRejectedValueOnce(new Error('network')).mockResolvedValueOnce(expiresIn(60_000));
    const schedule = new TokenSchedule(fx);
    const checking = schedule.check();
    await vi.advanceTimersByTimeAsync(TOKEN_FETCH_RETRY_DELAY_MS - 1);
    expect(fx.fetchToken).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    await checking;
    expect(fx.fetchToken).toHaveBeenCalledTimes(2);
    expect(fx.refresh).toHaveBeenCalledTimes(1);
  });

  it('logs a failed check and treats it as no refresh needed', async () => {
    const fx = effects({ fetchToken: vi.fn(async () => Promise.reject(new Error('down'))) });
    const schedule = new TokenSchedule(fx);
    const checking = schedule.check();
    await vi.advanceTimersByTimeAsync(TOKEN_FETCH_RETRY_DELAY_MS);
    await checking;
    expect(fx.fetchToken).toHaveBeenCalledTimes(2);
    expect(fx.log).toHaveBeenCalledWith('Token check failed', expect.any(Error));
    expect(fx.refresh).not.toHaveBeenCalled();
    expect(fx.onRefreshFailed).not.toHaveBeenCalled();
  });

  it('refreshes an ended session of a signed-in client, not of a visitor', async () => {
    const fx = effects({ fetchToken: vi.fn(async () => ({ kind: 'unauthenticated' }) as const) });
    await new TokenSchedule(fx).check();
    expect(fx.refresh).toHaveBeenCalledTimes(1);
    const visitor = effects({
      fetchToken: vi.fn(async () => ({ kind: 'unauthenticated' }) as const),
      isAuthenticated: vi.fn(() => false),
    });
    await new TokenSchedule(visitor).check();
    expect(visitor.refresh).not.toHaveBeenCalled();
  });

  it('runs one refresh at a time and holds requests until it is done', async () => {
    let finish: (ok: boolean) => void = () => {};
    const fx = effects({ refresh: vi.fn(() => new Promise<boolean>((resolve) => (finish = resolve))) });
    const schedule = new TokenSchedule(fx);
    const first = schedule.refresh();
    const second = schedule.refresh();
    expect(fx.refresh).toHaveBeenCalledTimes(1);
    expect(schedule.isRefreshing).toBe(true);
    let released = false;
    const request = schedule.beforeRequest().then(() => {
      released = true;
    });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(released).toBe(false);
    finish(true);
    await Promise.all([first, second, request]);
    expect(released).toBe(true);
    expect(schedule.isRefreshing).toBe(false);
  });

  it("logs 'Token refresh failed' and hands over to sign-in when the refresh fails", async () => {
    const fx = effects({ refresh: vi.fn(async () => false) });
    expect(await new TokenSchedule(fx).refresh()).toBe(false);
    expect(fx.log).toHaveBeenCalledWith('Token refresh failed');
    expect(fx.onRefreshFailed).toHaveBeenCalledTimes(1);
    const throwing = effects({ refresh: vi.fn(async () => Promise.reject(new Error('offline'))) });
    await new TokenSchedule(throwing).refresh();
    expect(throwing.log).toHaveBeenCalledWith('Token refresh failed', expect.any(Error));
    expect(throwing.onRefreshFailed).toHaveBeenCalledTimes(1);
  });

  it('checks before a request only for a signed-in client', async () => {
    const visitor = effects({ isAuthenticated: vi.fn(() => false) });
    await new TokenSchedule(visitor).beforeRequest();
    expect(visitor.fetchToken).not.toHaveBeenCalled();
    const member = effects();
    await new TokenSchedule(member).beforeRequest();
    expect(member.fetchToken).toHaveBeenCalledTimes(1);
  });
});
