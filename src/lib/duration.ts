/**
 * A length of time as a person says it: whole minutes under an hour, whole hours under two
 * days, else whole days, each rounded down ("3 h" is at least three hours), never below one
 * minute. The desk's waiting time and the dashboard's delays read it (decision 052); the words
 * are in the `quoteQueue` namespace (`waiting.minute`, `.hour`, `.day`, with plurals).
 */
export type DurationUnit = 'minute' | 'hour' | 'day';
export interface RoundedDuration {
  unit: DurationUnit;
  count: number;
}

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

export function roundedDuration(ms: number): RoundedDuration {
  const elapsed = Math.max(0, ms);
  if (elapsed < HOUR_MS) return { unit: 'minute', count: Math.max(1, Math.floor(elapsed / MINUTE_MS)) };
  if (elapsed < 2 * DAY_MS) return { unit: 'hour', count: Math.floor(elapsed / HOUR_MS) };
  return { unit: 'day', count: Math.floor(elapsed / DAY_MS) };
}

/** The duration in words through a `t` of the `quoteQueue` namespace: "3 h", « 2 jours ». */
export function durationText(
  duration: RoundedDuration,
  t: (key: string, options: { count: number }) => string,
): string {
  return t(`waiting.${duration.unit}`, { count: duration.count });
}
