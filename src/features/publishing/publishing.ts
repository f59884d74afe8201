import type { SiteBuildKind, SiteBuildState, SiteBuildTarget } from '../../lib/db/schema.ts';

/**
 * Publishing admin changes to the prerendered site (issue 11, docs/decisions/028-publishing.md).
 * Safe on both sides.
 */
export interface SiteBuild {
  id: number;
  target: SiteBuildTarget;
  state: SiteBuildState;
  requestedAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  /** Milliseconds from start to finish, once finished. */
  durationMs: number | null;
  buildId: string | null;
  products: number | null;
  error: string | null;
  /** Full build or incremental (only the pages an edit touched); null until known, and on Vercel. */
  kind: SiteBuildKind | null;
  /** Pages an incremental publish rendered again. */
  pages: number | null;
}

export interface PublishStatus {
  /** How changes are published here: a local build, Vercel's revalidation (ISR) or deploy hook, or not at all. */
  mode: 'local' | 'vercel' | 'vercel-isr' | 'none';
  /** The newest build first: the one running or queued, then the last finished. */
  builds: SiteBuild[];
}

/** Stored as the reason of a local build its server never finished (stopped, restarted). */
export const ABANDONED_BUILD = 'The server stopped before this build finished; nothing was changed.';

/**
 * What went wrong, in words the staff's page can say in its own language: the stored reason is
 * technical (a build's log, a deploy hook's answer) and stays in English for whoever supports
 * the store. A server stopped mid-build; the build itself failed; the host refused the deploy.
 */
export type PublishFailure = 'abandoned' | 'build' | 'deploy';

export function publishFailure(build: Pick<SiteBuild, 'target' | 'error'>): PublishFailure {
  if (build.error === ABANDONED_BUILD) return 'abandoned';
  return build.target === 'local' ? 'build' : 'deploy';
}

/** While a build is running or queued, the admin polls its status. */
export const STATUS_POLL_MS = 2_000;

export function isSettled(build: Pick<SiteBuild, 'state'> | undefined): boolean {
  return !build || build.state === 'succeeded' || build.state === 'failed' || build.state === 'requested';
}

/** "0.8 s", "42 s", "1 min 5 s" — the build's duration for the status line. */
export function formatDuration(ms: number, locale: 'en' | 'fr'): string {
  // An incremental publish takes a second or two: tenths say more than "1 s".
  if (ms < 9_950) {
    const tenths = (Math.max(0, Math.round(ms / 100)) / 10).toFixed(1);
    return `${locale === 'fr' ? tenths.replace('.', ',') : tenths}${locale === 'fr' ? '\u00a0s' : ' s'}`;
  }
  const seconds = Math.max(0, Math.round(ms / 1000));
  const minutes = Math.floor(seconds / 60);
  const rest = seconds % 60;
  const s = locale === 'fr' ? '\u00a0s' : ' s';
  const min = locale === 'fr' ? '\u00a0min' : ' min';
  return minutes > 0 ? `${minutes}${min} ${rest}${s}` : `${rest}${s}`;
}

/** Fired in the page after an admin change, so the publish panel shows the build at once. */
export const PUBLISH_REQUESTED_EVENT = 'nursery:publish-requested';
