/**
 * A site's figures (issue 30, ADR 056 "Reading the figures"): the summary, the breakdowns and "visitors now".
 *
 * Days are the site's days (its time zone); the previous period is the same number of days just before `from`.
 * A visitor is distinct within a day only (the hash rotates daily), so a range's visitors are the sum of its
 * days' visitors, on both paths below:
 *
 * - Without filters, or with only a country filter, the figures read `analytics_daily` (the fold's rollups):
 *   every statement names the whole primary key prefix (site_id, dim, country) and a day range, so it reads
 *   one index range whatever the size of the raw events.
 * - With any other filter they read the raw events of the range (`analytics_events`, index on (site_id, day)),
 *   grouped the way the fold groups them (`dimensionValue` mirrors the fold's values), so both paths give the
 *   same figures for the same events; slower, and only over the retention period.
 *
 * A filter `dim:value` keeps the events whose value of that dimension is `value`, as the fold counts them: a
 * page filter keeps the views of that page, an event filter the events of that name, an entry filter the
 * visits that started on that page. The summary under a filter `dim:x` is therefore the breakdown's row x.
 *
 * Conversions: per day, the visitors of each goal event summed over the goals (the rollups keep visitors per
 * event name, not per set of names), at most the day's visitors; a visitor who reaches two goals on the same
 * day counts twice, capped by the day's visitors.
 */
import { sql, type SQL } from 'drizzle-orm';

import {
  builtInGoals,
  NOW_MINUTES,
  PAGEVIEW_EVENT,
  type AnalyticsBreakdown,
  type AnalyticsDimension,
  type AnalyticsFilter,
  type AnalyticsRow,
  type AnalyticsSummary,
  type analyticsBreakdownSorts,
} from '#shared/contract/analytics.ts';

import type { Db } from '../../db/client.ts';
import { daysOf, previousPeriod, rowsOf, type DateRange } from '../../lib/date-range.ts';

/** What the figures need of a site. */
export interface SiteScope {
  id: string;
  timeZone: string;
  goals: readonly string[];
  builtIn: boolean;
}

/** The figures' question: a range of the site's days and the view's filters. */
export interface FiguresQuery {
  from: string;
  to: string;
  filters: readonly AnalyticsFilter[];
}

export type BreakdownSort = (typeof analyticsBreakdownSorts)[number];

export interface BreakdownQuery extends FiguresQuery {
  sort: BreakdownSort;
  order: 'asc' | 'desc';
  limit: number;
  offset: number;
}

/** The most rows a CSV export holds. */
export const BREAKDOWN_CSV_MAX = 10_000;

/** The event names that count as conversions on the site: its goals, and on the built-in site sign-ups and orders. */
export function goalsOf(site: Pick<SiteScope, 'goals' | 'builtIn'>): string[] {
  return [...new Set([...(site.builtIn ? builtInGoals : []), ...site.goals])];
}

/** Whether the figures can read the rollups: no filter, or only a country filter. */
export const readsRollups = (filters: readonly AnalyticsFilter[]) =>
  filters.every((f) => f.dim === 'country');

// ── raw events: the fold's values ──────────────────────────────────────────────────────────────────────────

/** The dimensions of where a visit came from: the fold gives all of a visitor's events of a day their first's. */
const ACQUISITION: ReadonlySet<AnalyticsDimension> = new Set([
  'source',
  'referrer',
  'utmSource',
  'utmMedium',
  'utmCampaign',
]);

/**
 * The value of `dim` of an event `e` as the fold (analytics.rollup.ts) rolls it up; null where the event has
 * none (a page view's event name, a custom event's page). Empty values are never rolled up. Where a visit came
 * from is the visitor's first page view's of the day (`a_*`, see `rawEvents`).
 */
export function dimensionValue(dim: AnalyticsDimension): SQL {
  switch (dim) {
    case 'page':
      return sql`(case when e.name = ${PAGEVIEW_EVENT} then e.page end)`;
    case 'entry':
      return sql`(case when e.entry then e.page end)`;
    case 'event':
      return sql`(case when e.name <> ${PAGEVIEW_EVENT} then e.name end)`;
    case 'source':
      return sql`e.a_source`;
    case 'referrer':
      return sql`e.a_referrer`;
    case 'utmSource':
      return sql`e.a_utm_source`;
    case 'utmMedium':
      return sql`e.a_utm_medium`;
    case 'utmCampaign':
      return sql`e.a_utm_campaign`;
    case 'country':
      return sql`e.country`;
    case 'device':
      return sql`e.device`;
    case 'browser':
      return sql`e.browser`;
    case 'os':
      return sql`e.os`;
    case 'language':
      return sql`e.language`;
  }
}

