import type { PostHogConfig } from 'posthog-js';

/** Analytics settings of spec §9 (posthog-js 1.282.0). */
export const ANALYTICS_CONFIG = {
  request_queue_config: { flush_interval_ms: 3000 },
  rate_limiting: { events_per_second: 10 },
  session_idle_timeout_seconds: 1800,
  cookie_expiration: 365,
  persistence: 'localStorage+cookie',
  capture_pageview: true,
  autocapture: false,
  disable_session_recording: true,
} satisfies Partial<PostHogConfig>;

/** Sessions end after 24 hours whatever the activity; posthog-js enforces this itself. */
export const ANALYTICS_MAX_SESSION_HOURS = 24;

/** Analytics load only with a key, and never in tests. */
export function analyticsEnabled(key: string | undefined, appEnv: string): key is string {
  return Boolean(key) && appEnv !== 'test';
}
