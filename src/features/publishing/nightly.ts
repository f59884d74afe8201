/**
 * The nightly consistency pass (issue 23, docs/decisions/050-incremental-publish.md): once a
 * night, at an hour of the nursery's clock, a full build of the whole catalogue, whatever the
 * incremental publishes of the day did. Pure scheduling: the clock and the timer are given.
 */

/** The nursery's clock (as dates elsewhere: lib/format.ts). */
export const NURSERY_TIME_ZONE = 'America/Toronto';

const HOUR_MS = 3_600_000;

/** The hour (0–23) and minute of an instant on a time zone's clock. */
function clockOf(at: Date, timeZone: string): { hour: number; minute: number } {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    hour: 'numeric',
    minute: 'numeric',
    hourCycle: 'h23',
  }).formatToParts(at);
  const part = (type: string) => Number(parts.find((one) => one.type === type)?.value ?? Number.NaN);
  return { hour: part('hour'), minute: part('minute') };
}

/**
 * The next instant after `now` at which the clock of `timeZone` shows `hour`:00. Looked for
 * hour by hour on the UTC hours (the nursery's zone is a whole number of hours from UTC): on
 * the night the clocks skip that hour, the next one is the night after.
 */
export function nextNightlyAt(now: Date, hour: number, timeZone = NURSERY_TIME_ZONE): Date {
  let at = new Date(Math.floor(now.getTime() / HOUR_MS) * HOUR_MS + HOUR_MS);
  for (let step = 0; step < 49; step++, at = new Date(at.getTime() + HOUR_MS)) {
    const clock = clockOf(at, timeZone);
    if (clock.hour === hour && clock.minute === 0) return at;
  }
  throw new Error(`No ${hour}:00 in ${timeZone} within two days of ${now.toISOString()}`);
}

export interface NightlyTimer {
  /** Runs `run` once after `ms`; returns what `cancel` takes. */
  set(run: () => void, ms: number): unknown;
  cancel(handle: unknown): void;
}

/** The process's own timer, which never keeps the process alive on its own. */
export const REAL_TIMER: NightlyTimer = {
  set(run, ms) {
    const handle = setTimeout(run, ms);
    handle.unref();
    return handle;
  },
  cancel: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/**
 * Runs `run` every night at `hour`:00 on the nursery's clock, until the returned function is
 * called. Each run's next time is worked out from the clock after it, so a slow run or a
 * change of daylight time never shifts the nights after.
 */
export function scheduleNightly(options: {
  hour: number;
  run: () => Promise<unknown> | undefined;
  now?: () => Date;
  timer?: NightlyTimer;
  timeZone?: string;
}): () => void {
  const { hour, run, now = () => new Date(), timer = REAL_TIMER, timeZone = NURSERY_TIME_ZONE } = options;
  let handle: unknown;
  let stopped = false;
  const arm = () => {
    if (stopped) return;
    const current = now();
    handle = timer.set(fire, nextNightlyAt(current, hour, timeZone).getTime() - current.getTime());
  };
  const fire = () => {
    Promise.resolve()
      .then(run)
      .catch(() => undefined)
      .finally(arm);
  };
  arm();
  return () => {
    stopped = true;
    timer.cancel(handle);
  };
}
