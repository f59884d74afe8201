export interface PhaseClock {
  /** Records the time since the last lap under `phase`. */
  lap(phase: string): void;
  /** Adds phases measured elsewhere (the render worker's, inside its round trip). */
  add(more: Record<string, number>): void;
  all(): Record<string, number>;
}

/** Where one publish's time goes, in whole milliseconds, for the log (decision 050's profile). */
export function phaseClock(): PhaseClock {
  const phases: Record<string, number> = {};
  let mark = performance.now();
  return {
    lap(phase) {
      const now = performance.now();
      phases[phase] = Math.round((phases[phase] ?? 0) + now - mark);
      mark = now;
    },
    add(more) {
      for (const [phase, ms] of Object.entries(more)) phases[phase] = Math.round((phases[phase] ?? 0) + ms);
    },
    all: () => ({ ...phases }),
  };
}
