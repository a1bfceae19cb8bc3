import { z } from 'zod';

/**
 * The overview dashboards (issue 26, ADR 036): figures computed on the server from the areas' data, over one
 * date range the whole dashboard shares. A range is two days (`YYYY-MM-DD`, both included) in the viewer's
 * time zone (an IANA name): the server counts what happened between the start of `from` and the end of `to`
 * in that zone, buckets daily series by the viewer's days, and compares every figure with the previous
 * period of the same length (the days just before `from`).
 */

/** The longest range a dashboard asks for: two years (the "year" preset and a year select fit easily). */
export const OVERVIEW_RANGE_MAX_DAYS = 731;

const dayField = z
  .string({ error: 'validation.dateInvalid' })
  .max(10, 'validation.dateInvalid')
  .pipe(z.iso.date({ error: 'validation.dateInvalid' }));

/**
 * An IANA zone name (`Europe/Paris`, `UTC`, `America/Argentina/Buenos_Aires`) that this runtime knows. Offsets
 * (`+02:00`) and abbreviations are refused: PostgreSQL reads a bare offset with the POSIX sign, the opposite
 * of ISO 8601, so the same string would name two different zones on the two sides.
 */
export const timeZoneField = z
  .string({ error: 'validation.timeZoneInvalid' })
  .max(64, 'validation.timeZoneInvalid')
  .regex(/^[A-Za-z][A-Za-z0-9_+-]*(?:\/[A-Za-z0-9_+-]+){0,2}$/, 'validation.timeZoneInvalid')
  .refine(isKnownTimeZone, 'validation.timeZoneInvalid');

export function isKnownTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** Whole days from `from` to `to`, both included (1 when they are the same day). */
export function daysIn(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

/** `?from=&to=&tz=` of every overview request. */
export const overviewRangeQuery = z
  .object({ from: dayField, to: dayField, tz: timeZoneField })
  .refine((q) => q.from <= q.to, { message: 'validation.dateRangeInvalid', path: ['to'] })
  .refine((q) => q.from > q.to || daysIn(q.from, q.to) <= OVERVIEW_RANGE_MAX_DAYS, {
    message: 'validation.rangeTooLong',
    path: ['to'],
  });
export type OverviewRangeQuery = z.infer<typeof overviewRangeQuery>;

const day = z.iso.date();
const count = z.number().int().min(0);

/** One day of a series: the viewer's day and the figure on it. */
export const seriesPointSchema = z.object({ day, value: z.number() });
export type SeriesPoint = z.infer<typeof seriesPointSchema>;

/**
 * A figure over the range, the same figure over the previous period (for the change, which the client
 * computes), and its daily series over the range (a sparkline; every day of the range, zeros included).
 */
export const trendFigureSchema = z.object({
  value: z.number(),
  previous: z.number(),
  series: z.array(seriesPointSchema),
});
export type TrendFigure = z.infer<typeof trendFigureSchema>;

/** The range the answer is for, and the previous period it is compared with. */
export const overviewRangeSchema = z.object({
  from: day,
  to: day,
  timeZone: z.string(),
  previousFrom: day,
  previousTo: day,
});

/**
 * What needs the viewer today (the welcome card), each a count of the viewer's own things: unread mail in
 * their inbox, unread chat messages, cards assigned to them that are due by the end of their day and not
 * done, and calendar events (theirs or ones they attend) that touch their day. `overdueInvoices` (every
 * pending invoice past its due date, UTC as in the invoices list) is for administrators and absent otherwise.
 */
export const todaySchema = z.object({
  unreadMail: count,
  unreadChat: count,
  cardsDue: count,
  eventsToday: count,
  overdueInvoices: count.optional(),
});
export type OverviewToday = z.infer<typeof todaySchema>;

/**
 * `/dashboard/app`'s figures. `activePeople` (people with a session in use during a day: signed in, or
 * still using a session they had) and `newAccounts` are workspace figures, for administrators only (absent
 * otherwise). `messages` counts chat messages and sent mail: the workspace's for administrators, for anyone
 * else the messages in their own conversations and mail boxes.
 */
export const appOverviewResponse = z.object({
  range: overviewRangeSchema,
  today: todaySchema,
  activePeople: trendFigureSchema.optional(),
  newAccounts: trendFigureSchema.optional(),
  messages: trendFigureSchema,
});
export type AppOverview = z.infer<typeof appOverviewResponse>;
