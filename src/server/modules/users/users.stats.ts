/** Account figures for the overview dashboards (ADR 036): read-only, over a date range. */
import { sql, type SQL } from 'drizzle-orm';

import type { TrendFigure } from '#shared/contract/overview.ts';

import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import {
  countTrend,
  fillMonths,
  inRange,
  monthIn,
  previousPeriod,
  rowsOf,
  yearRange,
  type DateRange,
  type StatsScope,
} from '../../lib/date-range.ts';

/**
 * New accounts, administrators only (undefined for anyone else): accounts created in the period, whatever
 * their status now, by the viewer's day (`users_created_at_idx`).
 */
export async function newAccounts(
  db: Db,
  scope: StatsScope,
  range: DateRange,
): Promise<TrendFigure | undefined> {
  return scope.isAdmin ? countTrend(db, range, { table: users, at: users.createdAt }) : undefined;
}

/** How many of `total` accounts have something (`part`), in the period and in the previous one. */
export interface RateFigure {
  part: number;
  total: number;
  previousPart: number;
  previousTotal: number;
}

/** Of the accounts created in the period (and in the previous one), how many match `condition` now. */
async function shareOfNewAccounts(db: Db, range: DateRange, condition: SQL) {
  const count = async (r: DateRange) => {
    const [row] = rowsOf<{ part: unknown; total: unknown }>(
      await db.execute(sql`select count(*) filter (where ${condition})::int as part, count(*)::int as total
        from ${users} where ${inRange(users.createdAt, r)}`),
    );
    return { part: Number(row?.part ?? 0), total: Number(row?.total ?? 0) };
  };
  const [current, previous] = await Promise.all([count(range), count(previousPeriod(range))]);
  return { ...current, previousPart: previous.part, previousTotal: previous.total };
}

/**
 * The verified-email rate, administrators only (undefined for anyone else): of the accounts created in the
 * period (the new accounts figure), how many have verified their address by now. A cohort of new accounts
 * rather than every account, because verification has no date of its own and the range must mean
 * something; `users_created_at_idx` serves it.
 */
export async function verifiedEmails(
  db: Db,
  scope: StatsScope,
  range: DateRange,
): Promise<RateFigure | undefined> {
  return scope.isAdmin ? shareOfNewAccounts(db, range, sql`${users.emailVerified}`) : undefined;
}

/**
 * What makes a profile complete (the profile-completion rate, and the widget's tooltip): a picture, a phone
 * number, a country, a city and a few words about oneself, besides the name every account has. The other
 * fields (state, address, postal code, company, cover, social links) are optional for everyone.
 */
export const COMPLETE_PROFILE = sql`(${users.avatarUrl} is not null and ${users.phone} <> ''
  and ${users.country} <> '' and ${users.city} <> '' and ${users.about} <> '')`;

/**
 * The profile-completion rate, administrators only (undefined for anyone else): of the accounts created in
 * the period, how many have a complete profile now (`COMPLETE_PROFILE`).
 */
export async function completeProfiles(
  db: Db,
  scope: StatsScope,
  range: DateRange,
): Promise<RateFigure | undefined> {
  return scope.isAdmin ? shareOfNewAccounts(db, range, COMPLETE_PROFILE) : undefined;
}

/** One line of the accounts-by-country chart: a country, the other countries together, or no country. */
export interface CountrySeries {
  kind: 'country' | 'other' | 'unknown';
  /** The country as people wrote it on their profile ('' for `other` and `unknown`). */
  country: string;
  /** New accounts in each month of the year, January first. */
  months: number[];
}

/**
 * New accounts per month of `year` (the viewer's months) by profile country, administrators only
 * (undefined for anyone else): the `limit` countries with the most new accounts that year, each on its
 * own line (most first, ties by name), then the other countries together and the accounts without a
 * country, each only when it has any (`users_created_at_idx`). The country is the one on the profile now.
 */
export async function accountsByCountry(
  db: Db,
  scope: StatsScope,
  year: number,
  timeZone: string,
  limit = 5,
): Promise<{ year: number; series: CountrySeries[] } | undefined> {
  if (!scope.isAdmin) return undefined;
  const rows = rowsOf<{ country: string; month: unknown; value: unknown }>(
    await db.execute(sql`select ${users.country} as country, ${monthIn(users.createdAt, timeZone)} as month,
        count(*)::int as value
      from ${users} where ${inRange(users.createdAt, yearRange(year, timeZone))} group by 1, 2`),
  );
  const totals = new Map<string, number>();
  for (const row of rows) {
    if (row.country) totals.set(row.country, (totals.get(row.country) ?? 0) + Number(row.value));
  }
  const top = [...totals]
    .sort(([a, m], [b, n]) => n - m || (a < b ? -1 : a > b ? 1 : 0))
    .slice(0, limit)
    .map(([country]) => country);
  const topSet = new Set(top);
  const series: CountrySeries[] = top.map((country) => ({
    kind: 'country',
    country,
    months: fillMonths(rows.filter((row) => row.country === country)),
  }));
  const other = rows.filter((row) => row.country && !topSet.has(row.country));
  const unknown = rows.filter((row) => !row.country);
  if (other.length) series.push({ kind: 'other', country: '', months: fillMonths(other) });
  if (unknown.length) series.push({ kind: 'unknown', country: '', months: fillMonths(unknown) });
  return { year, series };
}
