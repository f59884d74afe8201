import { describe, expect, it } from 'vitest';
import { PROGRESS, progressAt } from './progress.ts';

describe('navigation progress', () => {
  it('uses the spec timings and colour', () => {
    expect(PROGRESS).toEqual({
      durationMs: 2000,
      throttleMs: 200,
      hideDelayMs: 500,
      resetDelayMs: 400,
      heightPx: 3,
      colour: '#2c431d',
    });
  });

  it('stays hidden for fast navigations, then grows without ever reaching the end', () => {
    expect(progressAt(0)).toBe(0);
    expect(progressAt(200)).toBe(0);
    const early = progressAt(400);
    const late = progressAt(2200);
    expect(early).toBeGreaterThan(0);
    expect(late).toBeGreaterThan(early);
    expect(progressAt(60_000)).toBeCloseTo(0.9);
  });
});
