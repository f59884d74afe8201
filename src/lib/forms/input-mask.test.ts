import { describe, expect, it } from 'vitest';
import {
  applyMask,
  caretAfterFilled,
  countFilled,
  maskEdit,
  matchesMask,
  PHONE_MASK,
  POSTAL_CODE_MASK,
  parseMask,
  phoneCountryCodeLength,
} from './input-mask.ts';

describe('input masks', () => {
  it('writes the phone mask as digits are typed, literals included', () => {
    expect(applyMask('9', PHONE_MASK).value).toBe('9');
    expect(applyMask('905', PHONE_MASK).value).toBe('905');
    expect(applyMask('9055', PHONE_MASK).value).toBe('905-5');
    expect(applyMask('9055550199', PHONE_MASK)).toEqual({ value: '905-555-0199', filled: 10, complete: true });
  });

  it('takes pasted text in any shape and drops what does not fit', () => {
    expect(applyMask('(905) 555-0199', PHONE_MASK).value).toBe('905-555-0199');
    expect(applyMask('905.555.0199 ext 4', PHONE_MASK).value).toBe('905-555-0199');
    expect(applyMask('abc', PHONE_MASK)).toEqual({ value: '', filled: 0, complete: false });
  });

  it('keeps a typed literal where the mask has it', () => {
    expect(applyMask('905-', PHONE_MASK).value).toBe('905');
    expect(applyMask('905-5', PHONE_MASK).value).toBe('905-5');
  });

  it('fits postal codes letter, digit, letter, space, and upper-cases them when asked', () => {
    expect(applyMask('k1a0b1', POSTAL_CODE_MASK, { uppercase: true })).toEqual({
      value: 'K1A 0B1',
      filled: 6,
      complete: true,
    });
    expect(applyMask('k1a0b1', POSTAL_CODE_MASK).value).toBe('k1a 0b1');
    // A digit where a letter belongs is dropped; the letter after it fills the slot.
    expect(applyMask('11A', POSTAL_CODE_MASK, { uppercase: true }).value).toBe('A');
    expect(applyMask('K1A 0B1 extra', POSTAL_CODE_MASK, { uppercase: true }).value).toBe('K1A 0B1');
  });

  it('accepts letters with accents as letters, and either kind in a * slot', () => {
    expect(applyMask('é', '@').value).toBe('é');
    expect(applyMask('a1-b2', '**-**')).toEqual({ value: 'a1-b2', filled: 4, complete: true });
    expect(applyMask('!', '*').value).toBe('');
  });

  it('treats ! as an escape, so mask characters can be literals', () => {
    expect(parseMask('!#!@!*!!')).toEqual([
      { kind: 'literal', char: '#' },
      { kind: 'literal', char: '@' },
      { kind: 'literal', char: '*' },
      { kind: 'literal', char: '!' },
    ]);
    expect(applyMask('12', '!###').value).toBe('#12');
    expect(() => parseMask('##!')).toThrow(/escape/);
  });

  it('finds the caret after the n-th filled slot', () => {
    expect(caretAfterFilled('905-555-0199', PHONE_MASK, 3)).toBe(3);
    expect(caretAfterFilled('905-555-0199', PHONE_MASK, 4)).toBe(5);
    expect(caretAfterFilled('905-5', PHONE_MASK, 0)).toBe(0);
    expect(caretAfterFilled('905-5', PHONE_MASK, 9)).toBe(5);
    expect(countFilled('905-5', PHONE_MASK)).toBe(4);
  });

  it('tells a complete value from one that is not', () => {
    expect(matchesMask('905-555-0199', PHONE_MASK)).toBe(true);
    expect(matchesMask('905-555-019', PHONE_MASK)).toBe(false);
    expect(matchesMask('9055550199', PHONE_MASK)).toBe(false);
    expect(matchesMask('K1A 0B1', POSTAL_CODE_MASK)).toBe(true);
    expect(matchesMask('K1A0B1', POSTAL_CODE_MASK)).toBe(false);
  });

  it('sets aside a North American country code before the phone mask', () => {
    const phone = { skipPrefix: phoneCountryCodeLength };
    for (const pasted of ['+1 613 555 0177', '16135550177', '1-613-555-0177', '+1 (613) 555-0177']) {
      expect(applyMask(pasted, PHONE_MASK, phone)).toEqual({ value: '613-555-0177', filled: 10, complete: true });
    }
    expect(applyMask('+1 613 555 0177 ext 4', PHONE_MASK, phone).value).toBe('613-555-0177');
    // Ten digits are a number without its country code, whatever they start with.
    expect(applyMask('613-555-0177', PHONE_MASK, phone).value).toBe('613-555-0177');
    expect(applyMask('1055550199', PHONE_MASK, phone).value).toBe('105-555-0199');
    expect(applyMask('1613', PHONE_MASK, phone).value).toBe('161-3');
  });

  it('keeps the caret after the same digit when a country code is set aside', () => {
    const phone = { skipPrefix: phoneCountryCodeLength };
    // Typed digit by digit: the eleventh digit shows the 1 was the country code.
    expect(maskEdit('161-355-50177', 13, PHONE_MASK, phone)).toEqual({ value: '613-555-0177', caret: 12 });
    expect(maskEdit('+1 613 555 0177', 15, PHONE_MASK, phone)).toEqual({ value: '613-555-0177', caret: 12 });
    // A 1 typed in front of a complete number is dropped, and the caret stays in front.
    expect(maskEdit('1613-555-0177', 1, PHONE_MASK, phone)).toEqual({ value: '613-555-0177', caret: 0 });
    expect(maskEdit('905-5550', 8, PHONE_MASK)).toEqual({ value: '905-555-0', caret: 9 });
    expect(maskEdit('9055-555', 4, PHONE_MASK)).toEqual({ value: '905-555-5', caret: 5 });
  });
});
