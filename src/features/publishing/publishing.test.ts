import { describe, expect, it } from 'vitest';
import { formatDuration, isSettled } from './publishing.ts';

describe('publish status', () => {
  it('says how long a build took in each language', () => {
    expect(formatDuration(42_400, 'en')).toBe('42 s');
    expect(formatDuration(65_000, 'en')).toBe('1 min 5 s');
    expect(formatDuration(65_000, 'fr')).toBe('1\u00a0min 5\u00a0s');
    expect(formatDuration(840, 'en')).toBe('0.8 s');
    expect(formatDuration(1_260, 'fr')).toBe('1,3\u00a0s');
  });
  it('polls only while a build is queued or running', () => {
    expect(isSettled(undefined)).toBe(true);
    expect(isSettled({ state: 'running' })).toBe(false);
    expect(isSettled({ state: 'queued' })).toBe(false);
    expect(isSettled({ state: 'failed' })).toBe(true);
    expect(isSettled({ state: 'requested' })).toBe(true);
  });
});
