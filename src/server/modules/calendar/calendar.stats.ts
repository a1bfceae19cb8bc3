/** Calendar figures for the overview dashboards (ADR 036): read-only, the viewer's own calendar. */
import { sql } from 'drizzle-orm';

import type { Db } from '../../db/client.ts';
import { calendarAttendees, calendarEvents } from '../../db/schema/index.ts';
import {
  countPeriods,
  firstNumber,
  rangeEnd,
  rangeStart,
  type DateRange,
  type PeriodFigure,
  type StatsScope,
} from '../../lib/date-range.ts';

/**
 * The events in the viewer's calendar that touch the period (`today` for the welcome card): theirs, and the
 * ones they attend unless they declined. Everyone's own, administrators' too. Found as the calendar finds
 * them (calendar.repo.ts `eventsFor`): by start within the period or a week before it, plus the few longer
 * events through their partial index.
 */
export async function eventsIn(db: Db, scope: StatsScope, range: DateRange): Promise<number> {
  const start = rangeStart(range);
  const end = rangeEnd(range);
  const overlaps = sql`e.start < ${end} and (e."end" > ${start} or e.start = ${start})`;
  const near = sql`(e.start >= ${start} - interval '7 days' or e."end" - e.start > interval '7 days')`;
  return firstNumber(
    await db.execute(sql`select count(*)::int as n from (
      select e.id from ${calendarEvents} e where e.owner_id = ${scope.userId} and ${near} and ${overlaps}
      union
      select e.id from ${calendarEvents} e
        join ${calendarAttendees} a on a.event_id = e.id and a.user_id = ${scope.userId} and a.response <> 'declined'
        where ${near} and ${overlaps}
    ) as mine`),
  );
}

/**
 * How much the calendar was used (/dashboard/analytics' areas): events starting in the period and in the
 * previous one, every event for administrators (`calendar_events_start_idx`), the viewer's own otherwise
 * (`calendar_events_owner_start_idx`). Events have no index on their creation, so the day they are for
 * stands for it.
 */
export function eventsScheduled(db: Db, scope: StatsScope, range: DateRange): Promise<PeriodFigure> {
  return countPeriods(db, range, {
    table: calendarEvents,
    at: calendarEvents.start,
    ...(scope.isAdmin ? {} : { where: sql`${calendarEvents.ownerId} = ${scope.userId}` }),
  });
}
