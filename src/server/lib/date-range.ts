/**
 * The one date range every aggregate takes (ADR 036): two days in the viewer's time zone, both included.
 * The zone is applied in SQL (`AT TIME ZONE`), so the start and end instants and the day buckets follow the
 * zone's daylight-saving changes; the days themselves are plain calendar arithmetic.
 */
import { sql, type SQL, type SQLWrapper, type Table } from 'drizzle-orm';

import { daysIn, type SeriesPoint, type TrendFigure } from '#shared/contract/overview.ts';

import type { Db } from '../db/client.ts';

export interface DateRange {
  /** `YYYY-MM-DD`, the first day. */
  from: string;
  /** `YYYY-MM-DD`, the last day (included). */
  to: string;
  /** IANA name, validated by the contract (`timeZoneField`). */
  timeZone: string;
}

const DAY_MS = 86_400_000;
const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);

/** Ranges' days already listed (a dashboard asks for the same few ranges again and again). */
const listedDays = new Map<string, readonly string[]>();

/** The days of the range, in order. */
export function daysOf(range: DateRange): string[] {
  const key = `${range.from}/${range.to}`;
  let days = listedDays.get(key);
  if (!days) {
    days = Array.from({ length: daysIn(range.from, range.to) }, (_, i) => addDays(range.from, i));
    if (listedDays.size >= 200) listedDays.clear();
    listedDays.set(key, days);
  }
  return [...days];
}

/** The period of the same length that ends the day before `from`. */
export function previousPeriod(range: DateRange): DateRange {
  const length = daysIn(range.from, range.to);
  return { from: addDays(range.from, -length), to: addDays(range.from, -1), timeZone: range.timeZone };
}

/** The instant the range starts: midnight of `from` in the zone. */
export const rangeStart = (range: DateRange): SQL =>
  sql`(${range.from}::date::timestamp at time zone ${range.timeZone}::text)`;

/** The instant the range ends (excluded): midnight after `to` in the zone. */
export const rangeEnd = (range: DateRange): SQL =>
  sql`((${range.to}::date + 1)::timestamp at time zone ${range.timeZone}::text)`;

/** `column` (a timestamptz) falls in the range: an index on it serves the condition. */
export const inRange = (column: SQLWrapper, range: DateRange): SQL =>
  sql`(${column} >= ${rangeStart(range)} and ${column} < ${rangeEnd(range)})`;

/** The viewer's day of `column` (a timestamptz), as a date. */
export const dayIn = (column: SQLWrapper, timeZone: string): SQL =>
  sql`(${column} at time zone ${timeZone}::text)::date`;

/** A raw statement's rows (node-postgres and PGlite both answer `{ rows }`). */
export type Rows<T> = { rows: T[] };

/**
 * Rows of `(day, value)` (as the database answers them: a date as text or a Date, a number as text or a
 * number) into one point per day of the range, missing days as 0.
 */
export function fillSeries(range: DateRange, rows: Array<{ day: unknown; value: unknown }>): SeriesPoint[] {
  const byDay = new Map<string, number>();
  for (const row of rows) byDay.set(dayText(row.day), Number(row.value));
  return daysOf(range).map((day) => ({ day, value: byDay.get(day) ?? 0 }));
}

/** A `date` column's value as `YYYY-MM-DD` whichever way the driver returned it. */
export function dayText(value: unknown): string {
  if (value instanceof Date) {
    // A driver that parses dates makes local midnight of that day.
    const y = value.getFullYear();
    const m = String(value.getMonth() + 1).padStart(2, '0');
    const d = String(value.getDate()).padStart(2, '0');
    return `${y}-${m}-${d}`;
  }
  return String(value).slice(0, 10);
}

/** Who an aggregate is for: administrators see the workspace, anyone else their own figures. */
export interface StatsScope {
  userId: string;
  isAdmin: boolean;
}

/** The viewer's today as a one-day range (`now` by the server's clock, the day by the zone's calendar). */
export function todayRange(timeZone: string, now = new Date()): DateRange {
  const day = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  })
    .format(now)
    .slice(0, 10);
  return { from: day, to: day, timeZone };
}

/**
 * A trend figure from two statements written for any range: `value` answers one row whose `n` is the figure
 * (run for the range and for its previous period), `series` rows of `(day, value)` over the range. For a sum
 * of events the value is the series' sum; a distinct count (people) is not, hence two statements.
 */
