/** Sign-in activity for the overview dashboards (ADR 036): read-only, over a date range. */
import { sql, type SQL } from 'drizzle-orm';

import type { TrendFigure } from '#shared/contract/overview.ts';

import type { Db } from '../../db/client.ts';
import { activePeopleCounts, sessions, users } from '../../db/schema/index.ts';
import {
  daysOf,
  inRange,
  previousPeriod,
  rowsOf,
  todayRange,
  type DateRange,
  type StatsScope,
} from '../../lib/date-range.ts';
import { allKeys, nextDay, reachesToday, rollupPeriods, rollupSums } from '../../lib/rollups.ts';
import { parseUserAgent } from './user-agent.ts';

/** A session in use during [start, end): started before its end, last used at or after its start. */
const inUseDuring = (start: SQL, end: SQL) =>
  sql`tstzrange(${sessions.createdAt}, greatest(${sessions.createdAt}, ${sessions.lastUsedAt}), '[]') && tstzrange(${start}, ${end}, '[)')`;

const dayStart = (day: SQL, timeZone: string) => sql`(${day}::timestamp at time zone ${timeZone}::text)`;

/**
 * The active people of `periods` that are over (days in `timeZone`): counted once from the sessions
 * (`sessions_span_idx`) and kept (`active_people_counts`), since a period that is over never changes.
 */
