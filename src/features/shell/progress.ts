/**
 * The navigation progress bar (spec §9, colour #2c431d in global.css): it appears only when
 * a navigation takes longer than the throttle, creeps towards the end over the duration
 * without reaching it, and once the page is shown it fills, hides after the hide delay and
 * empties after the reset delay.
 */
export const PROGRESS = {
  durationMs: 2000,
  throttleMs: 200,
  hideDelayMs: 500,
  resetDelayMs: 400,
} as const;

/** Share of the bar filled `elapsed` ms into a navigation: eases to 90 % at the duration. */
export function progressAt(elapsedMs: number): number {
  if (elapsedMs <= PROGRESS.throttleMs) return 0;
  const t = Math.min((elapsedMs - PROGRESS.throttleMs) / PROGRESS.durationMs, 1);
  return 0.9 * (1 - (1 - t) ** 3);
}

export interface ProgressBarElement {
  style: { opacity: string; transform: string };
}

export interface ProgressClock {
  now(): number;
  frame(callback: () => void): number;
  cancelFrame(id: number): void;
  later(callback: () => void, ms: number): void;
}

const browserClock: ProgressClock = {
  now: () => performance.now(),
  frame: (callback) => requestAnimationFrame(callback),
  cancelFrame: (id) => cancelAnimationFrame(id),
  later: (callback, ms) => void setTimeout(callback, ms),
};

/** Drives the bar: `start` when a navigation begins, `finish` when the page is shown. */
export function navigationProgress(bar: ProgressBarElement, clock: ProgressClock = browserClock) {
  let started = 0;
  let frame = 0;
  const tick = () => {
    const share = progressAt(clock.now() - started);
    bar.style.opacity = share > 0 ? '1' : '0';
    bar.style.transform = `scaleX(${share})`;
    frame = clock.frame(tick);
  };
  return {
    start(): void {
      clock.cancelFrame(frame);
      started = clock.now();
      frame = clock.frame(tick);
    },
    finish(): void {
      clock.cancelFrame(frame);
      if (bar.style.opacity !== '1') return;
      bar.style.transform = 'scaleX(1)';
      clock.later(() => {
        bar.style.opacity = '0';
        clock.later(() => {
          bar.style.transform = 'scaleX(0)';
        }, PROGRESS.resetDelayMs);
      }, PROGRESS.hideDelayMs);
    },
  };
}
