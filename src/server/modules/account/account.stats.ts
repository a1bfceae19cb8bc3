/** Sign-in activity for the overview dashboards (ADR 036): read-only, over a date range. */
import { sql } from 'drizzle-orm';

import type { TrendFigure } from '#shared/contract/overview.ts';

import type { Db } from '../../db/client.ts';
import { sessions, users } from '../../db/schema/index.ts';
import {
  inRange,
  previousPeriod,
  rangeEnd,
  rangeStart,
  rowsOf,
  trendOf,
  type DateRange,
  type StatsScope,
} from '../../lib/date-range.ts';
import { parseUserAgent } from './user-agent.ts';

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

/** The kinds of device a sign-in came from, read from its User-Agent as the sessions list reads it. */
export const devices = ['desktop', 'mobile', 'tablet', 'other'] as const;
export type Device = (typeof devices)[number];
export type DeviceSplit = Record<Device, number>;

/** A User-Agent's device (`user-agent.ts`); a browser or tool it cannot place is `other`. */
export function deviceOf(userAgent: string | null): Device {
  const { device } = parseUserAgent(userAgent);
  return device === 'unknown' ? 'other' : device;
}

const noDevices = (): DeviceSplit => ({ desktop: 0, mobile: 0, tablet: 0, other: 0 });

/** Rows of `(user_agent, n)` added up by device. */
function splitByDevice(rows: Array<{ user_agent: string | null; n: unknown }>): DeviceSplit {
  const split = noDevices();
  for (const row of rows) split[deviceOf(row.user_agent)] += Number(row.n);
  return split;
}

/**
 * Sign-ins by device: the sessions started in the period (a sign-in or a registration; revoked and expired
 * ones too, since they were real sign-ins), grouped by the device their User-Agent names. Administrators:
 * the workspace's; anyone else: their own (`sessions_created_idx`, `sessions_user_idx`). The User-Agents
 * are grouped in SQL and read here, so the figure and the sessions list agree on what a device is.
 */
export async function sessionsByDevice(
  db: Db,
  scope: StatsScope,
  range: DateRange,
): Promise<{ current: DeviceSplit; previous: DeviceSplit }> {
  const mine = scope.isAdmin ? sql`true` : sql`${sessions.userId} = ${scope.userId}`;
  const split = async (r: DateRange) =>
    splitByDevice(
      rowsOf<{ user_agent: string | null; n: unknown }>(
        await db.execute(sql`select ${sessions.userAgent} as user_agent, count(*)::int as n from ${sessions}
          where ${inRange(sessions.createdAt, r)} and ${mine} group by 1`),
      ),
    );
  const [current, previous] = await Promise.all([split(range), split(previousPeriod(range))]);
  return { current, previous };
}

export interface CountrySignIns {
  /** The country on the people's profiles, as they wrote it. */
  country: string;
  /** People of that country who signed in during the period. */
  people: number;
  /** Their sign-ins, by device (adding up to all their sign-ins). */
  devices: DeviceSplit;
}

/**
 * The countries whose people signed in most during the period, administrators only (undefined for anyone
 * else): per profile country, the people with a sign-in in the period and those sign-ins by device; most
 * people first (then most sign-ins, then the name). People without a country on their profile are left out.
 */
export async function topCountries(
  db: Db,
  scope: StatsScope,
  range: DateRange,
  limit = 5,
): Promise<CountrySignIns[] | undefined> {
  if (!scope.isAdmin) return undefined;
  const signIns = sql`${sessions} s join ${users} u on u.id = s.user_id
    where ${inRange(sql`s.created_at`, range)} and u.country <> ''`;
  const top = rowsOf<{ country: string; people: unknown }>(
    await db.execute(sql`select u.country, count(distinct s.user_id)::int as people from ${signIns}
      group by u.country order by people desc, count(*) desc, u.country limit ${limit}`),
  );
  if (!top.length) return [];
  const countries = top.map((row) => row.country);
  const agents = rowsOf<{ country: string; user_agent: string | null; n: unknown }>(
    await db.execute(sql`select u.country, s.user_agent, count(*)::int as n from ${signIns}
      and u.country in (${sql.join(
        countries.map((country) => sql`${country}`),
        sql`, `,
      )})
      group by 1, 2`),
  );
  return top.map((row) => ({
    country: row.country,
    people: Number(row.people),
    devices: splitByDevice(agents.filter((agent) => agent.country === row.country)),
  }));
}
