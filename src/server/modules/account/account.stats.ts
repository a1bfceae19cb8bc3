/** Sign-in activity for the overview dashboards (ADR 036): read-only, over a date range. */
import { sql } from 'drizzle-orm';

import type { TrendFigure } from '#shared/contract/overview.ts';

import type { Db } from '../../db/client.ts';
import { sessions } from '../../db/schema/index.ts';
import { rangeEnd, rangeStart, trendOf, type DateRange, type StatsScope } from '../../lib/date-range.ts';

/**
 * Active people, administrators only (undefined for anyone else): the people with a session in use during
 * the period, i.e. started before its end and last used after its start. A session idle for longer than the
 * idle lifetime (30 minutes by default) ends, so a session's span from its start to its last use is one
 * stretch of activity. Per day for the series; a person counts once per day and once over the range.
 */
export async function activePeople(
  db: Db,
  scope: StatsScope,
  range: DateRange,
): Promise<TrendFigure | undefined> {
  if (!scope.isAdmin) return undefined;
  return trendOf(db, range, {
    value: (r) => sql`select count(distinct ${sessions.userId})::int as n from ${sessions}
      where ${sessions.createdAt} < ${rangeEnd(r)} and ${sessions.lastUsedAt} >= ${rangeStart(r)}`,
    series: (r) => sql`select d.day::text as day, count(distinct s.user_id)::int as value
      from generate_series(${r.from}::date, ${r.to}::date, interval '1 day') as d(day)
      join ${sessions} s
        on s.created_at < ((d.day::date + 1)::timestamp at time zone ${r.timeZone}::text)
       and s.last_used_at >= (d.day::date::timestamp at time zone ${r.timeZone}::text)
      group by 1`,
  });
}