async function pastActivePeople(
  db: Db,
  timeZone: string,
  periods: ReadonlyArray<{ from: string; to: string }>,
): Promise<number[]> {
  const id = (p: { from: string; to: string }) => `${p.from}/${p.to}`;
  const list = (values: string[]) => `{${values.join(',')}}`;
  // One row, the counts as text `from/to=people;…` (a row costs more than its work on PGlite): the single
  // days by one range of the key, the longer periods one by one.
  const days = periods.filter((p) => p.from === p.to).map((p) => p.from);
  const longer = periods.filter((p) => p.from !== p.to);
  const [kept] = rowsOf<{ counts: string | null }>(
    await db.execute(sql`select string_agg(c.from || '/' || c.to || '=' || c.people, ';') as counts
      from ${activePeopleCounts} c
      where c.time_zone = ${timeZone} and (
        ${
          days.length
            ? sql`(c.from between ${days.reduce((a, b) => (a < b ? a : b))}::date
                and ${days.reduce((a, b) => (a > b ? a : b))}::date and c.to = c.from)`
            : sql`false`
        }
        or (c.from, c.to) in (select * from unnest(${list(longer.map((p) => p.from))}::date[],
          ${list(longer.map((p) => p.to))}::date[])))`),
  );
  const known = new Map(
    (kept?.counts ? kept.counts.split(';') : []).map((entry) => {
      const [period = '', people = '0'] = entry.split('=');
      return [period, Number(people)] as const;
    }),
  );
  const missing = periods.filter((p) => !known.has(id(p)));
  // Counted and kept in one transaction under a shared lock that sessions written into the past (or
  // deleted) take exclusively until they commit (drizzle/0028_overview-rollups.sql): a count is never kept
  // from sessions such a change is replacing.
  const counted = missing.length
    ? await db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock_shared(hashtext('active_people_counts'))`);
        const rows = rowsOf<{ from: string; to: string; people: unknown }>(
          await tx.execute(sql`select w.from_day::text as from, w.to_day::text as to,
              (select count(distinct ${sessions.userId}) from ${sessions}
                where ${inUseDuring(dayStart(sql`w.from_day`, timeZone), dayStart(sql`(w.to_day + 1)`, timeZone))})::int as people
            from unnest(${list(missing.map((p) => p.from))}::date[], ${list(missing.map((p) => p.to))}::date[])
              as w(from_day, to_day)`),
        );
        await tx.execute(sql`insert into ${activePeopleCounts} (time_zone, "from", "to", people)
          select ${timeZone}, f, t, p from unnest(${list(rows.map((c) => c.from))}::date[],
            ${list(rows.map((c) => c.to))}::date[], ${list(rows.map((c) => String(c.people)))}::int[]) as u(f, t, p)
          on conflict do nothing`);
        return rows;
      })
    : [];
  for (const row of counted) known.set(id(row), Number(row.people));
  return periods.map((p) => known.get(id(p)) ?? 0);
}

/**
 * Active people, administrators only (undefined for anyone else): the people with a session in use during
 * the period, i.e. started before its end and last used after its start. A session idle for longer than the
 * idle lifetime (30 minutes by default) ends, so a session's span from its start to its last use is one
 * stretch of activity. Per day for the series; a person counts once per day and once over the range.
 *
 * A person counts once however many days they were active, so these are not sums a rollup could keep:
 * over a range that reaches today, the people active are those last active since its start (the
 * `people.active` rollup counts each person at their last use); days and periods that are over are counted
 * from the sessions once and kept (`pastActivePeople`).
 */
export async function activePeople(
  db: Db,
  scope: StatsScope,
  range: DateRange,
): Promise<TrendFigure | undefined> {
  if (!scope.isAdmin) return undefined;
  const { timeZone } = range;
  const today = todayRange(timeZone).from;
  const days = daysOf(range);
  const previous = previousPeriod(range);
  /** A period that reaches today: the people last active since its start. */
  const lastActiveSince = async (from: string, to: string) =>
    allKeys((await rollupSums(db, 'people.active', [from, nextDay(to)], timeZone))[0] ?? new Map()).n;
  const periods = [
    ...days.map((day) => ({ from: day, to: day })),
    { from: previous.from, to: previous.to },
    { from: range.from, to: range.to },
  ];
  const over = periods.filter((p) => p.to < today);
  const counted = await pastActivePeople(db, timeZone, over);
  const counts = await Promise.all(
    periods.map(async (p) =>
      p.from > today ? 0 : p.to < today ? counted[over.indexOf(p)]! : lastActiveSince(p.from, p.to),
    ),
  );
  return {
    value: counts[days.length + 1]!,
    previous: counts[days.length]!,
    series: days.map((day, i) => ({ day, value: counts[i]! })),
  };
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
 * the workspace's, from the `sessions` rollup its triggers keep (drizzle/0028_overview-rollups.sql), whose
 * SQL reading of a User-Agent a test holds to this file's; anyone else: their own (`sessions_user_idx`),
 * grouped in SQL and read here, so the figure and the sessions list agree on what a device is.
 */
export async function sessionsByDevice(
  db: Db,
  scope: StatsScope,
  range: DateRange,
): Promise<{ current: DeviceSplit; previous: DeviceSplit }> {
  if (scope.isAdmin) {
    // The `sessions` rollup (key: the device, read in SQL as user-agent.ts reads it: atrium_user_agent_device).
    const { current, previous } = await rollupPeriods(db, 'sessions', range);
    const split = (sums: Map<string, { n: number }>) => {
      const devices = noDevices();
      for (const [device, { n }] of sums) devices[device as Device] += n;
      return devices;
    };
    return { current: split(current), previous: split(previous) };
  }
  const mine = sql`${sessions.userId} = ${scope.userId}`;
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
  const days = [range.from, nextDay(range.to)];
  // People: a range that reaches today counts each person at their last sign-in (`people.signin`, key: the
  // country); one that ended before is counted from the sign-ins themselves (`sessions_created_idx`).
  let people: Array<{ country: string; people: number }>;
  if (reachesToday(range)) {
    const [last = new Map()] = await rollupSums(db, 'people.signin', days, range.timeZone, {
      measures: ['n'],
    });
    people = [...last].flatMap(([country, { n }]) => (country && n ? [{ country, people: n }] : []));
  } else {
    people = rowsOf<{ country: string; people: unknown }>(
      await db.execute(
        sql`select u.country, count(distinct s.user_id)::int as people from ${signIns} group by 1`,
      ),
    ).map((row) => ({ country: row.country, people: Number(row.people) }));
  }
  // The sign-ins per device (`sessions.country`, key `device:country`) of the countries that can be in the
  // top: those with as many people as the last place or more (ties go by sign-ins).
  const last = [...people].sort((a, b) => b.people - a.people)[limit - 1]?.people ?? 0;
  const candidates = people.filter((row) => row.people >= last).map((row) => row.country);
  const [byDevice = new Map()] = candidates.length
    ? await rollupSums(db, 'sessions.country', days, range.timeZone, {
        keys: candidates.flatMap((country) => devices.map((device) => `${device}:${country}`)),
        measures: ['n'],
      })
    : [];
  const devicesOf = new Map<string, DeviceSplit>();
  for (const [key, { n }] of byDevice) {
    const at = key.indexOf(':');
    const split = devicesOf.get(key.slice(at + 1)) ?? noDevices();
    split[key.slice(0, at) as Device] += n;
    devicesOf.set(key.slice(at + 1), split);
  }
  const total = (split: DeviceSplit | undefined) =>
    split ? split.desktop + split.mobile + split.tablet + split.other : 0;
  return people
    .filter((row) => row.people >= last)
    .map((row) => ({ ...row, devices: devicesOf.get(row.country) ?? noDevices() }))
    .sort(
      (a, b) =>
        b.people - a.people ||
        total(b.devices) - total(a.devices) ||
        (a.country < b.country ? -1 : a.country > b.country ? 1 : 0),
    )
    .slice(0, limit);
}
