import { describe, expect, it } from 'vitest';
import { requestTime, TEST_NOW_HEADER } from './request-time.ts';

const at = (value?: string) =>
  new Request('https://shop.example/quotes/answer/x', {
    headers: value === undefined ? {} : { [TEST_NOW_HEADER]: value },
  });

describe('requestTime', () => {
  it('is the clock’s time unless the test suite names another, and only under APP_ENV=test', () => {
    const before = Date.now();
    expect(requestTime(at('2030-01-01T12:00:00Z'), 'test').toISOString()).toBe('2030-01-01T12:00:00.000Z');
    for (const appEnv of ['production', 'development'] as const) {
      expect(requestTime(at('2030-01-01T12:00:00Z'), appEnv).getTime()).toBeGreaterThanOrEqual(before);
      expect(requestTime(at('2030-01-01T12:00:00Z'), appEnv).getFullYear()).toBeLessThan(2030);
    }
    expect(requestTime(at(), 'test').getTime()).toBeGreaterThanOrEqual(before);
    expect(requestTime(at('not a time'), 'test').getTime()).toBeGreaterThanOrEqual(before);
  });
});
