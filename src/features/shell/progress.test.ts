import { describe, expect, it } from 'vitest';
import { navigationProgress, type ProgressClock, progressAt } from './progress.ts';

/** A clock the test moves by hand: frames every 16 ms, timers when their time comes. */
function manualClock() {
  let now = 0;
  let nextId = 1;
  const frames = new Map<number, () => void>();
  const timers: { at: number; callback: () => void }[] = [];
  const clock: ProgressClock = {
    now: () => now,
    frame(callback) {
      const id = nextId++;
      frames.set(id, callback);
      return id;
    },
    cancelFrame: (id) => void frames.delete(id),
    later: (callback, ms) => void timers.push({ at: now + ms, callback }),
  };
  function advance(ms: number) {
    const end = now + ms;
    while (now < end) {
      now = Math.min(now + 16, end);
      const due = [...frames.values()];
      frames.clear();
      for (const callback of due) callback();
      for (const timer of timers.filter((t) => t.at <= now)) {
        timers.splice(timers.indexOf(timer), 1);
        timer.callback();
      }
    }
  }
  return { clock, advance };
}

function scale(bar: { style: { transform: string } }): number {
  return Number(/scaleX\(([\d.e-]+)\)/.exec(bar.style.transform)?.[1] ?? Number.NaN);
}

function setup() {
  const bar = { style: { opacity: '0', transform: 'scaleX(0)' } };
  const { clock, advance } = manualClock();
  return { bar, advance, progress: navigationProgress(bar, clock) };
}

describe('navigation progress bar', () => {
  it('never shows for a navigation that ends within the first 200 ms', () => {
    const { bar, advance, progress } = setup();
    progress.start();
    advance(190);
    expect(bar.style.opacity).toBe('0');
    progress.finish();
    expect(bar.style).toEqual({ opacity: '0', transform: 'scaleX(0)' });
    advance(5000);
    expect(bar.style).toEqual({ opacity: '0', transform: 'scaleX(0)' });
  });

  it('shows for a slow navigation and creeps on without ever reaching the end', () => {
    const { bar, advance, progress } = setup();
    progress.start();
    advance(300);
    expect(bar.style.opacity).toBe('1');
    const early = scale(bar);
    advance(700);
    const later = scale(bar);
    advance(60_000);
    const stalled = scale(bar);
    expect(early).toBeGreaterThan(0);
    expect(later).toBeGreaterThan(early);
    expect(stalled).toBeGreaterThan(later);
    expect(stalled).toBeLessThan(1);
  });

  it('fills when the page is shown, stays while the fill is seen, then hides, then empties', () => {
    const { bar, advance, progress } = setup();
    progress.start();
    advance(1000);
    progress.finish();
    expect(bar.style).toEqual({ opacity: '1', transform: 'scaleX(1)' });
    advance(400);
    expect(bar.style.opacity).toBe('1');
    advance(200);
    expect(bar.style).toEqual({ opacity: '0', transform: 'scaleX(1)' });
    advance(500);
    expect(bar.style).toEqual({ opacity: '0', transform: 'scaleX(0)' });
    // Stopped: time passing moves it no more.
    advance(5000);
    expect(bar.style).toEqual({ opacity: '0', transform: 'scaleX(0)' });
  });

  it('starts over for a second navigation', () => {
    const { bar, advance, progress } = setup();
    progress.start();
    advance(1500);
    const first = scale(bar);
    progress.start();
    advance(100);
    expect(bar.style.opacity).toBe('0');
    advance(200);
    expect(scale(bar)).toBeLessThan(first);
  });

  it('grows steadily until the duration has passed, then holds at nine tenths', () => {
    for (let ms = 250; ms <= 2200; ms += 250) expect(progressAt(ms)).toBeGreaterThan(progressAt(ms - 250));
    expect(progressAt(2200)).toBeCloseTo(0.9);
    expect(progressAt(10_000)).toBe(progressAt(2200));
  });
});
