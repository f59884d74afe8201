import { fill } from './locale.ts';

/**
 * A message filled with its values, split around one of them: [before, after], so a page can
 * set that value apart (an account number kept on one line). The value must not start with a
 * vowel where the message elides before it (« de »). Not in locale.ts: that module is in the
 * shell chunk every page loads, and this one serves a few islands.
 */
export function fillAround(
  template: string,
  values: Record<string, string | number>,
  key: string,
): [before: string, after: string] {
  const [before = '', after = ''] = fill(template, { ...values, [key]: '\u0000' }).split('\u0000');
  return [before, after];
}
