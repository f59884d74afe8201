/**
 * Input masks (spec §5): `#` a digit, `@` a letter, `*` a letter or a digit, `!` makes the
 * next character of the mask a literal; every other character of the mask is a literal the
 * mask writes itself. `@#@ #@#` is a Canadian postal code, `###-###-####` a phone number.
 *
 * Pure and DOM-free: `MaskedInput` uses it in the browser, the tests use it directly.
 */

export type MaskToken = { kind: 'slot'; accepts: (char: string) => boolean } | { kind: 'literal'; char: string };

const DIGIT = /^\d$/;
const LETTER = /^\p{L}$/u;

const SLOTS: Partial<Record<string, (char: string) => boolean>> = {
  '#': (char) => DIGIT.test(char),
  '@': (char) => LETTER.test(char),
  '*': (char) => DIGIT.test(char) || LETTER.test(char),
};

export function parseMask(mask: string): MaskToken[] {
  const tokens: MaskToken[] = [];
  for (let i = 0; i < mask.length; i++) {
    const char = mask[i] as string;
    if (char === '!') {
      const escaped = mask[i + 1];
      if (escaped === undefined) throw new Error(`Mask "${mask}" ends with an escape`);
      tokens.push({ kind: 'literal', char: escaped });
      i++;
    } else {
      const accepts = SLOTS[char];
      tokens.push(accepts ? { kind: 'slot', accepts } : { kind: 'literal', char });
    }
  }
  return tokens;
}

export interface MaskOptions {
  /** Letters are written in upper case (postal codes). */
  uppercase?: boolean;
  /**
   * How many characters at the start of the input are not part of the value and are set
   * aside before the mask is applied (a phone number's country code: `phoneCountryCodeLength`).
   */
  skipPrefix?: (input: string) => number;
}

export interface Masked {
  /** What the field shows. */
  value: string;
  /** How many characters of the input filled a slot. */
  filled: number;
  /** Every slot is filled. */
  complete: boolean;
}

/**
 * Fits what was typed or pasted into the mask: characters that fit the next slot fill it,
 * the mask's literals are written between them (a typed literal is taken as that literal),
 * anything else is dropped, and input past the last slot is cut off. Literals after the
 * last filled slot are not written, so deleting backwards across a dash works.
 */
export function applyMask(input: string, mask: string | MaskToken[], options: MaskOptions = {}): Masked {
  const tokens = typeof mask === 'string' ? parseMask(mask) : mask;
  const kept = input.slice(options.skipPrefix?.(input) ?? 0);
  const chars = [...(options.uppercase ? kept.toUpperCase() : kept)];
  let value = '';
  let pendingLiterals = '';
  let filled = 0;
  let position = 0;
  let tokenIndex = 0;
  while (tokenIndex < tokens.length && position < chars.length) {
    const token = tokens[tokenIndex] as MaskToken;
    const char = chars[position] as string;
    if (token.kind === 'literal') {
      pendingLiterals += token.char;
      if (char === token.char) position++;
      tokenIndex++;
      continue;
    }
    position++;
    if (token.accepts(char)) {
      value += pendingLiterals + char;
      pendingLiterals = '';
      filled++;
      tokenIndex++;
    }
  }
  const slots = tokens.filter((token) => token.kind === 'slot').length;
  return { value, filled, complete: filled === slots };
}

/** How many characters of `text` fill a slot of the mask (its significant characters). */
export function countFilled(text: string, mask: string | MaskToken[], options: MaskOptions = {}): number {
  return applyMask(text, mask, options).filled;
}

/** The caret position in a masked value just after its `filled`-th filled slot. */
export function caretAfterFilled(masked: string, mask: string | MaskToken[], filled: number): number {
  if (filled <= 0) return 0;
  const tokens = typeof mask === 'string' ? parseMask(mask) : mask;
  let seen = 0;
  for (let i = 0; i < masked.length && i < tokens.length; i++) {
    if (tokens[i]?.kind === 'slot') {
      seen++;
      if (seen === filled) return i + 1;
    }
  }
  return masked.length;
}

/**
 * A field's text after an edit, in the mask's shape, and where its caret goes: after the same
 * typed character as before the edit. The prefix is measured on the whole text, since a
 * country code is only recognised by the digits that follow it.
 */
export function maskEdit(
  text: string,
  caret: number,
  mask: string | MaskToken[],
  options: MaskOptions = {},
): { value: string; caret: number } {
  const tokens = typeof mask === 'string' ? parseMask(mask) : mask;
  const skipped = options.skipPrefix?.(text) ?? 0;
  const { value } = applyMask(text, tokens, options);
  const typedBeforeCaret = countFilled(text.slice(skipped, Math.max(skipped, caret)), tokens, {
    uppercase: options.uppercase,
  });
  return { value, caret: caretAfterFilled(value, tokens, typedBeforeCaret) };
}

/** A value already in the mask's complete shape. */
export function matchesMask(value: string, mask: string | MaskToken[]): boolean {
  const tokens = typeof mask === 'string' ? parseMask(mask) : mask;
  const chars = [...value];
  if (chars.length !== tokens.length) return false;
  return tokens.every((token, i) =>
    token.kind === 'literal' ? chars[i] === token.char : token.accepts(chars[i] as string),
  );
}

export const POSTAL_CODE_MASK = '@#@ #@#';
export const PHONE_MASK = '###-###-####';

/**
 * The length of the North American country code at the start of a phone number typed or
 * pasted whole ("+1 613 555 0177", "1-613-555-0177"): its 1 and what comes before it. A 1
 * followed by ten more digits can only be that code, as no area code starts with 1; with
 * fewer digits nothing is set aside, so ten-digit input is kept as typed.
 */
export function phoneCountryCodeLength(input: string): number {
  return /^\D*1(?=(?:\D*\d){10})/.exec(input)?.[0].length ?? 0;
}
