import { describe, expect, it } from 'vitest';
import { getT } from '../../../lib/i18n/index.ts';
import { NBSP } from '../../../lib/i18n/typography.ts';
import { parseQuoteListQuery, quoteListSearch, toggleQueueFilter } from '../desk/desk.ts';
import { AssignOwnerSchema, DESK_TURN_STATUSES, waitingText, waitingTime, whoseTurn } from './queue.ts';

const at = (iso: string) => new Date(iso);
const NOW = at('2026-11-26T15:00:00Z');
const ago = (ms: number) => new Date(NOW.getTime() - ms);
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('whose turn', () => {
  it('is the desk’s for a new, reviewed or answered request, the customer’s for a sent quote', () => {
    expect(whoseTurn('submitted')).toBe('desk');
    expect(whoseTurn('in_review')).toBe('desk');
    expect(whoseTurn('approved')).toBe('desk');
    expect(whoseTurn('quoted')).toBe('customer');
    expect(whoseTurn('cancelled')).toBeNull();
    expect(DESK_TURN_STATUSES).toEqual(['submitted', 'in_review', 'approved']);
  });
});

describe('waiting time', () => {
  it('counts whole minutes, then whole hours under two days, then whole days', () => {
    expect(waitingTime(ago(0), NOW)).toEqual({ unit: 'minute', count: 1 });
    expect(waitingTime(ago(59 * MINUTE + 59_000), NOW)).toEqual({ unit: 'minute', count: 59 });
    expect(waitingTime(ago(HOUR), NOW)).toEqual({ unit: 'hour', count: 1 });
    expect(waitingTime(ago(3 * HOUR + 59 * MINUTE), NOW)).toEqual({ unit: 'hour', count: 3 });
    expect(waitingTime(ago(2 * DAY - 1), NOW)).toEqual({ unit: 'hour', count: 47 });
    expect(waitingTime(ago(2 * DAY), NOW)).toEqual({ unit: 'day', count: 2 });
    expect(waitingTime(ago(40 * DAY + 23 * HOUR), NOW)).toEqual({ unit: 'day', count: 40 });
  });
  it('waits one minute for a moment a little in the future (clocks apart)', () => {
    expect(waitingTime(at('2026-11-26T15:00:05Z'), NOW)).toEqual({ unit: 'minute', count: 1 });
  });
  it('reads in the staff member’s language', () => {
    const en = getT('en', 'quoteQueue');
    const fr = getT('fr', 'quoteQueue');
    expect(waitingText({ unit: 'hour', count: 3 }, en)).toBe(`3${NBSP}h`);
    expect(waitingText({ unit: 'day', count: 1 }, en)).toBe('1 day');
    expect(waitingText({ unit: 'minute', count: 1 }, en)).toBe('1 minute');
    expect(waitingText({ unit: 'day', count: 2 }, en)).toBe('2 days');
    expect(waitingText({ unit: 'day', count: 2 }, fr)).toBe('2 jours');
    expect(waitingText({ unit: 'day', count: 1 }, fr)).toBe('1 jour');
    expect(waitingText({ unit: 'minute', count: 12 }, fr)).toBe(`12${NBSP}min`);
  });
});

describe('the queue in the list’s query string', () => {
  it('parses its filters beside the others and sorts the desk’s turn by the longest wait', () => {
    const query = parseQuoteListQuery(new URLSearchParams('mine=1&turn=desk&expiring=yes&status=in_review'));
    expect(query).toMatchObject({ mine: '1', turn: 'desk', expiring: undefined, status: 'in_review' });
    expect(query.sort).toBe('waiting_desc');
    expect(quoteListSearch(query)).toBe('?status=in_review&mine=1&turn=desk');
    expect(quoteListSearch(query, { sort: 'submitted_desc' })).toBe(
      '?status=in_review&mine=1&turn=desk&sort=submitted_desc',
    );
    const chosen = parseQuoteListQuery(new URLSearchParams('turn=desk&sort=total_asc'));
    expect(chosen.sort).toBe('total_asc');
    expect(parseQuoteListQuery(new URLSearchParams('expiring=1')).sort).toBe('submitted_desc');
  });
});

describe('the queue’s links', () => {
  it('add or remove one filter, keep the others, and follow the default sort unless one was asked for', () => {
    const list = (search: string) => parseQuoteListQuery(new URLSearchParams(search));
    const link = (search: string, key: 'mine' | 'turn' | 'expiring', value: string) =>
      quoteListSearch(toggleQueueFilter(list(search), key, value, new URLSearchParams(search).has('sort')));
    expect(link('q=maple&page=3', 'mine', '1')).toBe('?q=maple&mine=1');
    expect(link('q=maple&mine=1', 'mine', '1')).toBe('?q=maple');
    expect(link('mine=1', 'turn', 'desk')).toBe('?mine=1&turn=desk');
    expect(toggleQueueFilter(list('mine=1'), 'turn', 'desk', false).sort).toBe('waiting_desc');
    expect(link('mine=1&turn=desk', 'turn', 'desk')).toBe('?mine=1');
    expect(link('turn=desk&sort=total_asc', 'turn', 'desk')).toBe('?sort=total_asc');
    expect(link('sort=total_asc', 'turn', 'desk')).toBe('?turn=desk&sort=total_asc');
    expect(link('expiring=1&status=quoted', 'expiring', '1')).toBe('?status=quoted');
  });
});

describe('the owner form', () => {
  it('takes me, a staff id or null, and nothing else', () => {
    expect(AssignOwnerSchema.safeParse({ assignee: 'me' }).success).toBe(true);
    expect(AssignOwnerSchema.safeParse({ assignee: null }).success).toBe(true);
    expect(AssignOwnerSchema.safeParse({ assignee: '0b7e3a52-6f1d-4c39-9a8e-2f4b7d1c5e90' }).success).toBe(true);
    expect(AssignOwnerSchema.safeParse({ assignee: 'everyone' }).success).toBe(false);
    expect(AssignOwnerSchema.safeParse({}).success).toBe(false);
  });
});
