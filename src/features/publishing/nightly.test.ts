import { describe, expect, it } from 'vitest';
import { type NightlyTimer, nextNightlyAt, scheduleNightly } from './nightly.ts';

/** A timer that fires only when the test says so, and a clock the test moves. */
function fakeClock(start: string) {
  let now = new Date(start);
  const pending: { run: () => void; at: number; id: number }[] = [];
  let ids = 0;
  const timer: NightlyTimer = {
    set(run, ms) {
      const id = ++ids;
      pending.push({ run, at: now.getTime() + ms, id });
      return id;
    },
    cancel(handle) {
      const index = pending.findIndex((one) => one.id === handle);
      if (index >= 0) pending.splice(index, 1);
    },
  };
  return {
    timer,
    now: () => now,
    pending: () => pending.map((one) => new Date(one.at).toISOString()),
    /** Moves the clock to the next timer and fires it. */
    async fireNext() {
      const next = pending.shift();
      if (!next) throw new Error('no timer set');
      now = new Date(next.at);
      next.run();
      // Let the run's promise chain arm the next timer.
      for (let i = 0; i < 5; i++) await Promise.resolve();
    },
  };
}

describe('nightly publish schedule', () => {
  it('finds the next hour on the nursery clock, in winter and in summer time', () => {
    // 3:00 in Toronto is 08:00 UTC in winter (UTC−5), 07:00 UTC in summer (UTC−4).
    expect(nextNightlyAt(new Date('2026-01-10T12:00:00Z'), 3).toISOString()).toBe('2026-01-11T08:00:00.000Z');
    expect(nextNightlyAt(new Date('2026-07-10T06:59:59Z'), 3).toISOString()).toBe('2026-07-10T07:00:00.000Z');
    // Exactly at the hour: the next night, never the same instant again.
    expect(nextNightlyAt(new Date('2026-07-10T07:00:00Z'), 3).toISOString()).toBe('2026-07-11T07:00:00.000Z');
    expect(nextNightlyAt(new Date('2026-07-10T12:00:00Z'), 0).toISOString()).toBe('2026-07-11T04:00:00.000Z');
  });

  it('skips the night the clocks jump over that hour (2:00 on 8 March 2026 in Toronto)', () => {
    expect(nextNightlyAt(new Date('2026-03-08T05:00:00Z'), 2).toISOString()).toBe('2026-03-09T06:00:00.000Z');
  });

  it('runs once a night at that hour, across a change of time, until stopped', async () => {
    const clock = fakeClock('2026-10-30T12:00:00Z');
    const runs: string[] = [];
    const stop = scheduleNightly({
      hour: 3,
      run: async () => {
        runs.push(clock.now().toISOString());
      },
      now: clock.now,
      timer: clock.timer,
    });
    expect(clock.pending()).toEqual(['2026-10-31T07:00:00.000Z']);
    await clock.fireNext();
    await clock.fireNext();
    // Daylight time ends on 1 November 2026: 3:00 is then 08:00 UTC.
    await clock.fireNext();
    expect(runs).toEqual(['2026-10-31T07:00:00.000Z', '2026-11-01T08:00:00.000Z', '2026-11-02T08:00:00.000Z']);
    expect(clock.pending()).toEqual(['2026-11-03T08:00:00.000Z']);
    stop();
    expect(clock.pending()).toEqual([]);
  });

  it('keeps its nights after a run that failed', async () => {
    const clock = fakeClock('2026-01-10T12:00:00Z');
    let calls = 0;
    scheduleNightly({
      hour: 3,
      run: async () => {
        calls += 1;
        throw new Error('the database is away');
      },
      now: clock.now,
      timer: clock.timer,
    });
    await clock.fireNext();
    expect(calls).toBe(1);
    expect(clock.pending()).toEqual(['2026-01-12T08:00:00.000Z']);
  });
});
