/**
 * Values an attacker might put where a redirect target is read from a request: dot
 * segments, encodings, backslashes, control characters and Unicode look-alikes of `/`.
 * Shared by the unit fuzz test and the browser check in the end-to-end suite.
 */

/** A small deterministic generator (mulberry32), so a failure can be replayed. */
export function random(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SLASHES = ['/', '\\', '%2f', '%2F', '%5c', '%5C', '%252f', '\uff0f', '\u2215', '\u2044', '\u29f8', '\u3033'];
const DOTS = ['.', '..', '%2e', '%2E', '%2e%2e', '.%2e', '%2e.', '%252e', '\uff0e', '。'];
const NOISE = ['\t', '\n', '\r', ' ', '\u0000', '\u000b', '\u007f', '\u00a0', '\u200b', '\ufeff', '@', ':', '#', '?'];
const HOSTS = [
  'evil.example',
  'evil.example:443',
  'user:pass@evil.example',
  '127.0.0.1',
  '[::1]',
  'xn--e1afmkfd',
  'évil.example',
];
const SCHEMES = ['', '', '', 'https:', 'http:', 'javascript:', 'data:', 'HTTPS:', 'jav\tascript:', ' https:'];

export function generateRedirectValues(next: () => number, count: number): string[] {
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)] as T;
  const parts = [SLASHES, SLASHES, DOTS, NOISE, HOSTS, ['fr', 'cart', 'auth', 'sign-in', '']];
  const inputs: string[] = [];
  for (let i = 0; i < count; i++) {
    let value = pick(SCHEMES);
    const length = 1 + Math.floor(next() * 8);
    for (let j = 0; j < length; j++) value += pick(pick(parts));
    if (next() < 0.5) value = `/${value}`;
    if (next() < 0.3) value += `?next=${pick(HOSTS)}#${pick(DOTS)}`;
    inputs.push(value);
  }
  return inputs;
}
