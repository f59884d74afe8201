import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatLength } from './format.ts';

describe('formatLength', () => {
  it('gives metres from one metre up and centimetres below, as the locale writes them', () => {
    expect(formatLength(2500, 'en')).toBe('25\u00a0m');
    expect(formatLength(150, 'en')).toBe('1.5\u00a0m');
    expect(formatLength(150, 'fr')).toBe('1,5\u00a0m');
    expect(formatLength(175, 'fr')).toBe('1,75\u00a0m');
    expect(formatLength(100, 'fr')).toBe('1\u00a0m');
    expect(formatLength(60, 'en')).toBe('60\u00a0cm');
    expect(formatLength(60, 'fr')).toBe('60\u00a0cm');
  });
});

describe('formatDate', () => {
  it('writes the first of the month as « 1er » in French, and leaves other days and English alone', () => {
    expect(formatDate('2020-01-01T12:00:00Z', 'fr')).toBe('1er janvier 2020');
    expect(formatDate('2020-01-01T12:00:00Z', 'fr', 'medium')).toBe('1er janv. 2020');
    expect(formatDate('2020-01-11T12:00:00Z', 'fr')).toBe('11 janvier 2020');
    expect(formatDate('2020-01-21T12:00:00Z', 'fr')).toBe('21 janvier 2020');
    expect(formatDate('2020-01-01T12:00:00Z', 'en')).toBe('January 1, 2020');
  });
});

describe('formatDateTime', () => {
  it('writes « 1er » and an hour without a leading zero in French, at the nursery’s time', () => {
    expect(formatDateTime(new Date('2026-03-01T14:05:00Z'), 'fr')).toBe('1er mars 2026, 9\u00a0h\u00a005');
    expect(formatDateTime('2026-03-11T19:30:00Z', 'fr')).toBe('11 mars 2026, 15\u00a0h\u00a030');
    expect(formatDateTime(new Date('2026-03-01T14:05:00Z'), 'en')).toBe('Mar 1, 2026, 9:05 a.m.');
  });
});