/**
 * The raw events of `siteId` on the days of `range` that pass every filter, as `e`; callers add conditions
 * with `and`. When the filters or `dim` name where visits came from, each event first takes its visitor's
 * first page view's source, referrer and UTM of the day (the fold's window), which costs a sort of the range.
 */
function rawEvents(
  siteId: string,
  range: { from: string; to: string },
  filters: readonly AnalyticsFilter[],
  dim?: AnalyticsDimension,
): SQL {
  const where = sql.join(
    [sql`true`, ...filters.map((f) => sql`${dimensionValue(f.dim)} = ${f.value}`)],
    sql` and `,
  );
  const days = sql`site_id = ${siteId} and day between ${range.from}::date and ${range.to}::date`;
  const attributed =
    filters.some((f) => ACQUISITION.has(f.dim)) || (dim !== undefined && ACQUISITION.has(dim));
  if (!attributed) return sql`analytics_events e where ${days} and ${where}`;
  return sql`(
      select ev.*,
        first_value(source) over v as a_source,
        first_value(referrer) over v as a_referrer,
        first_value(utm_source) over v as a_utm_source,
        first_value(utm_medium) over v as a_utm_medium,
        first_value(utm_campaign) over v as a_utm_campaign
      from analytics_events ev
      where ${days}
      window v as (partition by day, visitor order by (name <> ${PAGEVIEW_EVENT}), at, id)
    ) e where ${where}`;
}

/** The rollup rows of `dim` on the days of `range`, for all countries or one. */
const rollupRows = (siteId: string, dim: string, country: string, range: { from: string; to: string }) =>
  sql`analytics_daily where site_id = ${siteId} and dim = ${dim} and country = ${country}
    and day between ${range.from}::date and ${range.to}::date`;

const countryOf = (filters: readonly AnalyticsFilter[]) =>
  filters.find((f) => f.dim === 'country')?.value ?? '';

