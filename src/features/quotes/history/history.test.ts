import { describe, expect, it } from 'vitest';
import { pageWindow, readHistoryQuery } from './history.ts';

describe('quote history paging', () => {
  it('reads page and size from the query string, with 10 per page by default', () => {
    expect(readHistoryQuery(new URLSearchParams(''))).toEqual({ page: 1, size: 10 });
    expect(readHistoryQuery(new URLSearchParams('page=3&size=25'))).toEqual({ page: 3, size: 25 });
    for (const size of [5, 10, 25, 50, 100]) {
      expect(readHistoryQuery(new URLSearchParams(`size=${size}`)).size).toBe(size);
    }
  });

  it('falls back on anything it cannot use', () => {
    expect(readHistoryQuery(new URLSearchParams('page=0&size=7'))).toEqual({ page: 1, size: 10 });
    expect(readHistoryQuery(new URLSearchParams('page=two&size=1000'))).toEqual({ page: 1, size: 10 });
    expect(readHistoryQuery(new URLSearchParams('page=2.5'))).toEqual({ page: 1, size: 10 });
  });

  it('offers the first and last pages and two either side of the current one', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(1, 4)).toEqual([1, 2, 3, 4]);
    expect(pageWindow(6, 12)).toEqual([1, 'gap', 4, 5, 6, 7, 8, 'gap', 12]);
    expect(pageWindow(12, 12)).toEqual([1, 'gap', 10, 11, 12]);
  });
});
