import { describe, expect, it } from 'vitest';
import { parseId } from '../ids.ts';
import { MAX_PATH_LENGTH, pathProblem, withoutTrailingSlash } from './paths.ts';

describe('pathProblem', () => {
  it('lets ordinary paths through, encoded or not', () => {
    for (const path of ['/', '/fr/browse/arbres', '/search', '/product/%C3%A9rable', '/a%20b']) {
      expect(pathProblem(path), path).toBeUndefined();
    }
  });

  it('refuses %00 and other control characters, malformed encodings, and over-long paths', () => {
    expect(pathProblem('/%00')?.status).toBe(400);
    expect(pathProblem('/fr/%0d%0aSet-Cookie:x')?.reason).toBe('control_character');
    expect(pathProblem('/browse/%E0%A4%A')?.reason).toBe('malformed_encoding');
    expect(pathProblem('/%')?.status).toBe(400);
    expect(pathProblem('/%zz')?.status).toBe(400);
    expect(pathProblem(`/${'a'.repeat(MAX_PATH_LENGTH)}`)?.status).toBe(414);
  });
});

describe('parseId', () => {
  it('reads plain decimal ids a PostgreSQL integer holds, and nothing else', () => {
    expect(parseId('1')).toBe(1);
    expect(parseId('2147483647')).toBe(2147483647);
    for (const value of [
      '2147483648',
      '99999999999',
      '0',
      '-1',
      '1e3',
      '0x10',
      '01',
      ' 1',
      '1.0',
      'abc',
      '',
      null,
      undefined,
    ]) {
      expect(parseId(value), String(value)).toBeUndefined();
    }
  });
});

describe('withoutTrailingSlash', () => {
  it('drops the slashes a path ends with, and keeps the root', () => {
    expect(withoutTrailingSlash('/no-such-page/')).toBe('/no-such-page');
    expect(withoutTrailingSlash('/fr/browse/nope//')).toBe('/fr/browse/nope');
    expect(withoutTrailingSlash('/a/b')).toBe('/a/b');
    expect(withoutTrailingSlash('/')).toBe('/');
  });
});