const valueList = (values: readonly string[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

// ── summary ───────────────────────────────────────────────────────────────────────────────────────────────

interface DayFigures {
  views: number;
  visitors: number;
  visits: number;
  goalVisitors: number;
}

/** Per day of `range` (those with figures): views, visitors, visits and the goals' visitors. */
async function dailyFigures(
  db: Db,
  site: SiteScope,
  range: { from: string; to: string },
  filters: readonly AnalyticsFilter[],
): Promise<Map<string, DayFigures>> {
  const goals = goalsOf(site);
  const rollups = readsRollups(filters);
  const country = countryOf(filters);
  const [totals, goalRows] = await Promise.all([
    db
      .execute(
        rollups
          ? sql`select day::text as day, sum(views)::int as views, sum(visitors)::int as visitors,
              sum(visits)::int as visits
            from ${rollupRows(site.id, 'total', country, range)} and value = '' group by day`
          : sql`select e.day::text as day, count(*) filter (where e.name = ${PAGEVIEW_EVENT})::int as views,
              count(distinct e.visitor)::int as visitors, count(*) filter (where e.entry)::int as visits
            from ${rawEvents(site.id, range, filters)} group by e.day`,
      )
      .then((r) => rowsOf<{ day: string; views: number; visitors: number; visits: number }>(r)),
    goals.length === 0
      ? Promise.resolve([])
      : db
          .execute(
            rollups
              ? sql`select day::text as day, sum(visitors)::int as n
                from ${rollupRows(site.id, 'event', country, range)} and value in (${valueList(goals)})
                group by day`
              : sql`select day::text as day, sum(n)::int as n from (
                  select e.day, e.name, count(distinct e.visitor) as n
                  from ${rawEvents(site.id, range, filters)} and e.name in (${valueList(goals)})
                  group by e.day, e.name) g
                group by day`,
          )
          .then((r) => rowsOf<{ day: string; n: number }>(r)),
  ]);
  const byDay = new Map<string, DayFigures>();
  for (const row of totals) {
    byDay.set(String(row.day).slice(0, 10), {
      views: Number(row.views),
      visitors: Number(row.visitors),
      visits: Number(row.visits),
      goalVisitors: 0,
    });
  }
  for (const row of goalRows) {
    const day = byDay.get(String(row.day).slice(0, 10));
    if (day) day.goalVisitors = Math.min(Number(row.n), day.visitors);
  }
  return byDay;
}

const ZERO: DayFigures = { views: 0, visitors: 0, visits: 0, goalVisitors: 0 };

function periodOf(range: DateRange, byDay: Map<string, DayFigures>) {
  const days = daysOf(range).map((day) => ({ day, ...(byDay.get(day) ?? ZERO) }));
  const sum = (key: keyof DayFigures) => days.reduce((total, d) => total + d[key], 0);
  return {
    series: days.map(({ day, visitors, views }) => ({ day, visitors, views })),
    visitors: sum('visitors'),
    views: sum('views'),
    visits: sum('visits'),
    conversions: sum('goalVisitors'),
  };
}

const perVisit = (views: number, visits: number) => (visits ? Math.round((views / visits) * 100) / 100 : 0);

/** The summary of a site over a range: totals and a per-day series, against the previous period. */
export async function siteSummary(db: Db, site: SiteScope, query: FiguresQuery): Promise<AnalyticsSummary> {
  const range: DateRange = { from: query.from, to: query.to, timeZone: site.timeZone };
  const previous = previousPeriod(range);
  const byDay = await dailyFigures(db, site, { from: previous.from, to: range.to }, query.filters);
  const now = periodOf(range, byDay);
  const before = periodOf(previous, byDay);
  return {
    range: { from: range.from, to: range.to, previousFrom: previous.from, previousTo: previous.to },
    timeZone: site.timeZone,
    visitors: { value: now.visitors, previous: before.visitors },
    views: { value: now.views, previous: before.views },
    visits: { value: now.visits, previous: before.visits },
    viewsPerVisit: {
      value: perVisit(now.views, now.visits),
      previous: perVisit(before.views, before.visits),
    },
    conversions: { value: now.conversions, previous: before.conversions },
    series: { current: now.series, previous: before.series },
  };
}

// ── breakdowns ────────────────────────────────────────────────────────────────────────────────────────────

const SORT_COLUMNS: Record<BreakdownSort, SQL> = {
  visitors: sql`visitors`,
  views: sql`views`,
  visits: sql`visits`,
  events: sql`events`,
  // Byte order, the same on every database whatever its collation.
  value: sql`value collate "C"`,
};

/** Rows of (value, figures) per day: from the rollups or from the raw events, for `values` only when given. */
function perDayRows(
  site: SiteScope,
  dim: AnalyticsDimension,
  range: { from: string; to: string },
  filters: readonly AnalyticsFilter[],
  values?: readonly string[],
): SQL {
  const only = values ? sql` and value in (${valueList(values)})` : sql``;
  if (readsRollups(filters)) {
    return sql`select value, visitors, views, visits, events
      from ${rollupRows(site.id, dim, countryOf(filters), range)}${only}`;
  }
  const value = dimensionValue(dim);
  return sql`select * from (
      select ${value} as value, count(distinct e.visitor) as visitors,
        count(*) filter (where e.name = ${PAGEVIEW_EVENT}) as views,
        count(*) filter (where e.entry) as visits,
        count(*) filter (where e.name <> ${PAGEVIEW_EVENT}) as events
      from ${rawEvents(site.id, range, filters, dim)} and ${value} <> ''
      group by e.day, 1) d
    where true${only}`;
}

type RawRow = Omit<AnalyticsRow, 'previousVisitors' | 'share'>;

/** The range's visitors under the filters (each row's share is of them). */
async function rangeVisitors(db: Db, site: SiteScope, query: FiguresQuery): Promise<number> {
  const byDay = await dailyFigures(db, { ...site, goals: [], builtIn: false }, query, query.filters);
  let total = 0;
  for (const day of byDay.values()) total += day.visitors;
  return total;
}

/**
 * One page of a breakdown: the dimension's values with their figures over the range, sorted (ties by value),
 * each with its visitors over the previous period and its share of the range's visitors; `total` is how many
 * values the range has.
 */
export async function siteBreakdown(
  db: Db,
  site: SiteScope,
  dim: AnalyticsDimension,
  query: BreakdownQuery,
): Promise<{ rows: AnalyticsRow[]; total: number }> {
  const range = { from: query.from, to: query.to };
  const direction = query.order === 'asc' ? sql`asc` : sql`desc`;
  const grouped = sql`select value, sum(visitors)::int as visitors, sum(views)::int as views,
      sum(visits)::int as visits, sum(events)::int as events
    from (${perDayRows(site, dim, range, query.filters)}) r group by value`;
  const [rows, visitors] = await Promise.all([
    db
      .execute(
        sql`select *, count(*) over ()::int as total from (${grouped}) g
          order by ${SORT_COLUMNS[query.sort]} ${direction}, value collate "C" asc
          limit ${query.limit} offset ${query.offset}`,
      )
      .then((r) => rowsOf<RawRow & { total: number }>(r)),
    rangeVisitors(db, site, query),
  ]);
  let total = Number(rows[0]?.total ?? 0);
  if (!rows.length && query.offset > 0) {
    const [counted] = rowsOf<{ n: number }>(
      await db.execute(sql`select count(*)::int as n from (${grouped}) g`),
    );
    total = Number(counted?.n ?? 0);
  }
  const previous = new Map<string, number>();
  if (rows.length) {
    const prev = previousPeriod({ ...range, timeZone: site.timeZone });
    const values = rows.map((r) => r.value);
    const found = rowsOf<{ value: string; visitors: number }>(
      await db.execute(
        sql`select value, sum(visitors)::int as visitors
          from (${perDayRows(site, dim, prev, query.filters, values)}) r group by value`,
      ),
    );
    for (const row of found) previous.set(row.value, Number(row.visitors));
  }
  return {
    total,
    rows: rows.map((r) => ({
      value: r.value,
      visitors: Number(r.visitors),
      views: Number(r.views),
      visits: Number(r.visits),
      events: Number(r.events),
      previousVisitors: previous.get(r.value) ?? 0,
      share: visitors ? Math.round((Number(r.visitors) / visitors) * 10_000) / 10_000 : 0,
    })),
  };
}

/** A page of a breakdown as the API answers it (`page` from 1). */
export async function breakdownPage(
  db: Db,
  site: SiteScope,
  dim: AnalyticsDimension,
  query: FiguresQuery & { sort: BreakdownSort; order: 'asc' | 'desc'; page: number; pageSize: number },
): Promise<AnalyticsBreakdown> {
  const { page, pageSize } = query;
  const found = await siteBreakdown(db, site, dim, {
    ...query,
    limit: pageSize + 1,
    offset: (page - 1) * pageSize,
  });
  return {
    dimension: dim,
    rows: found.rows.slice(0, pageSize),
    total: found.total,
    page,
    pageSize,
    hasNextPage: found.rows.length > pageSize,
  };
}

// ── CSV ───────────────────────────────────────────────────────────────────────────────────────────────────

/** A CSV cell: quoted when it must be, and never a formula in a spreadsheet (as banking's export). */
export function csvCell(value: string | number): string {
  if (typeof value === 'number') return String(value);
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** A breakdown as CSV: a header row, then every row (up to BREAKDOWN_CSV_MAX) in the view's order. */
export function breakdownCsv(dim: AnalyticsDimension, rows: readonly AnalyticsRow[]): string {
  const lines = [
    [dim, 'visitors', 'views', 'visits', 'events', 'previousVisitors', 'share'].join(','),
    ...rows.map((r) =>
      [csvCell(r.value), r.visitors, r.views, r.visits, r.events, r.previousVisitors, r.share].join(','),
    ),
  ];
  return `${lines.join('\r\n')}\r\n`;
}

// ── now ───────────────────────────────────────────────────────────────────────────────────────────────────

/** Distinct visitors of the last NOW_MINUTES minutes, from the raw events (index on (site_id, at)). */
export async function visitorsNow(db: Db, siteId: string, now = new Date()): Promise<number> {
  const since = new Date(now.getTime() - NOW_MINUTES * 60_000).toISOString();
  const [row] = rowsOf<{ n: number }>(
    await db.execute(sql`select count(distinct visitor)::int as n from analytics_events
      where site_id = ${siteId} and at >= ${since}::timestamptz`),
  );
  return Number(row?.n ?? 0);
}