export async function trendOf(
  db: Db,
  range: DateRange,
  statements: { value: (r: DateRange) => SQL; series: (r: DateRange) => SQL },
): Promise<TrendFigure> {
  const [value, previous, rows] = await Promise.all([
    db.execute(statements.value(range)).then(firstNumber),
    db.execute(statements.value(previousPeriod(range))).then(firstNumber),
    db.execute(statements.series(range)).then((result) => rowsOf<{ day: unknown; value: unknown }>(result)),
  ]);
  return { value, previous, series: fillSeries(range, rows) };
}

/**
 * A count of events as a trend figure: the rows of `table` that match `where` (when given) and whose `at` (a
 * timestamptz) falls in the range, per viewer's day. The condition stays on `at`, so an index on it serves.
 */
export function countTrend(
  db: Db,
  range: DateRange,
  events: { table: Table; at: SQLWrapper; where?: SQL },
): Promise<TrendFigure> {
  const { table, at, where } = events;
  const matching = (r: DateRange) => (where ? sql`${inRange(at, r)} and ${where}` : inRange(at, r));
  return trendOf(db, range, {
    value: (r) => sql`select count(*)::int as n from ${table} where ${matching(r)}`,
    series: (r) => sql`select ${dayIn(at, r.timeZone)}::text as day, count(*)::int as value
      from ${table} where ${matching(r)} group by 1`,
  });
}

/** A figure over the range and over its previous period (no series). */
export interface PeriodFigure {
  value: number;
  previous: number;
}

/**
 * A count of events over the range and over its previous period, in one statement: the rows of `table`
 * that match `where` (when given) and whose `at` (a timestamptz) falls in either. The condition stays on
 * `at`, so an index on it (or one that leads with `where`'s equality and then `at`) serves.
 */
export async function countPeriods(
  db: Db,
  range: DateRange,
  events: { table: Table; at: SQLWrapper; where?: SQL },
): Promise<PeriodFigure> {
  const { table, at, where } = events;
  const previous = previousPeriod(range);
  const span = sql`${at} >= ${rangeStart(previous)} and ${at} < ${rangeEnd(range)}`;
  const [row] = rowsOf<{ value: unknown; previous: unknown }>(
    await db.execute(sql`select count(*) filter (where ${at} >= ${rangeStart(range)})::int as value,
        count(*) filter (where ${at} < ${rangeStart(range)})::int as previous
      from ${table} where ${where ? sql`${span} and ${where}` : span}`),
  );
  return { value: Number(row?.value ?? 0), previous: Number(row?.previous ?? 0) };
}

/** Trend figures of the same days added up (chat and mail into messages): value, previous and each day. */
export function addTrends(first: TrendFigure, ...others: TrendFigure[]): TrendFigure {
  return {
    value: others.reduce((total, f) => total + f.value, first.value),
    previous: others.reduce((total, f) => total + f.previous, first.previous),
    series: first.series.map((point, i) => ({
      day: point.day,
      value: others.reduce((total, f) => total + (f.series[i]?.value ?? 0), point.value),
    })),
  };
}

/** The first row's `n` of a raw count statement, as a number (0 without rows). */
export function firstNumber(result: unknown): number {
  const rows = (result as Rows<{ n: unknown }>).rows;
  return Number(rows[0]?.n ?? 0);
}

/** A raw statement's rows. */
export const rowsOf = <T>(result: unknown): T[] => (result as Rows<T>).rows;

/** The calendar year `year` in the zone, as a range (a year select's figures). */
export const yearRange = (year: number, timeZone: string): DateRange => ({
  from: `${year}-01-01`,
  to: `${year}-12-31`,
  timeZone,
});

/** The viewer's month (1–12) of `column` (a timestamptz). */
export const monthIn = (column: SQLWrapper, timeZone: string): SQL =>
  sql`extract(month from (${column} at time zone ${timeZone}::text))::int`;

/** Rows of `(month, value)` (month 1–12) into the twelve months of a year, missing months as 0. */
export function fillMonths(rows: Array<{ month: unknown; value: unknown }>): number[] {
  const months = Array.from({ length: 12 }, () => 0);
  for (const row of rows) {
    const month = Number(row.month);
    if (month >= 1 && month <= 12) months[month - 1]! += Number(row.value);
  }
  return months;
}
