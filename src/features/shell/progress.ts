/**
 * The navigation progress bar's timing (spec §9): it appears only when a navigation takes
 * longer than the throttle, creeps towards the end over the duration, and after the page
 * is shown it fills, hides after the hide delay and resets after the reset delay.
 */
export const PROGRESS = {
  durationMs: 2000,
  throttleMs: 200,
  hideDelayMs: 500,
  resetDelayMs: 400,
  heightPx: 3,
  colour: '#2c431d',
} as const;

/** Share of the bar filled `elapsed` ms into a navigation: eases to 90 % at the duration. */
export function progressAt(elapsedMs: number): number {
  if (elapsedMs <= PROGRESS.throttleMs) return 0;
  const t = Math.min((elapsedMs - PROGRESS.throttleMs) / PROGRESS.durationMs, 1);
  return 0.9 * (1 - (1 - t) ** 3);
}
