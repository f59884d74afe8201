import { z } from 'zod';
import type { Fulfilment, Role } from '../../lib/db/schema.ts';

/**
 * The dashboard's date range and the shape of its figures, safe on both sides. Dates are the
 * nursery's calendar days (America/Toronto); the range includes both ends.
 */

export const DEFAULT_RANGE_DAYS = 90;
/** Users who signed in within this many days of the range's end are active. */
export const ACTIVE_USER_DAYS = 30;
export const TOP_CUSTOMERS = 5;
const MAX_RANGE_DAYS = 3 * 366;
const DAY_MS = 86_400_000;

export const TIME_ZONE = 'America/Toronto';

/** The calendar day of a moment at the nursery, as YYYY-MM-DD. */
export function torontoDay(moment: Date): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(moment);
}

function addDays(isoDate: string, days: number): string {
  return new Date(Date.parse(`${isoDate}T12:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

export interface DashboardRange {
  from: string;
  to: string;
}

/** The last 90 days, today included. */
export function defaultRange(now = new Date()): DashboardRange {
  const to = torontoDay(now);
  return { from: addDays(to, -(DEFAULT_RANGE_DAYS - 1)), to };
}

export const DashboardRangeSchema = z
  .object({ from: z.iso.date(), to: z.iso.date() })
  .refine((range) => range.from <= range.to, { path: ['to'], error: 'from_after_to' })
  .refine((range) => (Date.parse(range.to) - Date.parse(range.from)) / DAY_MS < MAX_RANGE_DAYS, {
    path: ['from'],
    error: 'range_too_long',
  });

/**
 * The range in a query string: both dates when valid, else the default. Returns whether the
 * asked-for range was refused, so the page can say so.
 */
export function parseRange(params: URLSearchParams, now = new Date()): { range: DashboardRange; refused: boolean } {
  const from = params.get('from');
  const to = params.get('to');
  if (!from && !to) return { range: defaultRange(now), refused: false };
  const parsed = DashboardRangeSchema.safeParse({ from, to });
  return parsed.success ? { range: parsed.data, refused: false } : { range: defaultRange(now), refused: true };
}

/** How a quote of the period ended (decision 052): answered whole, in part, declined, or left to expire. */
export const QUOTE_OUTCOMES = ['accepted', 'partial', 'declined', 'expired'] as const;
export type QuoteOutcome = (typeof QUOTE_OUTCOMES)[number];

export interface CustomerFigure {
  userId: string;
  name: string;
  email: string;
  companyName: string | null;
  requests: number;
  volumeCents: number;
}

export interface DashboardData {
  range: DashboardRange;
  totalQuoteRequests: number;
  /** Value of the range's requests at their quoted prices where priced, else their estimated total. */
  totalVolumeCents: number;
  activeUsers: number;
  /** New users per week (weeks start on Monday), and how many users there were at each week's end. */
  userGrowth: { week: string; newUsers: number; totalUsers: number }[];
  /** Users by role, as of the range's end. */
  roles: { role: Role; users: number }[];
  fulfilment: { fulfilment: Fulfilment; requests: number }[];
  topCustomersByCount: CustomerFigure[];
  topCustomersByVolume: CustomerFigure[];
  /** Requests from customers with a linked in-house account compared with those without. */
  inHouse: { linked: boolean; customers: number; requests: number; volumeCents: number }[];
  /** The median time from a request of the range to its first version, over those that have one. */
  firstVersion: { requests: number; medianMs: number | null };
  /** Versions answered in the range by outcome, and versions that expired in it. */
  outcomes: { outcome: QuoteOutcome; versions: number }[];
}

/** A label as lines of at most `width` characters, broken between words (a longer word keeps its own line). */
export function wrapWords(label: string, width: number): string[] {
  const lines: string[] = [];
  for (const word of label.split(/\s+/).filter(Boolean)) {
    const last = lines.at(-1);
    if (last !== undefined && last.length + 1 + word.length <= width) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines;
}
