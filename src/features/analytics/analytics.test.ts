import { describe, expect, it } from 'vitest';
import { ANALYTICS_CONFIG, analyticsEnabled } from './analytics.ts';

describe('analytics', () => {
  it('loads only with a key and never in tests', () => {
    expect(analyticsEnabled(undefined, 'production')).toBe(false);
    expect(analyticsEnabled('phc_key', 'test')).toBe(false);
    expect(analyticsEnabled('phc_key', 'production')).toBe(true);
  });

  it('uses the spec settings', () => {
    expect(ANALYTICS_CONFIG.request_queue_config.flush_interval_ms).toBe(3000);
    expect(ANALYTICS_CONFIG.rate_limiting.events_per_second).toBe(10);
    expect(ANALYTICS_CONFIG.session_idle_timeout_seconds).toBe(1800);
    expect(ANALYTICS_CONFIG.cookie_expiration).toBe(365);
  });
});
