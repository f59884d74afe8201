import { describe, expect, it } from 'vitest';
import { canSendQuote, canTransition, QUOTE_STATUSES, staffStatusChoices } from './workflow.ts';

describe('quote status transitions', () => {
  it('allows exactly the desk’s moves and the customer’s answer', () => {
    const allowed = QUOTE_STATUSES.flatMap((from) =>
      QUOTE_STATUSES.flatMap((to) =>
        (['staff', 'customer'] as const)
          .filter((actor) => canTransition(from, to, actor))
          .map((actor) => `${from}→${to}:${actor}`),
      ),
    );
    expect(allowed.sort()).toEqual(
      [
        'submitted→in_review:staff',
        'submitted→cancelled:staff',
        'in_review→quoted:staff',
        'in_review→cancelled:staff',
        'quoted→approved:customer',
        'quoted→cancelled:customer',
        'quoted→cancelled:staff',
        'quoted→in_review:staff',
        'quoted→in_review:customer',
      ].sort(),
    );
  });

  it('never lets staff approve, nor anyone approve before a quote was sent', () => {
    for (const from of QUOTE_STATUSES) expect(canTransition(from, 'approved', 'staff')).toBe(false);
    for (const from of ['submitted', 'in_review', 'approved', 'cancelled'] as const) {
      expect(canTransition(from, 'approved', 'customer'), from).toBe(false);
    }
  });

  it('offers the desk its buttons, and pricing only in review', () => {
    expect(staffStatusChoices('submitted')).toEqual(['in_review', 'cancelled']);
    expect(staffStatusChoices('quoted')).toEqual(['in_review', 'cancelled']);
    expect(staffStatusChoices('approved')).toEqual([]);
    expect(QUOTE_STATUSES.filter(canSendQuote)).toEqual(['in_review']);
  });
});
