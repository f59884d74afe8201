import { describe, expect, it } from 'vitest';
import { ApiError } from '../http/api.ts';
import { shownFieldErrors } from './use-submit.ts';

type Values = { name: string; description: string };

describe("the forms' shared submit block", () => {
  it("puts the server's message for a shown field under that field, in the server's order", () => {
    const refusal = new ApiError(422, 'invalid', 'Check the form', {
      fields: { description: 'Too long.', name: 'Must not be blank.', token: 'Bad token.' },
    });
    expect(shownFieldErrors<Values>(refusal, ['name', 'description'])).toEqual([
      ['description', 'Too long.'],
      ['name', 'Must not be blank.'],
    ]);
  });

  it('leaves a refusal without a shown field, and any other failure, to the form', () => {
    expect(shownFieldErrors<Values>(new ApiError(409, 'stale', 'Changed meanwhile'), ['name'])).toEqual([]);
    expect(
      shownFieldErrors<Values>(new ApiError(422, 'invalid', 'x', { fields: { token: 'Bad token.' } }), ['name']),
    ).toEqual([]);
    expect(shownFieldErrors<Values>(new TypeError('Failed to fetch'), ['name'])).toEqual([]);
  });
});
